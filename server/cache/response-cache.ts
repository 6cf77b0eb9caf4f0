/**
 * The public site's response cache (docs/decisions/031-response-cache.md).
 *
 * A public GET page or public API answer is made once, then served as it was made (headers and
 * all, Brotli and gzip compressed once) to every visitor until the content it shows changes. Each
 * answer keeps the content tables it was made from (server/content/content-reads.ts); a change to
 * one of them, made by any instance, reaches every instance through the event bus
 * (`content.changed`, migration 0006) and drops exactly the answers that showed it. Answers carry
 * an ETag and a matching If-None-Match gets a 304.
 *
 * Never cached: anything but a 200 to a GET, an answer that sets a cookie or says `no-store` or
 * `private`, and whatever the caller does not offer (the back-office and personal pages, see
 * isSharedPage, and the non-public API). An answer being made while a change arrives is sent but not kept, since it may
 * show the content from before. When the event bus (re)connects, whatever it may have missed is
 * dropped with the whole cache; a time to live bounds the rest.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import Negotiator from 'negotiator';
import { isAdminPath } from '#common/paths.ts';
import { type ContentTable, logReads } from '../content/content-reads.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Headers of the moment or of one connection, never kept with an answer. */
const UNKEPT_HEADERS = new Set([
  'connection',
  'content-encoding',
  'content-length',
  'date',
  'etag',
  'keep-alive',
  'set-cookie',
  'transfer-encoding',
  'vary',
  'x-cache',
]);
const ENCODINGS = ['br', 'gzip', 'identity'];

/**
 * Query parameters that only tell analytics where a visitor came from: no page reads them, and
 * Facebook (fbclid) or a campaign (utm_*) gives every click its own value, which would make every
 * visit from a shared link a miss.
 */
const TRACKING_PARAMETER = /^(utm_[a-z_]+|fbclid|gclid|dclid|msclkid|igshid|mc_cid|mc_eid|_ga)$/i;

/** The key an answer is kept under: its path and query, without tracking parameters. */
export function cacheKey(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const params = new URLSearchParams(url.slice(mark + 1));
  for (const name of [...params.keys()]) if (TRACKING_PARAMETER.test(name)) params.delete(name);
  const query = params.toString();
  return query ? `${url.slice(0, mark)}?${query}` : url.slice(0, mark);
}

/**
 * The path React Router routes an address to, or a path that routes to at least as much: dot
 * segments resolved as the request's URL resolves them, percent-decoding undone, the single-fetch
 * suffix (`/admin.data`, `/admin/_.data`) dropped, repeated slashes merged, and in lower case, since
 * routes match whatever the letters' case.
 */
export function routedPath(url: string): string {
  let pathname: string;
  try {
    // As server/http/page-handler.ts builds the request's URL: `//admin` stays a path.
    pathname = new URL(`http://localhost${url.startsWith('/') ? '' : '/'}${url}`).pathname;
  } catch {
    pathname = url.split('?')[0] ?? '';
  }
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A stray `%`: React Router would not decode it either.
  }
  const path = decoded
    .replace(/\/_\.data$/, '/')
    .replace(/\.data$/, '')
    .replace(/\/{2,}/g, '/')
    .toLowerCase();
  return path.startsWith('/') ? path : `/${path}`;
}

/**
 * Documents whose answer is the same for every visitor, and so may be kept: not the back-office,
 * the personal newsletter pages (confirm, manage, unsubscribe), a draft's preview nor a lead's call
 * page (their links carry a token: decisions 070 and 077), however their address is written
 * (`/Admin`, `/%61dmin`, `/admin.data`...).
 */
export function isSharedPage(url: string): boolean {
  const path = routedPath(url);
  return !(
    isAdminPath(path) ||
    /^\/newsletter\/(confirm|manage|unsubscribe)\/*$/.test(path) ||
    /^\/(apercu|appel-decouverte)\/*$/.test(path)
  );
}

/** An answer as made, before it is sent. */
export type MadeAnswer = { status: number; headers: OutgoingHttpHeaders; body: Buffer };

type Entry = {
  headers: [string, string | string[]][];
  etag: string;
  bodies: Record<'identity' | 'br' | 'gzip', Buffer>;
  tables: ReadonlySet<ContentTable>;
  expiresAt: number;
  size: number;
};

export type ResponseCacheOptions = {
  /** The most bytes kept, all encodings counted; the least recently served answers go first. */
  maxBytes?: number;
  /** A kept answer is made again after this long, whatever happened. */
  ttlMs?: number;
  now?: () => number;
};

export type ResponseCacheStats = { entries: number; bytes: number; hits: number; misses: number };
export type ResponseCache = ReturnType<typeof createResponseCache>;

function headerValue(value: string | number | readonly string[] | undefined): string | string[] | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? [...value] : String(value);
}

/** What makes an answer personal or uncacheable. */
function keepable(answer: MadeAnswer): boolean {
  if (answer.status !== 200 || answer.headers['set-cookie'] !== undefined) return false;
  return !/\b(no-store|private)\b/i.test(String(answer.headers['cache-control'] ?? ''));
}

const etagOf = (body: Buffer) => `W/"${createHash('sha1').update(body).digest('base64url')}"`;

/** True when If-None-Match names this ETag (weak comparison, RFC 9110 13.1.2). */
function matches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/** Sets the ETag; answers 304 (true) when the client already has this version. */
function notModified(req: IncomingMessage, res: ServerResponse, etag: string): boolean {
  res.setHeader('ETag', etag);
  const ifNoneMatch = req.headers['if-none-match'];
  if (!ifNoneMatch || !matches(ifNoneMatch, etag)) return false;
  res.statusCode = 304;
  for (const name of ['content-type', 'content-length']) res.removeHeader(name);
  res.end();
  return true;
}

/** The kept answers, least recently served first (a Map keeps insertion order; a hit moves its key last). */
type Store = {
  entries: Map<string, Entry>;
  byTable: Map<ContentTable, Set<string>>;
  bytes: number;
  maxBytes: number;
  now: () => number;
};

function forget(store: Store, key: string) {
  const entry = store.entries.get(key);
  if (!entry) return;
  store.entries.delete(key);
  store.bytes -= entry.size;
  for (const table of entry.tables) store.byTable.get(table)?.delete(key);
}

/** The kept answer for this key, now the most recently served; none once it has expired. */
function lookup(store: Store, key: string): Entry | undefined {
  const entry = store.entries.get(key);
  if (!entry) return undefined;
  if (entry.expiresAt <= store.now()) {
    forget(store, key);
    return undefined;
  }
  store.entries.delete(key);
  store.entries.set(key, entry);
  return entry;
}

/** An answer ready to be kept: its headers, ETag and its three encodings (its expiry is the cache's). */
async function entryOf(answer: MadeAnswer, tables: Set<ContentTable>): Promise<Omit<Entry, 'expiresAt'>> {
  const [br, gz] = await Promise.all([
    brotli(answer.body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: answer.body.length,
      },
    }),
    gzip(answer.body, { level: 9 }),
  ]);
  return {
    headers: Object.entries(answer.headers)
      .filter(([name]) => !UNKEPT_HEADERS.has(name.toLowerCase()))
      .flatMap(([name, value]) => {
        const kept = headerValue(value);
        return kept === undefined ? [] : [[name, kept] as [string, string | string[]]];
      }),
    etag: etagOf(answer.body),
    bodies: { identity: answer.body, br, gzip: gz },
    tables,
    size: answer.body.length + br.length + gz.length,
  };
}

/** Keeps an entry under its key, then lets the least recently served go past the size limit. */
function admit(store: Store, key: string, entry: Entry) {
  forget(store, key);
  store.entries.set(key, entry);
  store.bytes += entry.size;
  for (const table of entry.tables) {
    const keys = store.byTable.get(table) ?? new Set<string>();
    keys.add(key);
    store.byTable.set(table, keys);
  }
  for (const oldest of store.entries.keys()) {
    if (store.bytes <= store.maxBytes) break;
    forget(store, oldest);
  }
}

/**
 * Writes a kept answer: a 304 when the client has it, else the best encoding it accepts.
 * `X-Cache` says whether it was kept before this request (hit) or made for it (miss).
 */
function sendEntry(req: IncomingMessage, res: ServerResponse, entry: Entry, state: 'hit' | 'miss') {
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  res.setHeader('X-Cache', state);
  res.setHeader('Vary', 'Accept-Encoding');
  if (notModified(req, res, entry.etag)) return;
  const encoding = (new Negotiator(req).encoding(ENCODINGS) ?? 'identity') as keyof Entry['bodies'];
  const body = entry.bodies[encoding];
  res.statusCode = 200;
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Writes an answer made for this request only. A shareable one (not kept: the cache is off or a
 * change arrived meanwhile) still gets its ETag and 304, as a kept one would; the compression
 * middleware compresses it.
 */
function sendUnkept(req: IncomingMessage, res: ServerResponse, answer: MadeAnswer) {
  res.statusCode = answer.status;
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value !== undefined) res.setHeader(name, value);
  }
  if (keepable(answer) && notModified(req, res, etagOf(answer.body))) return;
  res.end(req.method === 'HEAD' ? undefined : answer.body);
}

export function createResponseCache(options: ResponseCacheOptions = {}) {
  const ttlMs = options.ttlMs ?? 10 * 60_000;
  const store: Store = {
    entries: new Map(),
    byTable: new Map(),
    bytes: 0,
    maxBytes: options.maxBytes ?? 64 * 1024 * 1024,
    now: options.now ?? Date.now,
  };
  /** Answers being made, so that a burst of requests for one page renders it once. */
  const making = new Map<string, Promise<Entry | undefined>>();
  /** Counts changes: an answer made while it moved may show older content, and is not kept. */
  let generation = 0;
  let hits = 0;
  let misses = 0;
  /** Off until the owner says changes reach it (the event bus listens), and whenever they cannot. */
  let active = false;

  async function keep(key: string, answer: MadeAnswer, tables: Set<ContentTable>, since: number) {
    const entry = { ...(await entryOf(answer, tables)), expiresAt: store.now() + ttlMs };
    // A change arrived while this answer was made or compressed: it may predate it.
    if (active && since === generation && entry.size <= store.maxBytes / 8) admit(store, key, entry);
    return entry;
  }

  /**
   * Serves the kept answer for this key when there is one (true), for a GET or a HEAD.
   * Nothing is written otherwise.
   */
  function serveKept(req: IncomingMessage, res: ServerResponse, key: string): boolean {
    if (!active || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const entry = lookup(store, key);
    if (!entry) return false;
    hits++;
    sendEntry(req, res, entry, 'hit');
    return true;
  }

  function clear() {
    generation++;
    for (const key of [...store.entries.keys()]) forget(store, key);
  }

  return {
    serveKept,

    /**
     * Answers a GET from the cache, or makes the answer (`make`, its content reads noted) and
     * keeps it when it may be shared. Several requests for an answer being made wait for it. An
     * answer that may not be shared is sent to its own request only; the others make their own.
     */
    async serve(
      req: IncomingMessage,
      res: ServerResponse,
      key: string,
      make: () => Promise<MadeAnswer>,
    ): Promise<void> {
      if (serveKept(req, res, key)) return;
      const pending = making.get(key);
      if (pending) {
        // Its maker's failure is its own: this request then makes its answer itself.
        const made = await pending.catch(() => undefined);
        if (made) {
          hits++;
          sendEntry(req, res, made, 'hit');
          return;
        }
      }
      misses++;
      const since = generation;
      let answer: MadeAnswer | undefined;
      const job = (async () => {
        const { value, tables } = await logReads(make);
        answer = value;
        return active && req.method === 'GET' && keepable(value)
          ? keep(key, value, tables, since)
          : undefined;
      })();
      if (!pending) making.set(key, job);
      try {
        const entry = await job;
        if (entry) {
          sendEntry(req, res, entry, 'miss');
        } else if (answer) {
          sendUnkept(req, res, answer);
        }
      } finally {
        if (making.get(key) === job) making.delete(key);
      }
    },

    /** Drops every answer made from these tables. */
    invalidate(tables: Iterable<ContentTable>) {
      generation++;
      for (const table of tables) {
        for (const key of [...(store.byTable.get(table) ?? [])]) forget(store, key);
      }
    },

    /** Drops everything. */
    clear,

    /**
     * Whether changes reach the cache (the event bus listens). Turned on, it starts empty; off, it
     * drops everything and keeps nothing.
     */
    setActive(on: boolean) {
      clear();
      active = on;
    },

    stats(): ResponseCacheStats {
      return { entries: store.entries.size, bytes: store.bytes, hits, misses };
    },
  };
}
