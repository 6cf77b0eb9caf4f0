// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootstrapScript } from './bootstrap';
import { startIslands } from './live';

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A page as the server sends it: an island that hydrates at once, one that waits for the visitor. */
function page() {
  document.body.innerHTML = `
    <div data-island="site-header" data-island-props="{}" data-island-wake="interaction"><button id="menu">Menu</button></div>
    <div data-island="contact-form" data-island-props="{}"><button id="send">Envoyer</button></div>
    <div data-island="newsletter-form" data-island-props="{}" data-island-wake="interaction"><input id="email"></div>`;
  // The inline bootstrap, without its loading of the entry (the test starts the islands itself).
  new Function(
    bootstrapScript({ entry: '/entry.js', preload: [] }).replace(
      /function go\(\)\{/,
      'function go(){return;',
    ),
  )();
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('the islands of a public page', () => {
  // In this order: the bootstrap's listeners stay on the document from one test to the next.
  it('holds a tap made in an island not yet hydrated, and carries it out once it is', async () => {
    page();
    const clicks: string[] = [];
    const header = Promise.withResolvers<void>();
    await startIslands(async (element) => {
      if (element.dataset.island !== 'site-header') return;
      await header.promise;
      element.querySelector('button')?.addEventListener('click', () => clicks.push('menu opened'));
    }, tick);

    const menu = document.getElementById('menu') as HTMLButtonElement;
    const tap = new MouseEvent('click', { bubbles: true, cancelable: true });
    menu.dispatchEvent(tap);
    // Held: nothing answers it yet, and the browser does nothing with it.
    expect(tap.defaultPrevented).toBe(true);
    expect(clicks).toEqual([]);

    header.resolve();
    await vi.waitFor(() => expect(clicks).toEqual(['menu opened']));
    // Live: the next tap goes straight to the island.
    menu.click();
    expect(clicks).toEqual(['menu opened', 'menu opened']);
  });

  it('hydrates at once only the islands that wait for nothing, the others when the visitor turns to them', async () => {
    page();
    const hydrated: string[] = [];
    await startIslands(async (element) => {
      hydrated.push(element.dataset.island ?? '');
    }, tick);
    expect(hydrated).toEqual(['contact-form']);

    document.getElementById('email')?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await vi.waitFor(() => expect(hydrated).toEqual(['contact-form', 'newsletter-form']));
  });
});
