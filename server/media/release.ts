import { mediaIdOfUrl } from '#common/schemas/media.ts';
import type { AppDeps } from '../app-deps.ts';
import { deleteMediaIfUnused } from './library.ts';

/**
 * After a transaction replaced or removed an image URL (a new team photo, a cover taken off),
 * deletes that upload, row and files, when it is one of ours and nothing references it any more.
 * Called after the commit, so it never undoes the change that made the image unused: it never
 * throws, and a failure only leaves an unused file behind (logged at warn).
 */
export async function releaseMediaUrl(
  deps: Pick<AppDeps, 'database' | 'media' | 'logger'>,
  url: string | null | undefined,
): Promise<void> {
  const id = mediaIdOfUrl(url);
  if (!id) return;
  try {
    const outcome = await deleteMediaIfUnused(deps, id, null);
    if (outcome.kind === 'deleted') deps.logger.info({ mediaId: id }, 'unused upload deleted');
  } catch (error) {
    deps.logger.warn({ err: error, mediaId: id }, 'could not release an upload');
  }
}
