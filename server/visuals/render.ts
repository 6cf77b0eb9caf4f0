/**
 * Draws a visual: satori lays the element tree out and writes an SVG whose text is paths (fonts
 * from @fontsource/inter, so no system font is ever needed), sharp rasterises it and encodes
 * PNG, JPEG, AVIF or WebP.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { ReactNode } from 'react';
import satori from 'satori';
import sharp from 'sharp';
import { type VisualSpec, visualTree } from './design.ts';
import { type PostCoverSpec, postCoverTree } from './post-cover.ts';

const require = createRequire(import.meta.url);

type FontOptions = Parameters<typeof satori>[1]['fonts'][number];

const FONT_FILES: { file: string; weight: 500 | 600 | 800 }[] = [
  { file: 'inter-latin-500-normal.woff', weight: 500 },
  { file: 'inter-latin-600-normal.woff', weight: 600 },
  { file: 'inter-latin-800-normal.woff', weight: 800 },
  // Letters beyond Latin-1 (ŒœŠ, ĂŞ…) in names of clients or posts.
  { file: 'inter-latin-ext-500-normal.woff', weight: 500 },
  { file: 'inter-latin-ext-600-normal.woff', weight: 600 },
  { file: 'inter-latin-ext-800-normal.woff', weight: 800 },
];

let fonts: Promise<FontOptions[]> | undefined;

function loadFonts(): Promise<FontOptions[]> {
  fonts ??= Promise.all(
    FONT_FILES.map(async ({ file, weight }) => ({
      name: 'Inter',
      weight,
      style: 'normal' as const,
      data: await readFile(require.resolve(`@fontsource/inter/files/${file}`)),
    })),
  ).catch((error: unknown) => {
    fonts = undefined;
    throw error;
  });
  return fonts;
}

/** The SVG of an element tree at its design size. */
export async function renderTreeSvg(tree: ReactNode, width: number, height: number): Promise<string> {
  return satori(tree, { width, height, fonts: await loadFonts() });
}

/** The SVG of a visual at its design size. */
export function renderSvg(spec: VisualSpec, width: number, height: number): Promise<string> {
  return renderTreeSvg(visualTree(spec, width, height), width, height);
}

export type RasterFormat = 'png' | 'jpg' | 'avif' | 'webp';

/** Encodes an image (an SVG or a photo) at `width` x `height`, cropping to fill when needed. */
export async function encode(
  input: Buffer,
  format: RasterFormat,
  width: number,
  height: number,
): Promise<Buffer> {
  const image = sharp(input, { limitInputPixels: 40_000_000 })
    .resize(width, height, { fit: 'cover', position: 'attention' })
    .flatten({ background: '#14532d' });
  switch (format) {
    case 'png':
      return image.png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
    case 'jpg':
      return image.jpeg({ quality: 84, mozjpeg: true }).toBuffer();
    case 'avif':
      return image.avif({ quality: 55, effort: 3 }).toBuffer();
    case 'webp':
      return image.webp({ quality: 82, effort: 4 }).toBuffer();
  }
}

type Output = { format: RasterFormat; width: number; height: number };

/** Renders a visual straight to a raster file. */
export async function renderVisual(
  spec: VisualSpec,
  design: { width: number; height: number },
  output: Output,
): Promise<Buffer> {
  const svg = await renderSvg(spec, design.width, design.height);
  return encode(Buffer.from(svg), output.format, output.width, output.height);
}

/** Renders a post's generated cover (post-cover.ts) straight to a raster file. */
export async function renderPostCover(
  spec: PostCoverSpec,
  design: { width: number; height: number },
  output: Output,
): Promise<Buffer> {
  const svg = await renderTreeSvg(
    postCoverTree(spec, design.width, design.height),
    design.width,
    design.height,
  );
  return encode(Buffer.from(svg), output.format, output.width, output.height);
}
