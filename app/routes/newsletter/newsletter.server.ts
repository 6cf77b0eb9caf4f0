/**
 * What the newsletter pages' loaders and actions use of the server. A `.server` module: React
 * Router refuses to build a browser bundle that reaches it, and `npm run lint` lets `app/` reach
 * `server/` and `db/` only through such modules (biome.json, noRestrictedImports).
 */
import type { RouterContextProvider } from 'react-router';
import { inspectToken, type TokenType } from '#server/newsletter/tokens.ts';
import { appContext } from '~/context.server';

export { HttpError } from '#server/errors.ts';
export { newsletterFromDeps } from '#server/newsletter/newsletter.ts';
export type { TokenState } from '#server/newsletter/tokens.ts';

/** The `token` of a personal link's address, and what it is worth for these uses (nothing changes). */
export async function inspectLinkToken(
  request: Request,
  context: Readonly<RouterContextProvider>,
  types: readonly TokenType[],
) {
  const token = new URL(request.url).searchParams.get('token');
  const { database } = context.get(appContext);
  return { token, ...(await inspectToken(database.db, token, types, new Date())) };
}
