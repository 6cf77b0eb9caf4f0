/**
 * How the server renders the islands of one response (app/lib/island.tsx): each island is a React
 * tree of its own, numbered in document order, with an identifier prefix of its own.
 *
 * An island's HTML is a pure function of its props and prefix (it sees no context of the page),
 * so it is rendered once per process and kept: the header, the footer form and the PWA overlays
 * are on every page. Islands declared `personal` (their props are a visitor's own data) are
 * rendered for each request and never kept; nor is anything in development, where components
 * change under a running server.
 */
import { renderToString } from 'react-dom/server';
import type { IslandRenderer } from '~/lib/island';

const rendered = new Map<string, string>();
/** A header per public path, a few forms: bounded all the same, and emptied when full. */
const RENDERED_MAX = 1_000;

/** `keep: false` renders every island each time (development). */
export function createIslandRenderer({ keep }: { keep: boolean }): IslandRenderer {
  let islands = 0;
  return {
    render(island, identifierPrefix, memoKey) {
      if (memoKey === null || !keep) return renderToString(island, { identifierPrefix });
      let html = rendered.get(memoKey);
      if (html === undefined) {
        html = renderToString(island, { identifierPrefix });
        if (rendered.size >= RENDERED_MAX) rendered.clear();
        rendered.set(memoKey, html);
      }
      return html;
    },
    next: () => islands++,
  };
}
