/**
 * Debian's Chromium as every browser tool here launches it (Playwright, Lighthouse): no browser is
 * downloaded on these machines, and without the background-networking flags Chromium floods the
 * closed network with connections that are refused.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
