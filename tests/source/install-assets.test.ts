/**
 * The files a browser reads to install the site (public/): the manifest's screenshots exist with
 * the sizes it declares (a richer install sheet on Android and desktop Chrome), and the home-screen
 * icon of iPhones has no transparent corner (iOS fills it in black).
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

const publicDir = path.resolve(import.meta.dirname, '../../public');

type Screenshot = { src: string; sizes: string; type: string; form_factor?: string; label?: string };
const manifest = JSON.parse(fs.readFileSync(path.join(publicDir, 'manifest.webmanifest'), 'utf8')) as {
  screenshots?: Screenshot[];
};

describe('install assets', () => {
  it('list a phone and a desktop screenshot, each a file of the declared size and type', async () => {
    const screenshots = manifest.screenshots ?? [];
    expect(screenshots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide']);
    for (const shot of screenshots) {
      expect(shot.label, shot.src).toBeTruthy();
      const file = path.join(publicDir, shot.src);
      expect(fs.existsSync(file), shot.src).toBe(true);
      const { width, height, format } = await sharp(file).metadata();
      expect(`${width}x${height}`, shot.src).toBe(shot.sizes);
      expect(`image/${format}`, shot.src).toBe(shot.type);
      // Narrow is taller than wide, wide wider than tall (what Chrome checks).
      expect((width ?? 0) > (height ?? 0), shot.src).toBe(shot.form_factor === 'wide');
    }
  });

  it('give iPhones an opaque home-screen icon: its corners are the brand colour, not transparent', async () => {
    const { data, info } = await sharp(path.join(publicDir, 'apple-touch-icon.png'))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([180, 180]);
    const pixel = (x: number, y: number) => {
      const at = (y * info.width + x) * info.channels;
      return [...data.subarray(at, at + 4)];
    };
    for (const [x, y] of [
      [0, 0],
      [179, 0],
      [0, 179],
      [179, 179],
    ] as const) {
      expect(pixel(x, y), `corner ${x},${y}`).toEqual([0x15, 0x80, 0x3d, 255]);
    }
  });
});
