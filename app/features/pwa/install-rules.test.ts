import { describe, expect, it } from 'vitest';
import { INSTALL_REPROMPT_INTERVAL } from '#common/constants.ts';
import { installPromptDue, isIosSafari } from './install-rules.ts';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const DAY = 24 * 60 * 60 * 1_000;
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const due = (overrides: Partial<Parameters<typeof installPromptDue>[0]> = {}) =>
  installPromptDue({ now: NOW, promptedAt: null, installedFlag: null, standalone: false, ...overrides });

describe('installPromptDue (docs/product.md §4.6: 7-day re-prompt, never when installed)', () => {
  it('offers installation to a visitor never prompted', () => {
    expect(due()).toBe(true);
  });

  it('waits 7 days after the prompt was last shown or dismissed', () => {
    expect(INSTALL_REPROMPT_INTERVAL).toBe(7 * DAY);
    expect(due({ promptedAt: ago(3 * DAY) })).toBe(false);
    expect(due({ promptedAt: ago(7 * DAY - 60_000) })).toBe(false);
    expect(due({ promptedAt: ago(7 * DAY) })).toBe(true);
    expect(due({ promptedAt: ago(8 * DAY) })).toBe(true);
  });

  it('never offers it once installed or when running as the installed app', () => {
    expect(due({ installedFlag: 'true' })).toBe(false);
    expect(due({ installedFlag: 'true', promptedAt: ago(30 * DAY) })).toBe(false);
    expect(due({ standalone: true })).toBe(false);
  });

  it('treats an unreadable timestamp as never prompted', () => {
    expect(due({ promptedAt: 'hier' })).toBe(true);
  });
});

describe('isIosSafari', () => {
  it('recognises Safari on iPhone and iPad, not Chrome on iOS nor Android', () => {
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
    const ipadDesktopMode =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
    const chromeIos =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1';
    const android =
      'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
    expect(isIosSafari(iphone)).toBe(true);
    expect(isIosSafari(ipadDesktopMode, 5)).toBe(true);
    expect(isIosSafari(ipadDesktopMode, 0)).toBe(false);
    expect(isIosSafari(chromeIos)).toBe(false);
    expect(isIosSafari(android)).toBe(false);
  });
});
