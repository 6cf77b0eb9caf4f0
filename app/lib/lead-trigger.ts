/**
 * How any button opens a lead modal (docs/product.md §2.7: every 'Demander un devis' or call button, on any
 * page): attributes, not a click handler, so the button works in server-rendered markup that is
 * never hydrated. One document-level listener (features/leads/lead-modals-store.ts,
 * installLeadTriggers) reads them and opens the modal; a click before the page's script is
 * replayed by app/islands/bootstrap.ts. Components render the attributes without knowing the
 * modals.
 */
export type LeadKind = 'quote' | 'call';

export const LEAD_ATTRIBUTE = 'data-lead';
export const LEAD_SERVICE_ATTRIBUTE = 'data-lead-service';

/** The attributes to spread on any <button> that opens a lead modal. */
export function leadAttributes(kind: LeadKind, service?: string) {
  return { [LEAD_ATTRIBUTE]: kind, [LEAD_SERVICE_ATTRIBUTE]: service, 'aria-haspopup': 'dialog' as const };
}
