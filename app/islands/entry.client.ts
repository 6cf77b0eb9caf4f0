/**
 * The client entry of public pages (docs/decisions/030-public-islands.md), imported by the
 * bootstrap (bootstrap.ts) once the page is idle or at the visitor's first interaction. It is
 * framework-free (the build fails if React reaches its first chunks, vite.config.ts): the page's
 * behaviour that needs no island runs at once (live.ts), and React comes with the first island
 * that needs it, in a task of its own, the islands then hydrating one after the other with a
 * pause between two: no step holds the main thread long (Total Blocking Time, decision 030).
 * Once idle, the page also loads the PWA runtime, fetches the startup prefetches and records
 * itself in the tab's visit (the audience beacon, decision 084).
 */
import { startAudience } from '~/lib/audience/start';
import { whenIdle } from '~/lib/idle';
import { startupPrefetch } from '~/lib/startup-prefetch';
import { laterChunks } from './bootstrap';
import { startIslands } from './live';

/** Hands the main thread back to the browser: `scheduler.yield` where it exists (it keeps our place in line). */
const yieldToMain = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
};

let react: Promise<typeof import('./hydrate')> | undefined;
/** React and the islands' code, loaded by the first island that needs them, in tasks of their own. */
const hydrate = async (element: HTMLElement) => {
  react ??= (async () => {
    // React DOM's code runs on its first import (about 130 ms at 4x slowdown), then the islands'
    // chunk (their components, the class merger): each in a task of its own.
    await import('react-dom/client');
    await yieldToMain();
    const module = await import('./hydrate');
    await yieldToMain();
    return module;
  })();
  const { hydrateIsland } = await react;
  await hydrateIsland(element, yieldToMain);
};

/**
 * The page's start, each step in a task of its own after the chunk's evaluation: on a slow phone
 * the chunk, the visit's record and the islands' start together made one long task.
 */
const start = async () => {
  await yieldToMain();
  startAudience();
  startupPrefetch('site');
  await yieldToMain();
  await Promise.all([startIslands(hydrate, yieldToMain), fetchLater()]);
};

whenIdle(() => {
  import('~/features/pwa/pwa-runtime.ts')
    .then(({ startPwa }) => startPwa())
    .catch((error) => console.warn('PWA start failed', error));
});
/**
 * React and the islands' code put in the HTTP cache (prefetch: neither compiled nor run, unlike a
 * modulepreload, which cost as much main-thread time as running them on the simulated phone): an
 * island woken when the connection drops finds them, even before the service worker has
 * precached them.
 */
const fetchLater = () =>
  Promise.all(
    laterChunks().map(
      (href) =>
        new Promise<void>((resolve) => {
          const link = Object.assign(document.createElement('link'), { rel: 'prefetch', href });
          link.addEventListener('load', () => resolve());
          link.addEventListener('error', () => resolve());
          document.head.append(link);
        }),
    ),
  );

start()
  .catch((error) => console.error('The page could not start its islands', error))
  .finally(() => {
    // For whoever needs to know the page is live (the end-to-end tests among them): every island
    // that hydrates at once has, and the others hydrate the moment they are needed.
    document.documentElement.dataset.islands = 'hydrated';
  });
