/**
 * Uploaded images (decision 013). POST /api/admin/media, multipart/form-data with one field `file`
 * (JPEG, PNG, WebP or SVG by content, 5 MB at most; an SVG is rasterised, decision 087) -> 201 { media: UploadedMedia }. The entity fields
 * that hold an image (team_members.photoUrl, testimonials.photoUrl and logoUrl,
 * blog_posts.coverImage, case_studies.imageUrl) store `url`, the largest variant; `srcset` lists
 * every width for responsive <img>.
 * GET /api/admin/media -> { items: MediaItem[] } (latest first); DELETE /api/admin/media/:id -> 204
 * (409 while an entity still shows it). docs/decisions/013-media.md and 039-media-storage.md have
 * the reasons.
 */
export const MEDIA_MAX_BYTES = 5 * 1024 * 1024;
export const MEDIA_ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/svg+xml'] as const;
export type MediaAcceptedType = (typeof MEDIA_ACCEPTED_TYPES)[number];
/** Widths of the WebP variants; smaller originals get only the widths they can fill. */
export const MEDIA_WIDTHS = [480, 960, 1600] as const;
/** Decoding limit (width x height of the original): 40 megapixels, a 7 000 x 5 700 photo. */
export const MEDIA_MAX_PIXELS = 40_000_000;
/** Public URL prefix of uploaded files. */
export const MEDIA_URL_PREFIX = '/media/';
/** The multipart field that carries the file. */
export const MEDIA_FIELD = 'file';
/** How many uploads GET /api/admin/media returns. */
export const MEDIA_LIST_LIMIT = 60;

/** The French messages the API answers with, reused by the upload control's own checks. */
export const MEDIA_MESSAGES = {
  tooLarge: 'Le fichier dépasse 5 Mo.',
  wrongType: 'Format non accepté : JPEG, PNG, WebP ou SVG uniquement.',
  svgExternal: 'Ce SVG charge des fichiers externes : intégrez-les au fichier ou exportez le logo en PNG.',
  svgEntities: 'Ce SVG déclare des entités XML : exportez-le sans DOCTYPE, ou en PNG.',
  unreadable: 'Image illisible ou endommagée : le fichier n’a pas pu être décodé.',
  hiddenCode: 'Ce fichier contient du code (HTML ou script) caché dans l’image : il est refusé.',
  tooManyPixels: 'Image trop grande : 40 mégapixels au maximum (par exemple 7 000 × 5 700 pixels).',
  missingFile: 'Choisissez une image à envoyer.',
  oneFile: 'Envoyez une seule image à la fois.',
  notMultipart: 'Envoyez l’image dans un formulaire multipart (champ « file »).',
} as const;

export type UploadedMedia = {
  id: string;
  url: string;
  /** Size of the image at `url` (the largest variant), for width/height attributes. */
  width: number;
  height: number;
  /** width -> URL of that variant. */
  variants: Record<string, string>;
  /** e.g. "/media/x.480.webp 480w, /media/x.960.webp 960w". */
  srcset: string;
};

/** An upload in the admin's list: the stored image plus where it came from. */
export type MediaItem = UploadedMedia & {
  originalName: string;
  /** The type detected from the content (not the one the browser announced). */
  mimeType: MediaAcceptedType;
  /** Bytes of the file as uploaded. */
  byteSize: number;
  createdAt: string;
};

/** `/media/<uuid>.<width>.webp`: the only names the server generates, serves and deletes. */
export const MEDIA_FILE_NAME_PATTERN =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([1-9]\d{0,4})\.webp$/;

export function mediaFileName(id: string, width: number): string {
  return `${id}.${width}.webp`;
}

/** The media id of one of our URLs (`/media/<uuid>.<w>.webp`), or null for any other URL. */
export function mediaIdOfUrl(url: string | null | undefined): string | null {
  if (!url?.startsWith(MEDIA_URL_PREFIX)) return null;
  const match = MEDIA_FILE_NAME_PATTERN.exec(url.slice(MEDIA_URL_PREFIX.length));
  return match?.[1] ?? null;
}

/**
 * The srcset of one of our URLs, derived from the URL alone: an upload whose largest variant is a
 * listed width also has every smaller listed width. Undefined for any other URL (seeded images,
 * external links), so `<img srcSet={mediaSrcset(url)}>` is always safe to write.
 */
export function mediaSrcset(url: string | null | undefined): string | undefined {
  const id = mediaIdOfUrl(url);
  if (!id || !url) return undefined;
  const largest = Number(MEDIA_FILE_NAME_PATTERN.exec(url.slice(MEDIA_URL_PREFIX.length))?.[2]);
  const widths: number[] = (MEDIA_WIDTHS as readonly number[]).includes(largest)
    ? MEDIA_WIDTHS.filter((w) => w <= largest)
    : [largest];
  return widths.map((w) => `${MEDIA_URL_PREFIX}${mediaFileName(id, w)} ${w}w`).join(', ');
}
