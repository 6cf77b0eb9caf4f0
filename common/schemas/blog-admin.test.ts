import { describe, expect, it } from 'vitest';
import { BlogPostInputSchema, SlugSchema, slugify } from './blog-admin.ts';

describe('slugify', () => {
  it('lowercases, removes accents and ligatures, joins words with single dashes', () => {
    expect(slugify('Stratégie : l’œuvre du « Growth » — 2026 !')).toBe('strategie-l-oeuvre-du-growth-2026');
    expect(slugify('  --Déjà vu--  ')).toBe('deja-vu');
    expect(slugify('¡¿!')).toBe('');
  });

  it('keeps 80 characters at most, cut between words when it can', () => {
    const slug = slugify('marketing digital '.repeat(10));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug).toMatch(/^marketing-digital-.*[a-z]$/);
    expect(slug.endsWith('-')).toBe(false);
    expect(slugify('a'.repeat(120))).toHaveLength(80);
  });

  it('always produces what the slug schema accepts', () => {
    for (const title of ['Été 2026 à Goma', 'TikTok & Mobile Money', 'x'.repeat(200)]) {
      expect(SlugSchema.safeParse(slugify(title)).success).toBe(true);
    }
  });
});

describe('BlogPostInputSchema', () => {
  it('takes an empty slug and image as none, and refuses a non-https image', () => {
    const parsed = BlogPostInputSchema.parse({
      title: 'Titre',
      slug: '',
      category: 'branding',
      coverImage: '',
      content: 'Texte',
    });
    expect(parsed).toMatchObject({ slug: undefined, coverImage: null, excerpt: '' });
    const refused = BlogPostInputSchema.safeParse({
      title: 'Titre',
      category: 'branding',
      coverImage: 'http://exemple.cd/a.jpg',
      content: 'Texte',
    });
    expect(refused.success).toBe(false);
  });
});
