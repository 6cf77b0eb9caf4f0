/**
 * Debian's Chromium as every browser tool here launches it (Playwright, Lighthouse): no browser is
 * downloaded on these machines, and without the background-networking flags Chromium floods the
 * closed network with connections that are refused.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The end-to-end tests' browser: the same Debian build of Chromium (same Blink, V8 and network
 * stack) without the desktop browser's own layer, Debian's `chromium-headless-shell` (the "old
 * headless" that Playwright itself runs headless tests on). A new page costs a third of the CPU,
 * and CPU is what CI's time is made of (docs/decisions/114-e2e-headless-shell.md). What only the
 * full browser has (a push message shown as a system notification) is tested on CHROMIUM_PATH.
 */
export const HEADLESS_SHELL_PATH = process.env.HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
