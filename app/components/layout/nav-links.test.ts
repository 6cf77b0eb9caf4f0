import { describe, expect, it } from 'vitest';
import { isNavActive } from './nav-links';

describe('isNavActive', () => {
  it('matches the root only exactly', () => {
    expect(isNavActive('/', '/')).toBe(true);
    expect(isNavActive('/', '/services')).toBe(false);
  });
  it('matches other links by path prefix, segment by segment', () => {
    expect(isNavActive('/services', '/services')).toBe(true);
    expect(isNavActive('/services', '/services/abc')).toBe(true);
    expect(isNavActive('/blog', '/blog/mon-article')).toBe(true);
    expect(isNavActive('/blog', '/blogueurs')).toBe(false);
  });
});
