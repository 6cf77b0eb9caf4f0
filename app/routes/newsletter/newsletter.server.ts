/**
 * What the newsletter pages' loaders and actions use of the server. A `.server` module: React
 * Router refuses to build a browser bundle that reaches it, and `npm run lint` lets `app/` reach
 * `server/` and `db/` only through such modules (biome.json, noRestrictedImports).
 */
export { HttpError } from '#server/errors.ts';
export { newsletterFromDeps } from '#server/newsletter/newsletter.ts';
export { inspectToken, type TokenState } from '#server/newsletter/tokens.ts';
