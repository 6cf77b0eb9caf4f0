/**
 * The public site's lead modals in a unit test: rendered and opened as a service's button would,
 * then filled in as a visitor would. The modules are imported when called, so that a test that
 * resets its modules (the modals' store, their lazy chunk and the toasts are module state) gets
 * fresh ones.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';

/** Types `value` into the field labelled `label` inside `scope`. */
export const fill = (scope: HTMLElement, label: string | RegExp, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

/**
 * Renders the lead modals (with the toasts when `withToasts`), opens the quote or call modal for
 * 'Conseil général' and resolves with its dialog, named `name`.
 */
export async function openLeadModal(kind: 'quote' | 'call', name: string, { withToasts = false } = {}) {
  const [{ LeadModalsHost }, { openCall, openQuote }, toasts] = await Promise.all([
    import('#app/features/leads/lead-modals.tsx'),
    import('#app/features/leads/lead-modals-store.ts'),
    withToasts ? import('#app/components/ui/toast-mount.tsx') : undefined,
  ]);
  // The modals and the toaster are lazy chunks, imported here before any render, so that their
  // import settles at once. A whole `npm test` once spun here for good: React retrying, in the
  // microtasks of act, a lazy component whose promise it had marked fulfilled when an earlier
  // host of the same modules loaded it (decision 130, fixed in the host).
  await Promise.all([
    import('#app/lib/query.tsx'),
    import('#app/features/leads/quote-modal.tsx'),
    import('#app/features/leads/call-modal.tsx'),
    withToasts ? import('#app/components/ui/toast.tsx') : undefined,
  ]);
  await act(async () => {
    render(
      <>
        <LeadModalsHost />
        {toasts && <toasts.ToastMount />}
      </>,
    );
  });
  await act(async () => (kind === 'call' ? openCall : openQuote)('Conseil général'));
  return screen.findByRole('dialog', { name });
}

/** Fills the call modal in as Amani Kabeya asking for a discovery call, and sends it. */
export function sendDiscoveryCall(dialog: HTMLElement) {
  fill(dialog, /^Nom complet/, 'Amani Kabeya');
  fill(dialog, /^Email/, 'amani@example.cd');
  fill(dialog, /^Type de discussion/, 'Découverte générale');
  fill(dialog, /^Créneau préféré/, 'Flexible');
  fill(dialog, /^Urgence/, 'Sous 15 jours');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Planifier l’appel' }));
}
