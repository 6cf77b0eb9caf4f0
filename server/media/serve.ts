import type { RequestHandler } from 'express';
import { MEDIA_FILE_NAME_PATTERN } from '#common/schemas/media.ts';
import type { AppDeps } from '../app-deps.ts';
import { mediaDirectory } from './library.ts';

/** A year: a stored name never gets other content (a new upload gets a new uuid). */
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;
/** An image opened as a page runs nothing and cannot be framed. */
const MEDIA_CSP = "default-src 'none'; sandbox; frame-ancestors 'none'";

/**
 * Serves uploaded images under /media. Only names the server generates (`<uuid>.<width>.webp`,
 * matched on the raw path, so `..`, `%2e%2e`, `%2f` or an absolute path never match) are looked
 * up; everything else is a 404. Every answer is `image/webp` with nosniff, and a sandboxing CSP
 * in case the file is opened as a page. Mounted before the request log: images are not events.
 */
export function mediaFiles(deps: Pick<AppDeps, 'env'>): RequestHandler {
  return (req, res) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      res.status(405).type('text/plain; charset=utf-8').send('Méthode non autorisée.');
      return;
    }
    const name = req.path.startsWith('/') ? req.path.slice(1) : req.path;
    if (!MEDIA_FILE_NAME_PATTERN.test(name)) {
      notFound(res);
      return;
    }
    res.sendFile(
      name,
      {
        root: mediaDirectory(deps),
        dotfiles: 'deny',
        immutable: true,
        maxAge: ONE_YEAR_MS,
        // Immutable: browsers never revalidate, so validators would be bytes for nothing.
        etag: false,
        lastModified: false,
        headers: {
          'Content-Type': 'image/webp',
          'Content-Security-Policy': MEDIA_CSP,
        },
      },
      (error) => {
        if (!error || res.headersSent) return;
        notFound(res);
      },
    );
  };
}

function notFound(res: Parameters<RequestHandler>[1]) {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Security-Policy', MEDIA_CSP);
  res.status(404).type('text/plain; charset=utf-8').send('Image introuvable.');
}
