import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { IslandRendererContext, island } from '~/lib/island';
import { createIslandRenderer } from './render.server';

let renders = 0;
function Greeting({ name }: { name: string }) {
  renders++;
  return <p>Bonjour {name}</p>;
}
const Shared = island('test-shared', Greeting);
const Personal = island('test-personal', Greeting, { personal: true });

/** One response's document, rendered with a fresh renderer as entry.server.tsx does. */
function page(children: React.ReactNode, keep = true): string {
  return renderToString(
    <IslandRendererContext value={createIslandRenderer({ keep })}>{children}</IslandRendererContext>,
  );
}

describe('islands rendered on the server', () => {
  it('renders an island with the same props once, and gives every page the same HTML', () => {
    renders = 0;
    const first = page(<Shared name="Kinshasa" />);
    const second = page(<Shared name="Kinshasa" />);
    expect(second).toBe(first);
    expect(first).toContain('Bonjour <!-- -->Kinshasa');
    expect(renders).toBe(1);
    // Other props are another island's HTML.
    expect(page(<Shared name="Lubumbashi" />)).toContain('Lubumbashi');
    expect(renders).toBe(2);
  });

  it('renders a personal island for each request: a visitor never gets another’s data', () => {
    renders = 0;
    expect(page(<Personal name="Awa" />)).toContain('Awa');
    expect(page(<Personal name="Awa" />)).toContain('Awa');
    expect(page(<Personal name="Grace" />)).toContain('Grace');
    expect(renders).toBe(3);
  });

  it('numbers the islands of a page in order, each with its own prefix, kept or not', () => {
    for (const keep of [true, false]) {
      const html = page(
        <>
          <Shared name="A" />
          <Shared name="A" />
        </>,
        keep,
      );
      expect(html).toContain('data-island-prefix="test-shared-0-"');
      expect(html).toContain('data-island-prefix="test-shared-1-"');
    }
  });

  it('renders every time when told not to keep (development)', () => {
    renders = 0;
    page(<Shared name="Dev" />, false);
    page(<Shared name="Dev" />, false);
    expect(renders).toBe(2);
  });
});
