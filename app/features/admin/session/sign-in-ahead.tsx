/**
 * What the login screen prepares for the screen it leads to, so that a phone on a slow network
 * shows it soon after the click (docs/decisions/030-public-islands.md, "The back-office on a
 * phone"):
 * - once the login screen is idle, the screen's code: a hidden link to it lets React Router
 *   discover its route (in the batched request it makes for the page's links anyway), and its
 *   `prefetch="render"` modulepreloads the route modules and everything they import, so that the
 *   navigation after the sign-in waits for no chain of imports;
 * - as soon as the password is accepted, the screen's first data, fetched while its code starts
 *   instead of after its first render.
 */
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { whenIdle } from '~/lib/idle';

/** The first-data queries: loaded with the screen's code, not in the login screen's first load. */
const loadFirstData = () => import('../data/first-data');

/** Fetches the first data of the screen at `to` (an admin path, with its search) into the cache. */
export function prefetchFirstData(client: QueryClient, to: string) {
  loadFirstData().then(
    ({ prefetchFirstData }) => prefetchFirstData(client, to),
    () => {}, // Offline: the screen fetches its data itself, and says so.
  );
}

/** The hidden link that has the code of the screen at `to` loaded once the login screen is idle. */
export function PreloadScreen({ to }: { to: string }) {
  const [idle, setIdle] = useState(false);
  useEffect(
    () =>
      whenIdle(() => {
        setIdle(true);
        loadFirstData().catch(() => {});
      }),
    [],
  );
  if (!idle) return null;
  return <Link to={to} prefetch="render" hidden tabIndex={-1} aria-hidden="true" />;
}
