/**
 * Islands (docs/decisions/030-public-islands.md): public pages are server-rendered HTML that never
 * loads React Router on the client; only the interactive parts (the header's drawer, the forms,
 * the lead modals' host, the PWA overlays) are hydrated, each on its own React root, by
 * app/islands/hydrate.tsx.
 *
 * `island(name, Component)` makes a component an island: the server renders it inside a wrapper
 * (`display: contents`, so it adds no box) that names it and carries its props as JSON; the
 * client finds the wrapper and hydrates the same component with the same props into it. Props
 * must therefore be plain JSON (strings, numbers, booleans, arrays, objects).
 *
 * On the server each island is rendered as a tree of its own (IslandRenderer, made by
 * app/islands/render.server.ts) with an identifier prefix of its own, which the client's root reuses: the
 * ids React generates (useId: labels, descriptions) are the same on both sides, and never collide
 * between two islands of a page.
 * The name must be in app/islands/registry.ts (a unit test checks both lists agree).
 *
 * `wake` (island-attributes.ts): an island that only matters once the visitor acts on it, or once
 * something happens (offline, installed, a modal asked for), is hydrated then, not when the page
 * is idle: a page whose islands all wait loads no framework at all until then (decision 030).
 *
 * An island's HTML depends only on its props and its prefix (it sees no context of the page), so
 * the server keeps it and renders the same island with the same props once (render.server.ts):
 * the header, the footer form and the PWA overlays are on every page. An island whose props carry
 * a visitor's own data is declared `personal` and rendered every time, never kept.
 */
import { type ComponentType, createContext, type ReactElement, use } from 'react';
import {
  ISLAND_ATTRIBUTE,
  ISLAND_PREFIX_ATTRIBUTE,
  ISLAND_PROPS_ATTRIBUTE,
  ISLAND_WAKE_ATTRIBUTE,
  type IslandWake,
} from './island-attributes';

export { ISLAND_ATTRIBUTE, ISLAND_PREFIX_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE };

/**
 * How the server renders an island's own tree; one per response (its islands are numbered).
 * `memoKey` names the rendered HTML when it may be reused for the same key; null when it may not.
 */
export type IslandRenderer = {
  render: (island: ReactElement, identifierPrefix: string, memoKey: string | null) => string;
  next: () => number;
};
export const IslandRendererContext = createContext<IslandRenderer | null>(null);

export function island<P extends object>(
  name: string,
  Component: ComponentType<P>,
  { personal = false, wake = [] }: { personal?: boolean; wake?: IslandWake[] } = {},
): ComponentType<P> {
  function Island(props: P) {
    const renderer = use(IslandRendererContext);
    const json = JSON.stringify(props);
    const attributes = {
      [ISLAND_ATTRIBUTE]: name,
      [ISLAND_PROPS_ATTRIBUTE]: json,
      ...(wake.length ? { [ISLAND_WAKE_ATTRIBUTE]: wake.join(' ') } : {}),
    };
    // Rendered in the browser by the back-office's router (a client-side link to a public page):
    // a plain part of that tree, never hydrated on its own.
    if (!renderer) {
      return (
        <div className="contents" {...attributes}>
          <Component {...props} />
        </div>
      );
    }
    const prefix = `${name}-${renderer.next()}-`;
    return (
      <div
        className="contents"
        {...attributes}
        {...{ [ISLAND_PREFIX_ATTRIBUTE]: prefix }}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own server rendering of the island.
        dangerouslySetInnerHTML={{
          __html: renderer.render(<Component {...props} />, prefix, personal ? null : `${prefix}${json}`),
        }}
      />
    );
  }
  Island.displayName = `Island(${name})`;
  return Island;
}
