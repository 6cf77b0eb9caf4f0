/**
 * The uploads: files in the media store (store.ts: a folder or an S3 bucket), one `media` row
 * each, and the question "is this image still shown somewhere?" that decides whether it may be
 * deleted.
 */
import { randomUUID } from 'node:crypto';
import { desc, eq, like, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  MEDIA_FILE_NAME_PATTERN,
  MEDIA_LIST_LIMIT,
  MEDIA_URL_PREFIX,
  MEDIA_WIDTHS,
  type MediaAcceptedType,
  type MediaItem,
  mediaFileName,
} from '#common/schemas/media.ts';
import { type Database, inTransaction } from '#db/client.ts';
import { hasRow, insertRow } from '#db/rows.ts';
import {
  blogPosts,
  caseStudies,
  clientLogos,
  emailTemplates,
  media as mediaTable,
  siteSettings,
  teamMembers,
  testimonials,
} from '#db/schema.ts';
import { logActivity } from '../activity/log.ts';
import type { AppDeps } from '../app-deps.ts';
import { HttpError } from '../errors.ts';
import { processImage } from './process.ts';

type MediaRow = typeof mediaTable.$inferSelect;
type MediaDeps = Pick<AppDeps, 'database' | 'media' | 'logger'>;

const urlOf = (fileName: string) => `${MEDIA_URL_PREFIX}${fileName}`;

export function presentMedia(row: MediaRow): MediaItem {
  const widths = Object.keys(row.variants)
    .map(Number)
    .sort((a, b) => a - b);
  const largest = widths.at(-1) ?? row.width;
  const variants: Record<string, string> = {};
  for (const w of widths) variants[String(w)] = urlOf(row.variants[String(w)] as string);
  return {
    id: row.id,
    url: variants[String(largest)] ?? urlOf(mediaFileName(row.id, largest)),
    width: largest,
    height: Math.max(1, Math.round((row.height * largest) / row.width)),
    variants,
    srcset: widths.map((w) => `${variants[String(w)]} ${w}w`).join(', '),
    originalName: row.originalName,
    mimeType: row.mimeType as MediaAcceptedType,
    byteSize: row.byteSize,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Keeps a readable, harmless original name for the list and the activity log. */
export function cleanOriginalName(name: string | null | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // Control characters (a newline in a file name) would garble the log and the list.
  const cleaned = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 200);
  return cleaned || 'image';
}

/**
 * Checks, re-encodes and stores one upload, then records it (row and activity in one
 * transaction). Files are written first under their final names (each one whole, never half, see
 * store.ts); if one of them or the row cannot be written they are all removed again, so no file
 * is left without its row.
 */
export async function storeUpload(
  deps: MediaDeps,
  input: { bytes: Buffer; originalName: string; uploadedBy: string },
): Promise<MediaItem> {
  const image = await processImage(input.bytes);
  const id = randomUUID();
  const variants: Record<string, string> = {};
  for (const variant of image.variants) variants[String(variant.width)] = mediaFileName(id, variant.width);
  const names = Object.values(variants);
  try {
    // Side by side: on an S3 bucket each file is a round trip.
    const writes = await Promise.allSettled(
      image.variants.map((variant) => deps.media.put(mediaFileName(id, variant.width), variant.data)),
    );
    const failure = writes.find((write): write is PromiseRejectedResult => write.status === 'rejected');
    if (failure) {
      deps.logger.error({ err: failure.reason, mediaId: id }, 'could not write an upload to the media store');
      throw storeUnavailable();
    }
    const originalName = cleanOriginalName(input.originalName);
    const row = await inTransaction(deps.database.db, async (tx) => {
      const inserted = await insertRow(tx, mediaTable, {
        id,
        originalName,
        mimeType: image.mimeType,
        width: image.width,
        height: image.height,
        variants,
        byteSize: input.bytes.length,
        uploadedBy: input.uploadedBy,
      });
      await logActivity(tx, {
        type: 'media.uploaded',
        title: `Image envoyée : ${originalName}`,
        description: `${TYPE_LABELS[image.mimeType]} ${image.width} × ${image.height}, enregistrée en WebP (${Object.keys(variants).join(', ')} px)`,
        userId: input.uploadedBy,
      });
      return inserted;
    });
    return presentMedia(row);
  } catch (error) {
    await removeFiles(deps, names);
    throw error;
  }
}

/** The store (an S3 bucket out of reach, a full disk) refused the files: nothing was recorded. */
export const storeUnavailable = () =>
  new HttpError(
    503,
    'media_store_unavailable',
    'Le stockage des images ne répond pas : l’image n’a pas été enregistrée. Réessayez dans quelques instants.',
    undefined,
    { 'Retry-After': '30' },
  );

const TYPE_LABELS: Record<MediaAcceptedType, string> = {
  'image/jpeg': 'JPEG',
  'image/svg+xml': 'SVG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
};

export async function listMedia(db: Database, limit = MEDIA_LIST_LIMIT): Promise<MediaItem[]> {
  const rows = await db
    .select()
    .from(mediaTable)
    .orderBy(desc(mediaTable.createdAt), desc(mediaTable.id))
    .limit(limit);
  return rows.map(presentMedia);
}

/**
 * Where an upload is still shown: the image columns, and any text that mentions one of its URLs
 * (a Markdown article or case study, a setting, an email template). Any width counts.
 */
export async function mediaReferences(db: Database, id: string): Promise<string[]> {
  // The id is a uuid (hex and dashes): nothing in it is a LIKE wildcard.
  const prefix = `${MEDIA_URL_PREFIX}${id}.%`;
  const anywhere = `%${MEDIA_URL_PREFIX}${id}.%`;
  const places: [label: string, table: PgTable & { id: AnyPgColumn }, where: SQL | undefined][] = [
    ['un membre de l’équipe', teamMembers, like(teamMembers.photoUrl, prefix)],
    [
      'un témoignage',
      testimonials,
      or(like(testimonials.photoUrl, prefix), like(testimonials.logoUrl, prefix)),
    ],
    ['un logo client', clientLogos, like(clientLogos.logoUrl, prefix)],
    [
      'un article du blog',
      blogPosts,
      or(like(blogPosts.coverImage, prefix), like(blogPosts.content, anywhere)),
    ],
    [
      'une étude de cas',
      caseStudies,
      or(
        like(caseStudies.imageUrl, prefix),
        like(caseStudies.description, anywhere),
        // The gallery and the before/after pair (decision 092): JSON lists of { url, alt }.
        like(sql`${caseStudies.gallery}::text`, anywhere),
        like(sql`coalesce(${caseStudies.beforeAfter}::text, '')`, anywhere),
      ),
    ],
    ['un réglage du site', siteSettings, like(siteSettings.value, anywhere)],
    ['un modèle d’email', emailTemplates, like(emailTemplates.mjml, anywhere)],
  ];
  const found: string[] = [];
  for (const [label, table, where] of places) {
    if (await hasRow(db, table, where)) found.push(label);
  }
  return found;
}

export type DeleteOutcome =
  | { kind: 'deleted'; row: MediaRow }
  | { kind: 'not_found' }
  | { kind: 'in_use'; references: string[] };

/**
 * Deletes the row (with an activity entry when an admin asked) if nothing references the upload;
 * the files go once the transaction has committed. The row is locked first, so two deletions of
 * the same upload do not both succeed.
 */
export async function deleteMediaIfUnused(
  deps: MediaDeps,
  id: string,
  by: { adminId: string } | null,
): Promise<DeleteOutcome> {
  const outcome = await inTransaction(deps.database.db, async (tx): Promise<DeleteOutcome> => {
    const [row] = await tx.select().from(mediaTable).where(eq(mediaTable.id, id)).for('update');
    if (!row) return { kind: 'not_found' };
    const references = await mediaReferences(tx, id);
    if (references.length > 0) return { kind: 'in_use', references };
    await tx.delete(mediaTable).where(eq(mediaTable.id, id));
    if (by) {
      await logActivity(tx, {
        type: 'media.deleted',
        title: `Image supprimée : ${row.originalName}`,
        description: null,
        userId: by.adminId,
      });
    }
    return { kind: 'deleted', row };
  });
  if (outcome.kind === 'deleted') await removeRowFiles(deps, outcome.row);
  return outcome;
}

/**
 * The row's files, then every other name its widths could have produced (a crash between writing
 * files and the row). Never throws: a failure leaves an unused file behind, said at warn level.
 */
async function removeRowFiles(deps: MediaDeps, row: MediaRow) {
  const recorded = Object.values(row.variants).filter((name) => MEDIA_FILE_NAME_PATTERN.test(name));
  const guesses = [...MEDIA_WIDTHS, row.width]
    .map((w) => mediaFileName(row.id, w))
    .filter((name) => !recorded.includes(name));
  await removeFiles(deps, [...recorded, ...new Set(guesses)]);
}

async function removeFiles(deps: Pick<MediaDeps, 'media' | 'logger'>, names: string[]) {
  await Promise.all(
    names.map(async (name) => {
      try {
        await deps.media.remove(name);
      } catch (error) {
        deps.logger.warn({ err: error, file: name }, 'could not delete a media file');
      }
    }),
  );
}
