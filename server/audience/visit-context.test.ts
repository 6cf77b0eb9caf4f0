import { describe, expect, it } from 'vitest';
import { attributionOf, countryOf, readVisitContext, referrerHostOf } from './visit-context.ts';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:120.0) Gecko/20100101 Firefox/120.0';

describe('what the measurement reads of a request', () => {
  it('keeps a device class, a browser family and a country, and knows a crawler', () => {
    expect(readVisitContext({ ip: '41.243.0.1', userAgent: ANDROID_CHROME })).toEqual({
      device: 'mobile',
      browser: 'Chrome',
      country: 'CD',
      isBot: false,
    });
    expect(readVisitContext({ ip: '::ffff:8.8.8.8', userAgent: IPAD })).toMatchObject({
      device: 'tablet',
      browser: 'Safari',
      country: 'US',
    });
    expect(readVisitContext({ ip: '127.0.0.1', userAgent: WINDOWS_FIREFOX })).toMatchObject({
      device: 'desktop',
      browser: 'Firefox',
      country: null,
    });
    expect(readVisitContext({ userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1)' }).isBot).toBe(true);
    expect(readVisitContext({ userAgent: '' }).isBot).toBe(true);
  });

  it('finds no country for private, reserved or malformed addresses', () => {
    for (const address of ['10.0.0.1', '192.168.1.4', '::1', 'fd00::1', 'pas une adresse', undefined]) {
      expect(countryOf(address)).toBeNull();
    }
  });

  it('keeps only the host of another site as a referrer', () => {
    expect(referrerHostOf('https://www.facebook.com/some/post?fbclid=abc', 'agence.cd')).toBe('facebook.com');
    expect(referrerHostOf('https://agence.cd/services', 'agence.cd')).toBeNull();
    expect(referrerHostOf('https://www.agence.cd/', 'agence.cd')).toBeNull();
    expect(referrerHostOf('javascript:alert(1)', 'agence.cd')).toBeNull();
    expect(referrerHostOf('pas une adresse', 'agence.cd')).toBeNull();
  });
});

describe('the attribution of a conversion', () => {
  it('names the source and keeps the landing, the form page and the pages seen', () => {
    const attribution = attributionOf(
      {
        referrer: 'https://l.facebook.com/',
        landingPath: '/',
        utmSource: 'facebook',
        utmCampaign: 'lancement',
        pages: ['/', '/services', '/services/seo', '/contact'],
        pagesSeen: 4,
      },
      { device: 'mobile', country: 'CD' },
      'agence.cd',
    );
    expect(attribution).toEqual({
      source: 'Facebook',
      referrerHost: 'l.facebook.com',
      landingPath: '/',
      formPath: '/contact',
      pages: ['/', '/services', '/services/seo', '/contact'],
      pagesSeen: 4,
      device: 'mobile',
      country: 'CD',
      utmSource: 'facebook',
      utmCampaign: 'lancement',
    });
  });

  it('says "Accès direct" without referrer or UTM, and nothing without a visit', () => {
    expect(
      attributionOf(
        { landingPath: '/blog', pages: ['/blog'], pagesSeen: 1 },
        { device: 'desktop', country: null },
        'agence.cd',
      )?.source,
    ).toBe('Accès direct');
    expect(attributionOf(undefined, { device: 'desktop', country: null }, 'agence.cd')).toBeNull();
  });
});
