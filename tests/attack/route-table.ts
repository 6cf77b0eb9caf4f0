/**
 * The route table of the Express app, read from its router stack (Express 5 / router 2): every
 * method + full path, so the cross-cutting attack tests cover routes added later without a list
 * to maintain.
 */
import type { Express } from 'express';

export type RouteEntry = { method: string; path: string };

type Layer = {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
};

function joinPath(prefix: string, segment: unknown): string[] {
  const segments = Array.isArray(segment) ? segment : [segment ?? ''];
  return segments
    .filter((s): s is string => typeof s === 'string')
    .map((s) => `${prefix}${s === '/' ? '' : s}`.replace(/\/{2,}/g, '/'));
}

function walk(stack: Layer[], prefix: string, out: RouteEntry[]): void {
  for (const layer of stack) {
    if (layer.route) {
      for (const path of joinPath(prefix, layer.route.path)) {
        for (const [method, enabled] of Object.entries(layer.route.methods)) {
          if (enabled && method !== '_all') out.push({ method: method.toUpperCase(), path: path || '/' });
        }
      }
    } else if (layer.handle?.stack) {
      for (const path of joinPath(prefix, layer.rawPath ?? '')) walk(layer.handle.stack, path, out);
    }
  }
}

/** Every route of the app, deduplicated, in declaration order. */
export function routeTable(app: Express): RouteEntry[] {
  const router = (app as unknown as { router: { stack: Layer[] } }).router;
  const out: RouteEntry[] = [];
  walk(router.stack, '', out);
  const seen = new Set<string>();
  return out.filter((r) => {
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
