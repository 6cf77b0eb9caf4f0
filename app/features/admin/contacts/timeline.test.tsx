// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ContactTimelineEntry } from '#common/schemas/admin.ts';
import { renderAdminScreen, stubFetch } from '#tests/helpers/admin-screen.tsx';
import { TimelineSection } from './contact-follow-up';

afterEach(cleanup);

const entry = (overrides: Partial<ContactTimelineEntry>): ContactTimelineEntry => ({
  id: crypto.randomUUID(),
  kind: 'note',
  body: '',
  author: null,
  createdAt: '2026-12-02T09:00:00.000Z',
  ...overrides,
});

describe('the discovery call in the lead’s history', () => {
  it('names what the visitor did through the booking link as such, never as a deleted account', async () => {
    stubFetch({
      'GET /api/admin/contacts/lead-1/timeline': {
        json: {
          entries: [
            entry({ kind: 'booking', body: 'Statut\u00a0: Nouveau → En cours' }),
            entry({ kind: 'booking', body: 'Appel découverte réservé par le contact\u00a0: …' }),
            entry({
              kind: 'booking',
              body: 'Appel découverte du … annulé par l’équipe',
              author: 'Nadine Mbuyi',
            }),
            entry({ kind: 'note', body: 'Vu au salon' }),
          ],
        },
      },
    });
    renderAdminScreen(() => <TimelineSection contactId="lead-1" />, '/admin/contacts');
    const items = within(await screen.findByRole('list', { name: 'Historique du contact' })).getAllByRole(
      'listitem',
    );
    const footers = items.map((item) => item.querySelector('p:last-child')?.textContent ?? '');
    expect(footers[0]).toMatch(/^Appel découverte · Réservation en ligne · /);
    expect(footers[1]).toMatch(/^Appel découverte · Réservation en ligne · /);
    expect(footers[2]).toMatch(/^Appel découverte · Nadine Mbuyi · /);
    // A note whose author's account is gone still says so.
    expect(footers[3]).toMatch(/^Note · Compte supprimé · /);
  });
});
