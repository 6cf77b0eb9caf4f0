/**
 * Where /offline?from=… may send a visitor back to: a page of this site only. `from` is resolved
 * against the site's origin the way a browser would (`/\evil.example`, `/\t/evil.example` and
 * `https:evil.example` all name another host), and anything that lands on another origin is
 * refused. The answer is an absolute URL on the site's own origin, or null.
 */
export function sameOriginTarget(from: string | null, origin: string): string | null {
  if (!from) return null;
  let target: URL;
  try {
    target = new URL(from, origin);
  } catch {
    return null;
  }
  if (target.origin !== origin) return null;
  return new URL(target.pathname + target.search + target.hash, origin).href;
}
