import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { VisualSpec } from './design.ts';
import { renderVisual } from './render.ts';

/** Everything too long at once: the layout must still keep the footer on the canvas. */
const WORST: VisualSpec = {
  label: 'Organisations non gouvernementales et développement international',
  title:
    'Campagne de sensibilisation, de collecte de dons et de fidélisation des donateurs de la diaspora congolaise dans le Nord-Kivu et au-delà, « Œuvre éducation »',
  figures: [
    { value: '850 000', label: 'Personnes touchées par la campagne sur les réseaux sociaux et à la radio' },
    { value: '48 500 $', label: 'Dons collectés en ligne' },
    { value: '1 250 000 FC', label: 'Budget' },
  ],
  footer: 'Étude de cas · Fondation Nuru Kivu pour l’éducation des enfants déplacés',
  siteName: 'Lisanga Digital',
  seed: 1,
};

/** The colour of one pixel. */
async function pixel(image: Buffer, x: number, y: number) {
  const { data } = await sharp(image).extract({ left: x, top: y, width: 1, height: 1 }).raw().toBuffer({
    resolveWithObject: true,
  });
  return { r: data[0] ?? 0, g: data[1] ?? 0, b: data[2] ?? 0 };
}

// Rendering is CPU work: on a busy 2-core machine a few renders take tens of seconds.
describe('renderVisual', { timeout: 90_000 }, () => {
  it.each([
    // Size, and a point inside the agency's mark (green square) at the bottom-left of the footer.
    { width: 1200, height: 800, mark: { x: 104, y: 676 } },
    { width: 1200, height: 630, mark: { x: 96, y: 514 } },
  ])(
    'keeps the footer in place with the longest content at $width x $height',
    async ({ width, height, mark }) => {
      const png = await renderVisual(WORST, { width, height }, { format: 'png', width, height });
      expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width, height });
      // #16a34a, the mark's square: the title, pill and figures did not push the footer away.
      const colour = await pixel(png, mark.x, mark.y);
      expect(Math.abs(colour.r - 0x16)).toBeLessThan(12);
      expect(Math.abs(colour.g - 0xa3)).toBeLessThan(12);
      expect(Math.abs(colour.b - 0x4a)).toBeLessThan(12);
    },
  );

  it('encodes AVIF and WebP at the requested width from the same design', async () => {
    const spec: VisualSpec = {
      label: 'Branding',
      title: 'Une marque forte',
      siteName: 'Lisanga Digital',
      seed: 0,
    };
    const avif = await renderVisual(
      spec,
      { width: 1200, height: 800 },
      { format: 'avif', width: 480, height: 320 },
    );
    const webp = await renderVisual(
      spec,
      { width: 1200, height: 800 },
      { format: 'webp', width: 480, height: 320 },
    );
    expect(await sharp(avif).metadata()).toMatchObject({ format: 'heif', width: 480, height: 320 });
    expect(await sharp(webp).metadata()).toMatchObject({ format: 'webp', width: 480, height: 320 });
  });

  it('draws different pictures for different titles', async () => {
    const base: VisualSpec = { label: 'Blog', title: 'Premier titre', siteName: 'Lisanga Digital', seed: 0 };
    const size = { width: 1200, height: 630 };
    const out = { format: 'png' as const, ...size };
    const a = await sharp(await renderVisual(base, size, out))
      .raw()
      .toBuffer();
    const b = await sharp(await renderVisual({ ...base, title: 'Un tout autre titre' }, size, out))
      .raw()
      .toBuffer();
    expect(a.equals(b)).toBe(false);
  });
});
