/**
 * From uploaded bytes to the WebP files we serve. Nothing the uploader sent is ever served: the
 * type is read from the content (magic bytes, then libvips' own detection, which must agree), the
 * image is decoded in full under a pixel limit, turned upright by its EXIF orientation and
 * re-encoded without any metadata. A file carrying HTML or script next to its pixels (a polyglot)
 * is refused outright, though re-encoding alone would already drop the payload.
 */
import sharp, { type Metadata } from 'sharp';
import {
  MEDIA_MAX_PIXELS,
  MEDIA_MESSAGES,
  MEDIA_WIDTHS,
  type MediaAcceptedType,
} from '#common/schemas/media.ts';
import { HttpError } from '../errors.ts';

export const unsupportedType = (message: string = MEDIA_MESSAGES.wrongType) =>
  new HttpError(415, 'unsupported_media_type', message);

/** WebP quality of the variants: photos stay sharp, files stay small on a 3G connection. */
const WEBP_QUALITY = 80;

/** The signature each accepted type starts with; anything else is refused before decoding. */
export function sniffImageType(bytes: Buffer): MediaAcceptedType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const SHARP_FORMAT: Record<MediaAcceptedType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
};

/**
 * An SVG document: UTF-8 text (no NUL byte) whose first element, after an optional byte-order
 * mark, XML declaration, comments and DOCTYPE, is `<svg`.
 */
const SVG_START =
  /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg[\s>]/i;

export function isSvg(bytes: Buffer): boolean {
  return !bytes.includes(0) && SVG_START.test(bytes.subarray(0, 8192).toString('utf8'));
}

/** Script, event handlers and javascript: links: never needed to draw a logo. */
const SVG_CODE = /<script[\s>/]|\son[a-z]+\s*=|javascript:/i;
/** Entity declarations: the billion-laughs expansion and external entities. */
const SVG_ENTITY = /<!ENTITY/i;
/** A reference to anything but a fragment of the file itself or inline data (href, CSS url(), @import). */
const SVG_EXTERNAL = /\bhref\s*=\s*["']\s*(?!#|data:)[^"'\s]|url\(\s*["']?\s*(?!#|data:)[^)"'\s]|@import/i;

/**
 * The checks an SVG passes before it is drawn. librsvg runs no script and, reading from memory,
 * loads no file; these make the refusal explicit, with a message that says what to change.
 */
function checkSvg(bytes: Buffer): void {
  const text = bytes.toString('utf8');
  if (SVG_CODE.test(text)) throw unsupportedType(MEDIA_MESSAGES.hiddenCode);
  if (SVG_ENTITY.test(text)) throw unsupportedType(MEDIA_MESSAGES.svgEntities);
  if (SVG_EXTERNAL.test(text)) throw unsupportedType(MEDIA_MESSAGES.svgExternal);
}

/** The longest side an SVG is drawn at: sharp enough for a logo at twice its shown size. */
export const SVG_RASTER_SIZE = 960;

/**
 * Markup a browser or an interpreter would run if the file were ever served as it is. Each tag
 * must be followed by a space, `>` or `/` (`<svg` by an `xmlns` attribute), so the chance of
 * meeting one by accident in compressed pixel data stays around one in 100 000 for a 5 MB file
 * (docs/decisions/013-media.md).
 */
const HIDDEN_CODE =
  /<(?:script|html|body|iframe|object|embed|meta|!doctype)[\s>/]|<svg\s[^>]{0,200}xmlns|<\?php\s|javascript:|\bon(?:load|error)\s*=/i;

export function containsHiddenCode(bytes: Buffer): boolean {
  // latin1 maps each byte to one character, so the regular expression sees the raw bytes.
  return HIDDEN_CODE.test(bytes.toString('latin1'));
}

export type ProcessedImage = {
  mimeType: MediaAcceptedType;
  /** Size of the upright original. */
  width: number;
  height: number;
  variants: { width: number; height: number; data: Buffer }[];
};

/** The variant widths for an upright original this wide: the list's widths it can fill, or its own. */
export function variantWidths(originalWidth: number): number[] {
  const widths: number[] = MEDIA_WIDTHS.filter((w) => w <= originalWidth);
  return widths.length > 0 ? widths : [originalWidth];
}

/** Checks and re-encodes one upload; throws a 415 or 422 HttpError with a French message. */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  if (isSvg(bytes)) return rasteriseSvg(bytes);
  const mimeType = sniffImageType(bytes);
  if (!mimeType) throw unsupportedType();
  if (containsHiddenCode(bytes)) throw unsupportedType(MEDIA_MESSAGES.hiddenCode);

  let metadata: Metadata;
  try {
    // Only the header is read here; without a limit so an oversized image gets its own message.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupportedType(MEDIA_MESSAGES.unreadable);
  }
  // The signature and libvips' detection must name the same format: a WebP header on a TIFF, or
  // a JPEG start on something libvips reads as another format, is not what it claims to be.
  if (metadata.format !== SHARP_FORMAT[mimeType]) throw unsupportedType();
  const width = metadata.autoOrient?.width ?? metadata.width;
  const height = metadata.autoOrient?.height ?? metadata.height;
  if (!width || !height) throw unsupportedType(MEDIA_MESSAGES.unreadable);
  if (width * height > MEDIA_MAX_PIXELS) {
    throw new HttpError(422, 'too_many_pixels', MEDIA_MESSAGES.tooManyPixels);
  }

  // Each variant decodes the upload in full (failOn 'warning': a truncated or corrupt file fails
  // here instead of being stored half grey). One after the other, streamed by libvips: a 40 MP
  // photo never sits decoded in memory, and JPEG's shrink-on-load makes the small widths cheap.
  const variants: ProcessedImage['variants'] = [];
  try {
    for (const w of variantWidths(width)) {
      const { data, info } = await sharp(bytes, { limitInputPixels: MEDIA_MAX_PIXELS, failOn: 'warning' })
        .rotate()
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true });
      variants.push({ width: info.width, height: info.height, data });
    }
  } catch {
    throw unsupportedType(MEDIA_MESSAGES.unreadable);
  }
  return { mimeType, width, height, variants };
}

/**
 * An SVG becomes WebP files like any upload (docs/decisions/087-client-logos.md): drawn by librsvg
 * with its longest side at SVG_RASTER_SIZE, transparency kept. Nothing of the markup is served.
 */
async function rasteriseSvg(bytes: Buffer): Promise<ProcessedImage> {
  checkSvg(bytes);
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes).metadata();
  } catch {
    throw unsupportedType(MEDIA_MESSAGES.unreadable);
  }
  if (metadata.format !== 'svg' || !metadata.width || !metadata.height) {
    throw unsupportedType(MEDIA_MESSAGES.unreadable);
  }
  // Drawn at 72 dpi by default: the density that gives the longest side SVG_RASTER_SIZE pixels
  // (within libvips' range, so a 1-unit viewBox is drawn smaller rather than refused).
  const density = Math.min(100_000, (72 * SVG_RASTER_SIZE) / Math.max(metadata.width, metadata.height));
  try {
    const png = await sharp(bytes, { density, limitInputPixels: MEDIA_MAX_PIXELS, failOn: 'warning' })
      .png()
      .toBuffer({ resolveWithObject: true });
    const { width, height } = png.info;
    const variants: ProcessedImage['variants'] = [];
    for (const w of variantWidths(width)) {
      const { data, info } = await sharp(png.data)
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY, alphaQuality: 100 })
        .toBuffer({ resolveWithObject: true });
      variants.push({ width: info.width, height: info.height, data });
    }
    return { mimeType: 'image/svg+xml', width, height, variants };
  } catch {
    throw unsupportedType(MEDIA_MESSAGES.unreadable);
  }
}
