import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BLOG_CATEGORIES, type BlogCategory } from '#common/enums.ts';
import { renderPostCover } from './render.ts';
import { postCoverSpec } from './specs.ts';

/**
 * Generated post covers (docs/decisions/088-art-directed-covers.md): each category its own art,
 * each post its own variation, never the title. "Look the same" is measured as people see it:
 * the difference hash (dHash) of each cover, 64 bits from a 9 x 8 grey thumbnail; two pictures
 * that look alike differ by a few bits, unrelated ones by about 32.
 */

/** A post id as the database gives them, but the same on every run. */
const idOf = (text: string) => {
  const hex = createHash('sha1').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

async function differenceHash(image: Buffer): Promise<boolean[]> {
  const { data } = await sharp(image)
    .greyscale()
    .resize(9, 8, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const bits: boolean[] = [];
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) bits.push((data[y * 9 + x] ?? 0) > (data[y * 9 + x + 1] ?? 0));
  }
  return bits;
}
const distance = (a: boolean[], b: boolean[]) => a.filter((bit, i) => bit !== b[i]).length;

/** Fewer differing bits than this: the two covers would look the same (measured: decision 088). */
const MIN_DISTANCE = 6;
const POSTS_PER_CATEGORY = 6;

const cover = (id: string, category: BlogCategory, title = 'Un titre') =>
  renderPostCover(
    postCoverSpec({ id, title, category, coverImage: null }),
    { width: 1200, height: 800 },
    { format: 'webp', width: 480, height: 320 },
  );

describe('generated post covers', () => {
  it('never depend on the title: the title is printed under them', async () => {
    const id = idOf('titre');
    const spec = postCoverSpec({
      id,
      title: 'Dix idées pour vos réseaux',
      category: 'branding',
      coverImage: null,
    });
    expect(JSON.stringify(spec)).not.toContain('Dix idées');
    expect(spec).toEqual({ category: 'branding', seed: expect.any(Number) });
    expect(
      (await cover(id, 'branding', 'Premier titre')).equals(await cover(id, 'branding', 'Autre titre')),
    ).toBe(true);
  });

  it('no two posts look the same, within a category or across them', { timeout: 120_000 }, async () => {
    const hashes: { category: BlogCategory; hash: boolean[] }[] = [];
    for (const category of BLOG_CATEGORIES) {
      for (let n = 0; n < POSTS_PER_CATEGORY; n++) {
        hashes.push({
          category,
          hash: await differenceHash(await cover(idOf(`${category}-${n}`), category)),
        });
      }
    }
    const closest = new Map<string, number>();
    for (let i = 0; i < hashes.length; i++) {
      for (let j = i + 1; j < hashes.length; j++) {
        const a = hashes[i];
        const b = hashes[j];
        if (!a || !b) continue;
        const pair = a.category === b.category ? a.category : 'across categories';
        closest.set(pair, Math.min(closest.get(pair) ?? 64, distance(a.hash, b.hash)));
      }
    }
    for (const [pair, nearest] of closest) expect(nearest, pair).toBeGreaterThanOrEqual(MIN_DISTANCE);
  });
});
