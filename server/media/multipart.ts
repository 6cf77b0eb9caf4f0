/**
 * Reads the one image of a multipart upload into memory (5 MB at most, so memory is the simplest
 * place: no temporary file to clean up), with formidable enforcing the limits while the bytes
 * arrive. Errors become French HttpErrors: 413 beyond 5 MB, 400 for a missing or second file.
 */
import { Writable } from 'node:stream';
import type { Request, Response } from 'express';
import formidable, { errors as formidableErrors } from 'formidable';
import { MEDIA_FIELD, MEDIA_MAX_BYTES, MEDIA_MESSAGES } from '#common/schemas/media.ts';
import { badRequest, HttpError } from '../errors.ts';

/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;
/** Past this much body a refused upload is no longer read to the end: the connection is cut. */
const DRAIN_LIMIT = 2 * MEDIA_MAX_BYTES;

export const tooLarge = () => new HttpError(413, 'payload_too_large', MEDIA_MESSAGES.tooLarge);

export type UploadedFile = { bytes: Buffer; originalName: string };

export async function readUploadedImage(req: Request, res: Response): Promise<UploadedFile> {
  const type = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data\b/i.test(type)) {
    throw new HttpError(415, 'unsupported_media_type', MEDIA_MESSAGES.notMultipart);
  }
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > MEDIA_MAX_BYTES + MULTIPART_OVERHEAD) {
    // Said too big up front: answered at once; the body is read and dropped (see drain) so the
    // browser gets to read the answer, unless it is far too big, then the connection is cut.
    if (declared > DRAIN_LIMIT) res.setHeader('Connection', 'close');
    drain(req);
    throw tooLarge();
  }

  const chunks = new Map<object, Buffer[]>();
  const form = formidable({
    maxFiles: 1,
    maxFileSize: MEDIA_MAX_BYTES,
    maxTotalFileSize: MEDIA_MAX_BYTES,
    maxFields: 5,
    maxFieldsSize: 8 * 1024,
    allowEmptyFiles: false,
    minFileSize: 1,
    filter: (part) => part.name === MEDIA_FIELD && Boolean(part.originalFilename),
    fileWriteStreamHandler: (file) => {
      const parts: Buffer[] = [];
      if (file) chunks.set(file, parts);
      return new Writable({
        write(chunk: Buffer, _encoding, callback) {
          parts.push(chunk);
          callback();
        },
      });
    },
  });

  try {
    const [, files] = await form.parse(req);
    const uploaded = files[MEDIA_FIELD];
    const file = uploaded?.[0];
    if (!file) throw badRequest(MEDIA_MESSAGES.missingFile, { file: MEDIA_MESSAGES.missingFile });
    if (uploaded.length > 1) throw badRequest(MEDIA_MESSAGES.oneFile, { file: MEDIA_MESSAGES.oneFile });
    return {
      bytes: Buffer.concat(chunks.get(file) ?? []),
      originalName: file.originalFilename ?? 'image',
    };
  } catch (error) {
    drain(req);
    throw toHttpError(error);
  }
}

function toHttpError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case formidableErrors.biggerThanMaxFileSize:
    case formidableErrors.biggerThanTotalMaxFileSize:
      return tooLarge();
    case formidableErrors.maxFilesExceeded:
      return badRequest(MEDIA_MESSAGES.oneFile, { file: MEDIA_MESSAGES.oneFile });
    case formidableErrors.noEmptyFiles:
    case formidableErrors.smallerThanMinFileSize:
      return badRequest(MEDIA_MESSAGES.missingFile, { file: MEDIA_MESSAGES.missingFile });
    case formidableErrors.aborted:
      return new HttpError(400, 'aborted', 'Envoi interrompu.');
    case formidableErrors.maxFieldsExceeded:
    case formidableErrors.maxFieldsSizeExceeded:
    case formidableErrors.malformedMultipart:
    case formidableErrors.missingMultipartBoundary:
    case formidableErrors.noParser:
    case formidableErrors.missingContentType:
    case formidableErrors.unknownTransferEncoding:
      return new HttpError(400, 'bad_request', MEDIA_MESSAGES.notMultipart);
    default:
      return error;
  }
}

/**
 * Formidable stops reading at its first error and may leave the request paused: the browser would
 * then wait with the rest of its upload instead of reading our answer. The rest is read and
 * dropped, up to a limit past which the connection is closed.
 */
function drain(req: Request) {
  if (req.readableEnded) return;
  let extra = 0;
  req.on('data', (chunk: Buffer) => {
    extra += chunk.length;
    if (extra > DRAIN_LIMIT) req.destroy();
  });
  req.resume();
}
