import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BLOG_CATEGORIES, type BlogCategory } from '#common/enums.ts';
import { SEED_POSTS } from '#db/seed-data.ts';
import { renderPostCover } from './render.ts';
import { postCoverSpec } from './specs.ts';

/**
 * Generated post covers (docs/decisions/088-art-directed-covers.md): each category its own art,
 * each post its own variation, never the title. "Look the same" is measured as people see it:
 * the difference hash (dHash) of each cover, 64 bits from a 9 x 8 grey thumbnail; two pictures
 * that look alike differ by a few bits, unrelated ones by about 32.
 */

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

/**
 * Fewer differing bits than this and two covers would look the same (measured: decision 088).
 * Across categories the palettes differ too, which a grey thumbnail cannot see: the bar is lower.
 */
const MIN_DISTANCE = { sameCategory: 8, acrossCategories: 5 };
const POSTS_PER_CATEGORY = 6;

const cover = (slug: string, category: BlogCategory, title = 'Un titre') =>
  renderPostCover(
    postCoverSpec({ id: crypto.randomUUID(), slug, title, category, coverImage: null }),
    { width: 1200, height: 800 },
    { format: 'webp', width: 480, height: 320 },
  );

describe('generated post covers', () => {
  it('never depend on the title: the title is printed under them', async () => {
    const slug = 'dix-idees-pour-vos-reseaux';
    const post = { id: crypto.randomUUID(), slug, category: 'branding' as const, coverImage: null };
    const spec = postCoverSpec({ ...post, title: 'Dix idées pour vos réseaux' });
    expect(JSON.stringify(spec)).not.toMatch(/Dix idées|dix-idees/);
    expect(spec).toEqual({ category: 'branding', seed: expect.any(Number) });
    const first = await cover(slug, 'branding', 'Premier titre');
    expect(first.equals(await cover(slug, 'branding', 'Un tout autre titre'))).toBe(true);
  });

  it('no two posts look the same, within a category or across them: the seeded posts and more', {
    timeout: 120_000,
  }, async () => {
    // The seeded posts, then made-up ones up to six a category.
    const posts = SEED_POSTS.map(({ slug, category }) => ({ slug, category }));
    for (const category of BLOG_CATEGORIES) {
      for (let n = posts.filter((post) => post.category === category).length; n < POSTS_PER_CATEGORY; n++) {
        posts.push({ slug: `${category.replace('_', '-')}-conseil-${n + 1}`, category });
      }
    }
    const hashes: { category: BlogCategory; hash: boolean[] }[] = [];
    for (const { slug, category } of posts) {
      hashes.push({ category, hash: await differenceHash(await cover(slug, category)) });
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
    expect([...closest.keys()].sort()).toEqual([...BLOG_CATEGORIES, 'across categories'].sort());
    for (const [pair, nearest] of closest) {
      const bar = pair === 'across categories' ? MIN_DISTANCE.acrossCategories : MIN_DISTANCE.sameCategory;
      expect(nearest, pair).toBeGreaterThanOrEqual(bar);
    }
  });
});
