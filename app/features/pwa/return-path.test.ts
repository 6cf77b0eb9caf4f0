import { describe, expect, it } from 'vitest';
import { sameOriginTarget } from './return-path.ts';

const ORIGIN = 'https://lisanga-digital.cd';

describe('the offline page sends a visitor back only to a page of the site', () => {
  it('keeps a path of the site, with its query and fragment', () => {
    expect(sameOriginTarget('/blog?page=2#haut', ORIGIN)).toBe(`${ORIGIN}/blog?page=2#haut`);
    expect(sameOriginTarget('/services/abc', ORIGIN)).toBe(`${ORIGIN}/services/abc`);
  });

  it.each([
    '/\\evil.example/x',
    '\\\\evil.example/x',
    '/\t/evil.example/x',
    '//evil.example/x',
    'http:evil.example/x',
    'https://evil.example/x',
    'http://lisanga-digital.cd/',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
  ])('refuses %j, which names another origin', (from) => {
    expect(sameOriginTarget(from, ORIGIN)).toBeNull();
  });

  it('reads a same-scheme "https:evil.example/x" as a path of the site, as a browser does', () => {
    expect(sameOriginTarget('https:evil.example/x', ORIGIN)).toBe(`${ORIGIN}/evil.example/x`);
  });

  it('keeps an encoded backslash as a path of the site (it never reaches another host)', () => {
    expect(sameOriginTarget('/%5Cevil.example/x', ORIGIN)).toBe(`${ORIGIN}/%5Cevil.example/x`);
  });

  it('refuses nothing given', () => {
    expect(sameOriginTarget(null, ORIGIN)).toBeNull();
    expect(sameOriginTarget('', ORIGIN)).toBeNull();
  });
});
