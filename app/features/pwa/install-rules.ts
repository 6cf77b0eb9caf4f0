/**
 * When the install prompt may show (docs/product.md §3.4, §4.6, §9.8): never in standalone mode or once
 * installed; otherwise when never prompted, or last prompted (shown or dismissed) 7 or more days ago.
 */
import { INSTALL_REPROMPT_INTERVAL } from '#common/constants.ts';

export type InstallContext = {
  now: number;
  /** The `prompted` entry of localStorage: an ISO timestamp, or null. */
  promptedAt: string | null;
  /** The `installed` entry of localStorage. */
  installedFlag: string | null;
  standalone: boolean;
};

export function installPromptDue({ now, promptedAt, installedFlag, standalone }: InstallContext): boolean {
  if (standalone || installedFlag === 'true') return false;
  if (!promptedAt) return true;
  const last = Date.parse(promptedAt);
  // An unreadable timestamp counts as never prompted: someone's storage, not a reason to never ask.
  if (Number.isNaN(last)) return true;
  return now - last >= INSTALL_REPROMPT_INTERVAL;
}

/** Running as an installed app: the display mode, or iOS Safari's own flag. */
export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/** iPhone and iPad Safari: no beforeinstallprompt, installation is by hand from the share sheet. */
export function isIosSafari(userAgent: string, maxTouchPoints = 0): boolean {
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  return ios && /Safari/.test(userAgent) && !/CriOS|FxiOS|EdgiOS/.test(userAgent);
}
