// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUDIENCE_LIMITS, VisitSchema } from '#common/schemas/audience.ts';
import { openPage, privacySignals } from '#tests/helpers/audience-page.ts';
import { LIMITS } from './page';
import { currentVisit, recordVisit, VISIT_GAP_MS, VISIT_KEY } from './visit';

beforeEach(() => {
  sessionStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  privacySignals({});
  sessionStorage.clear();
});

/** A page opened in the tab, recorded as the islands' entry does. */
function visitPage(url: string, options: Parameters<typeof openPage>[1] = {}) {
  openPage(url, options);
  recordVisit();
}

describe('the tab’s visit (sessionStorage only)', () => {
  it('keeps the landing page, its referring site and its campaign tags, and counts every page after it', () => {
    visitPage('/?utm_source=facebook&utm_medium=social&utm_campaign=lancement&fbclid=x', {
      referrer: 'https://l.facebook.com/l.php?u=https%3A%2F%2Fexample.cd%2F',
    });
    visitPage('/services', { referrer: `${location.origin}/?utm_source=facebook` });
    visitPage('/services/seo', { referrer: `${location.origin}/services` });
    visitPage('/contact', { referrer: `${location.origin}/services/seo` });

    const visit = currentVisit();
    expect(visit).toEqual({
      referrer: 'https://l.facebook.com/',
      landingPath: '/',
      utmSource: 'facebook',
      utmMedium: 'social',
      utmCampaign: 'lancement',
      pages: ['/', '/services', '/services/seo', '/contact'],
      pagesSeen: 4,
    });
    // What the forms send is what the server's schema reads, untouched.
    expect(VisitSchema.parse(visit)).toEqual(visit);
    // Kept for the tab alone: nothing in localStorage, no cookie.
    expect(localStorage.length).toBe(0);
    expect(document.cookie).toBe('');
  });

  it('has the form’s page as its last page, without counting a page twice', () => {
    visitPage('/');
    visitPage('/contact');
    // The form reads the visit after the entry recorded the page: the same page, once.
    expect(currentVisit()).toMatchObject({ pages: ['/', '/contact'], pagesSeen: 2 });
    expect(currentVisit()).toMatchObject({ pages: ['/', '/contact'], pagesSeen: 2 });
    // A form sent before the entry recorded the page records it itself.
    openPage('/services');
    expect(currentVisit()).toMatchObject({ pages: ['/', '/contact', '/services'], pagesSeen: 3 });
  });

  it('counts a page seen again through the back button, and a reload once', () => {
    visitPage('/');
    visitPage('/blog');
    visitPage('/blog', { type: 'reload' });
    visitPage('/', { type: 'back_forward' });
    expect(currentVisit()).toMatchObject({ landingPath: '/', pages: ['/', '/blog', '/'], pagesSeen: 3 });
  });

  it('keeps the last 20 pages and counts them all', () => {
    visitPage('/');
    for (let page = 1; page <= 25; page++) visitPage(`/blog/article-${page}`);
    const visit = currentVisit();
    expect(visit?.pagesSeen).toBe(26);
    expect(visit?.pages).toHaveLength(AUDIENCE_LIMITS.pages);
    expect(visit?.pages.at(-1)).toBe('/blog/article-25');
    expect(visit?.landingPath).toBe('/');
  });

  it('starts a new visit on an arrival from another site or a campaign link, and after 30 minutes without a page', () => {
    vi.useFakeTimers({ now: new Date('2026-05-04T09:00:00Z'), toFake: ['Date'] });
    visitPage('/', { referrer: 'https://www.google.com/' });
    visitPage('/services');
    // Back later in the same tab, through a newsletter's link.
    visitPage('/blog/nouveautes?utm_source=newsletter&utm_medium=email&utm_campaign=mai-2026');
    expect(currentVisit()).toEqual({
      landingPath: '/blog/nouveautes',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'mai-2026',
      pages: ['/blog/nouveautes'],
      pagesSeen: 1,
    });

    vi.setSystemTime(Date.now() + VISIT_GAP_MS + 1_000);
    visitPage('/contact', { referrer: `${location.origin}/blog/nouveautes` });
    expect(currentVisit()).toEqual({ landingPath: '/contact', pages: ['/contact'], pagesSeen: 1 });
  });

  it('keeps no visit and sends none when the browser asks not to be tracked (Do Not Track, Global Privacy Control)', () => {
    visitPage('/?utm_source=facebook');
    expect(currentVisit()).toBeDefined();

    privacySignals({ doNotTrack: '1' });
    visitPage('/services');
    expect(sessionStorage.getItem(VISIT_KEY)).toBeNull();
    expect(currentVisit()).toBeUndefined();

    privacySignals({ globalPrivacyControl: true });
    visitPage('/contact?utm_source=facebook');
    expect(sessionStorage.getItem(VISIT_KEY)).toBeNull();
    expect(currentVisit()).toBeUndefined();
  });

  it('records neither the back-office nor the offline page', () => {
    visitPage('/');
    visitPage('/offline?from=%2Fservices');
    visitPage('/admin/contacts');
    visitPage('/contact');
    expect(currentVisit()).toMatchObject({ pages: ['/', '/contact'], pagesSeen: 2 });
  });

  it('never breaks a page or a form when the storage is refused, full or holds something else', () => {
    sessionStorage.setItem(VISIT_KEY, '{"landingPath":');
    visitPage('/services');
    expect(currentVisit()).toMatchObject({ landingPath: '/services', pages: ['/services'] });

    sessionStorage.setItem(
      VISIT_KEY,
      JSON.stringify({ landingPath: '/', pages: 'nope', pagesSeen: 1, at: 1 }),
    );
    visitPage('/blog');
    expect(currentVisit()).toMatchObject({ landingPath: '/blog', pages: ['/blog'] });

    // Full: the page and the form go on, with the visit as it was.
    const kept = sessionStorage.getItem(VISIT_KEY);
    vi.stubGlobal('sessionStorage', {
      getItem: () => kept,
      removeItem: () => undefined,
      setItem: () => {
        throw new DOMException('Quota exceeded', 'QuotaExceededError');
      },
    });
    expect(() => visitPage('/contact')).not.toThrow();
    expect(currentVisit()).toMatchObject({ landingPath: '/blog' });
    vi.unstubAllGlobals();

    // Refused (storage disabled): even reading `sessionStorage` throws.
    const own = Object.getOwnPropertyDescriptor(window, 'sessionStorage');
    Object.defineProperty(window, 'sessionStorage', {
      configurable: true,
      get: () => {
        throw new DOMException('Access denied', 'SecurityError');
      },
    });
    try {
      expect(() => visitPage('/contact')).not.toThrow();
      expect(currentVisit()).toBeUndefined();
    } finally {
      if (own) Object.defineProperty(window, 'sessionStorage', own);
      else Reflect.deleteProperty(window, 'sessionStorage');
    }
  });

  it('cuts what it keeps to what the server accepts', () => {
    expect(LIMITS).toEqual({
      path: AUDIENCE_LIMITS.path,
      referrer: AUDIENCE_LIMITS.referrer,
      utm: AUDIENCE_LIMITS.utm,
    });
    visitPage(`/blog/${'a'.repeat(400)}?utm_campaign=${'c'.repeat(150)}`);
    const visit = currentVisit();
    expect(VisitSchema.safeParse(visit).success).toBe(true);
    expect(visit?.utmCampaign).toHaveLength(AUDIENCE_LIMITS.utm);
  });
});
