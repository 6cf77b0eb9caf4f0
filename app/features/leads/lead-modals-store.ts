/**
 * Which lead modal is open (docs/product.md §2.7: any 'Demander un devis' or call button on any page opens
 * the quote or call modal, optionally with a preselected service). Framework-free: the buttons are plain
 * server-rendered markup (`data-lead`, see app/lib/lead-trigger.ts) that need no hydration, and one
 * document-level listener (installLeadTriggers) opens the modal host (lead-modals.tsx), which lives in its
 * own island on public pages (docs/decisions/030-public-islands.md).
 */
import { LEAD_ATTRIBUTE, LEAD_SERVICE_ATTRIBUTE, type LeadKind } from '~/lib/lead-trigger';

export type { LeadKind };
export type OpenLead = { kind: LeadKind; service?: string };

export type LeadModalsState = {
  open: OpenLead | null;
  /** The button that opened the modal, given the focus back on close. */
  returnFocusTo: HTMLElement | null;
  /** Set at the first opening: from then on the modals' code is rendered (and stays mounted). */
  requested: boolean;
};

const INITIAL: LeadModalsState = { open: null, returnFocusTo: null, requested: false };
let state = INITIAL;
const listeners = new Set<() => void>();

function set(next: LeadModalsState) {
  state = next;
  for (const listener of listeners) listener();
}

export function openLead(kind: LeadKind, service?: string, trigger?: Element | null) {
  const focused = trigger ?? (typeof document === 'undefined' ? null : document.activeElement);
  set({
    open: { kind, service },
    returnFocusTo: focused instanceof HTMLElement ? focused : null,
    requested: true,
  });
}

export const openQuote = (service?: string) => openLead('quote', service);
export const openCall = (service?: string) => openLead('call', service);

/** Closing clears the preselection (docs/product.md §2.7). */
export function closeLead() {
  if (state.open) set({ ...state, open: null });
}

/** After the modals' code failed to download: the next opening tries again. */
export function resetLeadModals() {
  set(INITIAL);
}

export function subscribeLeadModals(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const getLeadModalsState = () => state;
export const getServerLeadModalsState = () => INITIAL;

/**
 * One listener for every lead button of the document, present or future. Returns its removal.
 * A click that arrived before the page's script (see app/islands/bootstrap.ts) is replayed by the
 * caller through `openFromTrigger`.
 */
export function installLeadTriggers(root: Document = document): () => void {
  const onClick = (event: MouseEvent) => {
    const trigger = (event.target as Element | null)?.closest?.(`[${LEAD_ATTRIBUTE}]`);
    if (!trigger || event.defaultPrevented) return;
    event.preventDefault();
    openFromTrigger(trigger);
  };
  root.addEventListener('click', onClick);
  return () => root.removeEventListener('click', onClick);
}

export function openFromTrigger(trigger: Element) {
  const kind = trigger.getAttribute(LEAD_ATTRIBUTE);
  if (kind !== 'quote' && kind !== 'call') return;
  openLead(kind, trigger.getAttribute(LEAD_SERVICE_ATTRIBUTE) ?? undefined, trigger);
}
