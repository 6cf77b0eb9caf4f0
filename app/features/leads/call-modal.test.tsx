// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '#tests/helpers/admin-screen.tsx';
import { openLeadModal, sendDiscoveryCall } from '#tests/helpers/lead-modals.tsx';

const BOOKING_PATH = '/appel-decouverte?token=abc.def';

/** Who answers the call request: with the booking page's path when someone is bookable. */
function stubServer(accepted: { id: string; bookingPath?: string }) {
  return stubFetch({
    'GET /api/services': { json: [] },
    'POST /api/contact': { status: 201, json: accepted },
  });
}

/** Opens the call modal, fills it in and sends it; resolves once the confirmation card is shown. */
async function requestCall() {
  // Fresh modules for each test (see beforeEach): the modals' store, their lazy chunk and the toasts.
  const dialog = await openLeadModal('call', 'Planifions un appel découverte', { withToasts: true });
  sendDiscoveryCall(dialog);
  const card = await screen.findByRole('region', { name: 'Demande d’appel bien reçue' });
  // The toast on screen: its title, and the description beside it.
  const title = await screen.findByText(/^Demande d’appel envoyée avec succès\s!$/);
  const toast = title.parentElement as HTMLElement;
  return { card, toast };
}

beforeEach(() => {
  vi.resetModules();
});
afterEach(() => {
  cleanup();
});

describe('after a call request, the toast and the confirmation card tell one story', () => {
  it('when someone is bookable, both invite the visitor to pick the time now', async () => {
    stubServer({ id: 'lead-1', bookingPath: BOOKING_PATH });
    const { card, toast } = await requestCall();
    expect(within(card).getByRole('link', { name: 'Choisir mon créneau' }).getAttribute('href')).toBe(
      BOOKING_PATH,
    );
    expect(card.textContent).toContain('Choisissez dès maintenant l’heure de votre appel');
    expect(toast.textContent).toContain('Choisissez dès maintenant l’heure de votre appel');
    expect(toast.textContent).toContain('Choisir mon créneau');
    // The toast no longer promises a call back to plan what the visitor can book at once.
    expect(toast.textContent).not.toContain('Nous vous recontacterons sous 24h pour planifier');
  });

  it('when nobody is bookable, both say the team calls back within 24 hours, and nothing offers a time', async () => {
    stubServer({ id: 'lead-2' });
    const { card, toast } = await requestCall();
    expect(within(card).queryByRole('link', { name: 'Choisir mon créneau' })).toBeNull();
    expect(card.textContent).toContain('sous 24h');
    expect(toast.textContent).toContain('sous 24h');
    expect(toast.textContent).not.toContain('Choisir mon créneau');
  });
});
