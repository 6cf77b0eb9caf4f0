/**
 * The tab's visit (docs/decisions/084-first-party-audience.md): where the visitor arrived from
 * (the other site's address, the campaign tags), the landing page and the pages seen since, kept
 * in the tab's sessionStorage only (gone when the tab closes; no cookie, nothing shared with other
 * tabs) and sent with a form (`visit` of POST /api/contact, /api/newsletter/subscribe and
 * /api/calls/book) so that the lead, the sign-up or the booked call knows what brought it.
 *
 * Every public page records itself (app/islands/entry.client.ts), and a form records its page
 * again if needed before reading the visit (`currentVisit`), so the visit's last page is the
 * form's. A new visit starts on the tab's first page, on an arrival from another site or with
 * campaign tags, and after 30 minutes without a page (the server's gap between two visits).
 * Nothing is kept, and nothing sent, when the browser asks not to be tracked (Do Not Track,
 * Global Privacy Control), in the back-office or on the offline page. Storage that is refused,
 * full or holds something unreadable never stops a page or a form: there is then no visit.
 */
import type { VisitInput } from '#common/schemas/audience.ts';
import { externalReferrer, measurable, pagePath, trackingRefused, utmTags } from './page';

export const VISIT_KEY = 'visit';
/** The pages a visit keeps (AUDIENCE_LIMITS.pages): the last ones. */
export const VISIT_PAGES = 20;
/** Without a page for this long, the next one starts a new visit (as the server cuts visits). */
export const VISIT_GAP_MS = 30 * 60_000;

/** The visit as the tab keeps it: the body's shape, with the last page's time and document. */
type StoredVisit = VisitInput & { at: number; doc: number };

function read(): StoredVisit | undefined {
  try {
    const stored = JSON.parse(sessionStorage.getItem(VISIT_KEY) ?? 'null') as StoredVisit | null;
    if (
      typeof stored?.landingPath === 'string' &&
      Array.isArray(stored.pages) &&
      stored.pages.length > 0 &&
      stored.pages.every((page) => typeof page === 'string') &&
      typeof stored.pagesSeen === 'number' &&
      typeof stored.at === 'number'
    )
      return stored;
  } catch {
    // Refused (private mode, disabled storage) or unreadable: no visit.
  }
  return undefined;
}

/** How this document was opened: 'navigate', 'reload', 'back_forward' (Navigation Timing). */
function navigationType(): string {
  const [entry] = (performance.getEntriesByType?.('navigation') ?? []) as PerformanceNavigationTiming[];
  return entry?.type ?? 'navigate';
}

/** The document whose arrival was looked at: a page back from the back-forward cache is no new arrival. */
let arrivalSeen: number | undefined;

/**
 * Whether this document is a new arrival, from another site or through a link with campaign tags
 * (only the first time it records itself, and not on a reload or a history step).
 */
function isArrival(doc: number): boolean {
  if (arrivalSeen === doc) return false;
  arrivalSeen = doc;
  if (navigationType() !== 'navigate') return false;
  return externalReferrer() !== undefined || Object.keys(utmTags()).length > 0;
}

/**
 * Records this page in the tab's visit, once per page: on the tab's first page (or a new arrival),
 * the landing details; then the page's path. Never throws.
 */
export function recordVisit(): void {
  try {
    if (trackingRefused()) {
      sessionStorage.removeItem(VISIT_KEY);
      return;
    }
    if (!measurable()) return;
    const path = pagePath();
    const doc = performance.timeOrigin;
    const now = Date.now();
    let visit = read();
    // This document already recorded itself, and no other page came since.
    if (visit?.doc === doc && visit.pages.at(-1) === path) return;
    const arrival = isArrival(doc);
    if (!visit || now - visit.at > VISIT_GAP_MS || arrival) {
      visit = {
        referrer: externalReferrer(),
        landingPath: path,
        ...utmTags(),
        pages: [],
        pagesSeen: 0,
        at: now,
        doc,
      };
    }
    // A reload is the same page seen once.
    if (!(navigationType() === 'reload' && visit.pages.at(-1) === path)) {
      visit.pages = [...visit.pages, path].slice(-VISIT_PAGES);
      visit.pagesSeen += 1;
    }
    sessionStorage.setItem(VISIT_KEY, JSON.stringify({ ...visit, at: now, doc }));
  } catch {
    // Storage refused or full: the page goes on without a visit.
  }
}

/**
 * The tab's visit with this page as its last, for a form's body; undefined when there is none
 * (not measured, storage refused). The forms read it when they are sent: a form kept offline
 * sends later the visit of its submission.
 */
export function currentVisit(): VisitInput | undefined {
  if (typeof window === 'undefined') return undefined;
  recordVisit();
  if (refusedSafely()) return undefined;
  const visit = read();
  if (!visit) return undefined;
  const { at: _at, doc: _doc, ...body } = visit;
  return body;
}

function refusedSafely(): boolean {
  try {
    return trackingRefused();
  } catch {
    return true;
  }
}
