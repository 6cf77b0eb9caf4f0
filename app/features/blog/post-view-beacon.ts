/**
 * A post's view, counted once per post per browser session, by the public pages' entry once the
 * page is live (app/islands/live.ts): crawlers and link previews that only fetch the HTML never
 * count, and a reload or a back-and-forth does not count twice. Framework-free: a post page loads
 * no framework for it (decision 030). The post renders the marker (record-view.tsx).
 */
export const POST_VIEW_ATTRIBUTE = 'data-post-view';

export function recordPostViews(root: ParentNode = document) {
  for (const marker of root.querySelectorAll(`[${POST_VIEW_ATTRIBUTE}]`)) {
    const slug = marker.getAttribute(POST_VIEW_ATTRIBUTE);
    if (slug) recordPostView(slug);
  }
}

export function recordPostView(slug: string) {
  const key = `viewed:${slug}`;
  try {
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, '1');
  } catch {
    // Storage refused (privacy settings): count this view anyway, without deduplication.
  }
  const url = `/api/blog/${encodeURIComponent(slug)}/views`;
  // sendBeacon survives the reader leaving the page at once; fetch+keepalive where it is missing.
  const queued = typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url);
  if (!queued) fetch(url, { method: 'POST', keepalive: true }).catch(() => {});
}
