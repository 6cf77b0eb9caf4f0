/**
 * GET /visuals/cover/<post|case>-<uuid>-<hash>.<width>.<avif|webp> and
 * GET /visuals/og/<page-<key>|service-<uuid>|post-<uuid>>-<hash>.<png|jpg>
 * (docs/decisions/023-generated-visuals.md). Names are matched on the raw path against strict
 * patterns (no `..`, no percent-encoding, no other folder); the text drawn comes from the database
 * or common/pages.ts, never from the URL. A hash that is not the content's current one redirects
 * to the current file, so a stale page still shows an image; anything else unknown is a 404.
 * Files never change under a name: cached for a year, immutable.
 *
 * Mounted again behind the admin's gate with `drafts` (/api/admin/visuals, covers only): the
 * back-office shows a case study's or a post's drawn cover before it is published, to signed-in
 * staff, never cached by the browser (the gate's no-store).
 */
import path from 'node:path';
import { and, eq, getTableColumns } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { RequestHandler, Response } from 'express';
import { isPageKey, type PageKey } from '#common/pages.ts';
import { MEDIA_FILE_NAME_PATTERN, MEDIA_URL_PREFIX } from '#common/schemas/media.ts';
import {
  ADMIN_VISUALS_PREFIX,
  type CaseStudyVisualInput,
  COVER_NAME_PATTERN,
  caseStudyCoverHash,
  coverHeight,
  OG_HEIGHT,
  OG_NAME_PATTERN,
  OG_WIDTH,
  type PostVisualInput,
  pageShareImage,
  postCoverHash,
  postShareImage,
  type ServiceVisualInput,
  serviceShareImage,
  uploadedMediaUrl,
  VISUALS_PREFIX,
} from '#common/visuals.ts';
import { blogPosts, caseStudies } from '#db/schema.ts';
import type { AppDeps } from '../app-deps.ts';
import { fileReadAllowed } from '../http/methods.ts';
import { readStored } from '../media/store.ts';
import type { VisualSpec } from './design.ts';
import { encode, type RasterFormat, renderPostCover, renderVisual } from './render.ts';
import { caseStudySpec, pageSpec, postCoverSpec, postSpec, serviceSpec } from './specs.ts';
import { createVisualStore, type VisualStore } from './store.ts';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const CONTENT_TYPES: Record<RasterFormat, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  avif: 'image/avif',
  webp: 'image/webp',
};
const COVER_DESIGN = { width: 1200, height: coverHeight(1200) };
const OG_DESIGN = { width: OG_WIDTH, height: OG_HEIGHT };

type VisualDeps = Pick<AppDeps, 'database' | 'env' | 'logger' | 'content' | 'media'>;

/** Blog posts or case studies. */
type PublishableTable = PgTable & { id: AnyPgColumn; isPublished: AnyPgColumn };

/** What a name resolves to: a file to produce, a newer name to redirect to, or nothing. */
type Resolution =
  | {
      kind: 'render';
      file: string;
      format: RasterFormat;
      family: { prefix: string; version: string };
      produce: () => Promise<Buffer>;
    }
  | { kind: 'redirect'; location: string }
  | { kind: 'none' };

/** The store of rendered visuals in DATA_DIR/visuals, one per process, shared by both mounts. */
export const visualStoreOf = (deps: Pick<AppDeps, 'env' | 'logger'>) =>
  createVisualStore({ directory: path.resolve(deps.env.DATA_DIR, 'visuals'), logger: deps.logger });

/** What the handlers of one mount share: the site's dependencies, and whether drafts are shown. */
type Source = {
  deps: VisualDeps;
  db: VisualDeps['database']['db'];
  drafts: boolean;
  /** Where the mount's files are served (a redirect names its new file under it). */
  prefix: string;
  siteName: () => Promise<string>;
};

/** These columns (`keys`) of the row of `table` with that id, when it is published (or `drafts`). */
async function findPublished<T extends PublishableTable, K extends keyof T['$inferSelect'] & string>(
  src: Source,
  table: T,
  keys: K[],
  id: string,
): Promise<Pick<T['$inferSelect'], K> | undefined> {
  const published: PublishableTable = table;
  const columns = getTableColumns(published);
  const [row] = await src.db
    .select(Object.fromEntries(keys.map((key) => [key, columns[key] as AnyPgColumn])))
    .from(published)
    .where(src.drafts ? eq(published.id, id) : and(eq(published.id, id), eq(published.isPublished, true)));
  return row as Pick<T['$inferSelect'], K> | undefined;
}

const findPost = (src: Source, id: string): Promise<PostVisualInput | undefined> =>
  findPublished(src, blogPosts, ['id', 'slug', 'title', 'category', 'coverImage'], id);

const findCaseStudy = (src: Source, id: string): Promise<CaseStudyVisualInput | undefined> =>
  findPublished(src, caseStudies, ['id', 'title', 'clientName', 'industry', 'results', 'imageUrl'], id);

async function findService(src: Source, id: string): Promise<ServiceVisualInput | undefined> {
  const service = await src.deps.content.getService(id);
  return service
    ? { id: service.id, title: service.title, parentTitle: service.parent?.title ?? null }
    : undefined;
}

/** A share image (1200x630) drawn from the spec of the site's name. */
const shareImage =
  (src: Source, spec: (siteName: string) => VisualSpec, format: RasterFormat = 'png') =>
  async () =>
    renderVisual(spec(await src.siteName()), OG_DESIGN, { format, width: OG_WIDTH, height: OG_HEIGHT });

/** The post's upload, cropped to 1200x630; its generated visual when the file is gone. */
function uploadedShareImage(src: Source, post: PostVisualInput, url: string) {
  return async () => {
    const match = MEDIA_FILE_NAME_PATTERN.exec(url.slice(MEDIA_URL_PREFIX.length));
    try {
      if (!match) throw new Error('not a media URL');
      const bytes = await readStored(src.deps.media, match[0]);
      if (!bytes) throw new Error('upload not in the media store');
      return await encode(bytes, 'jpg', OG_WIDTH, OG_HEIGHT);
    } catch (error) {
      src.deps.logger.warn(
        { err: error, postId: post.id },
        'uploaded cover unreadable, drawing the generated one',
      );
      return shareImage(src, (siteName) => postSpec(post, siteName), 'jpg')();
    }
  };
}

async function resolveCover(src: Source, name: string): Promise<Resolution> {
  const match = COVER_NAME_PATTERN.exec(name);
  if (!match) return { kind: 'none' };
  const [, kind, id, hash, widthText, format] = match as unknown as [
    string,
    'post' | 'case',
    string,
    string,
    string,
    'avif' | 'webp',
  ];
  const width = Number(widthText);
  const entity = kind === 'post' ? await findPost(src, id) : await findCaseStudy(src, id);
  if (!entity) return { kind: 'none' };
  const current =
    kind === 'post'
      ? postCoverHash(entity as PostVisualInput)
      : caseStudyCoverHash(entity as CaseStudyVisualInput);
  if (current !== hash) {
    return { kind: 'redirect', location: `${src.prefix}/cover/${kind}-${id}-${current}.${width}.${format}` };
  }
  const output = { format, width, height: coverHeight(width) };
  return {
    kind: 'render',
    file: `cover/${name}`,
    format,
    family: { prefix: `cover/${kind}-${id}-`, version: current },
    // A post's cover is its category's art (its title is printed under it); a case study's
    // keeps its title and key figures.
    produce:
      kind === 'post'
        ? () => renderPostCover(postCoverSpec(entity as PostVisualInput), COVER_DESIGN, output)
        : async () =>
            renderVisual(
              caseStudySpec(entity as CaseStudyVisualInput, await src.siteName()),
              COVER_DESIGN,
              output,
            ),
  };
}

async function resolveShare(src: Source, name: string): Promise<Resolution> {
  const match = OG_NAME_PATTERN.exec(name);
  if (!match) return { kind: 'none' };
  const [, pageKey, kind, id, hash = ''] = match;
  let expected: string;
  let produce: () => Promise<Buffer>;
  if (pageKey !== undefined) {
    if (!isPageKey(pageKey)) return { kind: 'none' };
    const key: PageKey = pageKey;
    expected = pageShareImage(key).url;
    produce = shareImage(src, (siteName) => pageSpec(key, siteName));
  } else if (kind === 'service' && id) {
    const service = await findService(src, id);
    if (!service) return { kind: 'none' };
    expected = serviceShareImage(service).url;
    produce = shareImage(src, (siteName) => serviceSpec(service, siteName));
  } else if (kind === 'post' && id) {
    const post = await findPost(src, id);
    if (!post) return { kind: 'none' };
    expected = postShareImage(post).url;
    const upload = uploadedMediaUrl(post.coverImage);
    produce = upload
      ? uploadedShareImage(src, post, upload)
      : shareImage(src, (siteName) => postSpec(post, siteName));
  } else {
    return { kind: 'none' };
  }
  const expectedName = expected.slice('/visuals/og/'.length);
  if (expectedName !== name) return { kind: 'redirect', location: expected };
  const format: RasterFormat = name.endsWith('.jpg') ? 'jpg' : 'png';
  // The image's versions: its name but the hash (`og/page-<key>-`, `og/<service|post>-<uuid>-`).
  const prefix = `og/${pageKey !== undefined ? `page-${pageKey}` : `${kind}-${id}`}-`;
  return { kind: 'render', file: `og/${name}`, format, family: { prefix, version: hash }, produce };
}

export function visualFiles(
  deps: VisualDeps,
  store: VisualStore = visualStoreOf(deps),
  { drafts = false }: { drafts?: boolean } = {},
): RequestHandler {
  const src: Source = {
    deps,
    db: deps.database.db,
    drafts,
    prefix: drafts ? ADMIN_VISUALS_PREFIX : VISUALS_PREFIX,
    siteName: async () => (await deps.content.getSiteInfo()).name,
  };

  return async (req, res) => {
    if (!fileReadAllowed(req, res)) return;
    const [, folder, name, ...rest] = req.path.split('/');
    if (rest.length > 0 || !name || (folder !== 'cover' && (drafts || folder !== 'og'))) {
      notFound(res);
      return;
    }
    try {
      const resolution = folder === 'cover' ? await resolveCover(src, name) : await resolveShare(src, name);
      if (resolution.kind === 'none') {
        notFound(res);
        return;
      }
      if (resolution.kind === 'redirect') {
        res.setHeader('Cache-Control', 'no-store');
        res.redirect(307, resolution.location);
        return;
      }
      const bytes = await store.get(resolution.file, resolution.produce, resolution.family);
      res.setHeader('Content-Type', CONTENT_TYPES[resolution.format]);
      if (!drafts) res.setHeader('Cache-Control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`);
      res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
      res.setHeader('Content-Length', String(bytes.length));
      res.status(200).end(req.method === 'HEAD' ? undefined : bytes);
    } catch (error) {
      deps.logger.error({ err: error, path: req.path }, 'generated visual failed');
      if (res.headersSent) return;
      res.setHeader('Cache-Control', 'no-store');
      res.status(500).type('text/plain; charset=utf-8').send('Image momentanément indisponible.');
    }
  };
}

function notFound(res: Response) {
  res.setHeader('Cache-Control', 'no-store');
  res.status(404).type('text/plain; charset=utf-8').send('Image introuvable.');
}
