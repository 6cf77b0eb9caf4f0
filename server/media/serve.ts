import { pipeline } from 'node:stream/promises';
import type { RequestHandler, Response } from 'express';
import { MEDIA_FILE_NAME_PATTERN } from '#common/schemas/media.ts';
import type { AppDeps } from '../app-deps.ts';
import { fileReadAllowed } from '../http/methods.ts';

/** A year: a stored name never gets other content (a new upload gets a new uuid). */
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
/** An image opened as a page runs nothing and cannot be framed. */
const MEDIA_CSP = "default-src 'none'; sandbox; frame-ancestors 'none'";

/**
 * Serves uploaded images under /media, from the media store (a folder or an S3 bucket, streamed
 * through this server either way: same origin, same headers; docs/decisions/100-media-on-s3.md).
 * Only names the server generates (`<uuid>.<width>.webp`, matched on the raw path, so `..`,
 * `%2e%2e`, `%2f` or an absolute path never match) are looked up; everything else is a 404. Every
 * answer is `image/webp` with nosniff, and a sandboxing CSP in case the file is opened as a page.
 * A store that cannot answer (the bucket unreachable) gives a 503 that no cache keeps. Mounted
 * before the request log: images are not events.
 */
export function mediaFiles(deps: Pick<AppDeps, 'media' | 'logger'>): RequestHandler {
  return async (req, res) => {
    if (!fileReadAllowed(req, res)) return;
    const name = req.path.startsWith('/') ? req.path.slice(1) : req.path;
    if (!MEDIA_FILE_NAME_PATTERN.test(name)) {
      refuse(res, 404, 'Image introuvable.');
      return;
    }
    try {
      if (req.method === 'HEAD') {
        const size = await deps.media.size(name);
        if (size === null) refuse(res, 404, 'Image introuvable.');
        else found(res, size).end();
        return;
      }
      const file = await deps.media.open(name);
      if (!file) {
        refuse(res, 404, 'Image introuvable.');
        return;
      }
      found(res, file.size);
      await pipeline(file.body, res);
    } catch (error) {
      // Once the bytes have started, the visitor left or the store broke off: nothing to answer.
      if (res.headersSent) {
        res.destroy();
        return;
      }
      deps.logger.warn({ err: error, file: name }, 'media store unavailable');
      refuse(res, 503, 'Image momentanément indisponible.');
    }
  };
}

function found(res: Response, size: number) {
  res.status(200);
  res.setHeader('Content-Type', 'image/webp');
  res.setHeader('Content-Length', String(size));
  // Immutable: browsers never revalidate, so validators would be bytes for nothing.
  res.setHeader('Cache-Control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`);
  res.setHeader('Content-Security-Policy', MEDIA_CSP);
  return res;
}

function refuse(res: Response, status: 404 | 503, message: string) {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Security-Policy', MEDIA_CSP);
  if (status === 503) res.setHeader('Retry-After', '30');
  res.status(status).type('text/plain; charset=utf-8').send(message);
}
