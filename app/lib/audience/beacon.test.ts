// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUDIENCE_LIMITS, AudienceBeaconSchema } from '#common/schemas/audience.ts';
import { openPage, privacySignals } from '#tests/helpers/audience-page.ts';
import { AUDIENCE_URL, MAX_ENGAGED_MS, startBeacon } from './beacon';

type Sent = { url: string; type: string; body: Record<string, unknown> };

let page: AbortController;
let clock = 0;
let visibility: DocumentVisibilityState = 'visible';
let beacons: Promise<Sent>[] = [];
let sendBeacon: ReturnType<typeof vi.fn>;

beforeEach(() => {
  page = new AbortController();
  clock = 0;
  visibility = 'visible';
  beacons = [];
  vi.spyOn(performance, 'now').mockImplementation(() => clock);
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  // The browser's beacon queue: what it was given, read back as the server would.
  sendBeacon = vi.fn((url: string, data: Blob) => {
    beacons.push(data.text().then((text) => ({ url, type: data.type, body: JSON.parse(text) })));
    return true;
  });
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { sendBeacon }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status: 202 })),
  );
});
afterEach(() => {
  page.abort();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  privacySignals({});
});

const sent = () => Promise.all(beacons);
const bodies = async () => (await sent()).map((beacon) => beacon.body);

function setVisibility(state: DocumentVisibilityState, at: number) {
  clock = at;
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

function pageEvent(type: 'pagehide' | 'pageshow', persisted: boolean, at: number) {
  clock = at;
  window.dispatchEvent(Object.assign(new Event(type), { persisted }));
}

describe('the audience beacon', () => {
  it('sends one page view on load: the path, the referring site and the campaign tags, and nothing in the URL', async () => {
    openPage(
      '/services/seo?utm_source=facebook&utm_medium=social&utm_campaign=lancement&utm_content=video&utm_term=seo%20kinshasa&token=secret',
      {
        referrer: 'https://l.facebook.com/l.php?u=https%3A%2F%2Fexample.cd',
      },
    );
    clock = 1_800;
    startBeacon(page.signal);

    const [beacon, ...more] = await sent();
    expect(more).toEqual([]);
    expect(beacon).toEqual({
      url: AUDIENCE_URL,
      type: 'application/json',
      body: {
        type: 'pageview',
        path: '/services/seo',
        referrer: 'https://l.facebook.com/',
        utmSource: 'facebook',
        utmMedium: 'social',
        utmCampaign: 'lancement',
        utmContent: 'video',
        utmTerm: 'seo kinshasa',
      },
    });
    expect(AUDIENCE_URL).toBe('/api/audience');
    expect(AudienceBeaconSchema.parse(beacon?.body)).toEqual(beacon?.body);
    // No cookie, no storage.
    expect(document.cookie).toBe('');
    expect(localStorage.length).toBe(0);
  });

  it('leaves out a referrer from the site itself (its address may hold a link’s token)', async () => {
    openPage('/contact', { referrer: `${location.origin}/newsletter/manage?token=abc` });
    startBeacon(page.signal);
    expect(await bodies()).toEqual([{ type: 'pageview', path: '/contact' }]);
  });

  it('sends the engaged time when the page is hidden or left, counting only the time it was visible', async () => {
    openPage('/blog/article');
    clock = 2_000;
    startBeacon(page.signal);
    // Read for 15 s from the page's opening, then another tab for a minute, then 4 s more.
    setVisibility('hidden', 15_000);
    setVisibility('visible', 75_000);
    // Leaving the page: the browser says hidden, then pagehide; one engagement only.
    setVisibility('hidden', 79_000);
    pageEvent('pagehide', false, 79_010);

    const all = await bodies();
    expect(all).toEqual([
      { type: 'pageview', path: '/blog/article' },
      { type: 'engagement', path: '/blog/article', engagedMs: 15_000 },
      { type: 'engagement', path: '/blog/article', engagedMs: 4_000 },
    ]);
    for (const body of all) expect(AudienceBeaconSchema.safeParse(body).success).toBe(true);
  });

  it('counts a page the browser prerendered from when it was shown', async () => {
    openPage('/services');
    vi.spyOn(performance, 'getEntriesByType').mockImplementation((kind: string) =>
      kind === 'navigation' ? ([{ type: 'navigate', activationStart: 7_000 }] as never) : [],
    );
    clock = 9_000;
    startBeacon(page.signal);
    setVisibility('hidden', 20_000);
    expect((await bodies()).at(-1)).toEqual({ type: 'engagement', path: '/services', engagedMs: 13_000 });
  });

  it('counts a page opened in the background from when it is shown', async () => {
    openPage('/portfolio');
    visibility = 'hidden';
    clock = 1_000;
    startBeacon(page.signal);
    setVisibility('visible', 30_000);
    pageEvent('pagehide', false, 42_500);
    expect(await bodies()).toEqual([
      { type: 'pageview', path: '/portfolio' },
      { type: 'engagement', path: '/portfolio', engagedMs: 12_500 },
    ]);
  });

  it('sends nothing for a page never seen, and caps a page left open for days', async () => {
    openPage('/');
    visibility = 'hidden';
    startBeacon(page.signal);
    pageEvent('pagehide', false, 5_000);
    expect(await bodies()).toEqual([{ type: 'pageview', path: '/' }]);

    page.abort();
    page = new AbortController();
    beacons = [];
    visibility = 'visible';
    clock = 0;
    startBeacon(page.signal);
    setVisibility('hidden', 3 * 86_400_000);
    expect((await bodies()).at(-1)).toEqual({ type: 'engagement', path: '/', engagedMs: MAX_ENGAGED_MS });
    expect(MAX_ENGAGED_MS).toBe(AUDIENCE_LIMITS.engagedMs);
  });

  it('counts a page back from the back-forward cache as a new page view, its time afresh', async () => {
    openPage('/services');
    startBeacon(page.signal);
    setVisibility('hidden', 6_000);
    pageEvent('pagehide', true, 6_000);
    clock = 50_000;
    visibility = 'visible';
    pageEvent('pageshow', true, 50_000);
    setVisibility('hidden', 58_000);
    expect(await bodies()).toEqual([
      { type: 'pageview', path: '/services' },
      { type: 'engagement', path: '/services', engagedMs: 6_000 },
      { type: 'pageview', path: '/services' },
      { type: 'engagement', path: '/services', engagedMs: 8_000 },
    ]);
  });

  it('falls back to fetch with keepalive when the browser has no sendBeacon or refuses it', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 202 }));
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { sendBeacon: undefined }));
    openPage('/about');
    startBeacon(page.signal);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { sendBeacon: () => false }));
    setVisibility('hidden', 9_000);

    expect(fetch.mock.calls).toEqual([
      [
        '/api/audience',
        {
          method: 'POST',
          keepalive: true,
          body: JSON.stringify({ type: 'pageview', path: '/about' }),
          headers: { 'Content-Type': 'application/json' },
        },
      ],
      [
        '/api/audience',
        expect.objectContaining({
          keepalive: true,
          body: JSON.stringify({ type: 'engagement', path: '/about', engagedMs: 9_000 }),
        }),
      ],
    ]);
  });

  it.each([
    ['Do Not Track', '/', () => privacySignals({ doNotTrack: '1' })],
    ['Global Privacy Control', '/', () => privacySignals({ globalPrivacyControl: true })],
    ['the back-office', '/admin/contacts', () => undefined],
    ['the offline page', '/offline?from=%2Fservices', () => undefined],
  ])('sends nothing with %s', async (_case, url, set) => {
    set();
    openPage(url);
    startBeacon(page.signal);
    setVisibility('hidden', 20_000);
    pageEvent('pagehide', false, 20_000);
    expect(sendBeacon).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });
});
