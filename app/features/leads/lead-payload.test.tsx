// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '#tests/helpers/admin-screen.tsx';
import { openLeadModal, sendDiscoveryCall } from '#tests/helpers/lead-modals.tsx';
import { dismissToast } from '~/lib/toast';
import { closeLead } from './lead-modals-store';

beforeEach(() => {
  act(() => closeLead());
});
afterEach(() => {
  act(() => dismissToast());
  cleanup();
});

describe('the call request as sent to the server (docs/product.md §3.2, §7.2)', () => {
  it('carries the specification’s fields, phone and company included when left empty', async () => {
    const { calls } = stubFetch({
      'GET /api/services': { json: [] },
      'POST /api/contact': { status: 201, json: { id: 'lead-1' } },
    });
    sendDiscoveryCall(await openLeadModal('call', 'Planifions un appel découverte', { withToasts: true }));
    await screen.findByRole('status');

    const sent = calls.find((call) => call.method === 'POST' && call.url.pathname === '/api/contact');
    const body = JSON.parse(sent?.body ?? '{}');
    expect(body).toMatchObject({
      source: 'call_request',
      fullName: 'Amani Kabeya',
      email: 'amani@example.cd',
      phone: '',
      company: '',
      serviceType: 'Conseil général',
    });
    // The answers, not a composed text: the server alone writes the message the staff read.
    expect(body.details).toEqual({
      callType: 'Découverte générale',
      preferredTime: 'Flexible',
      urgency: 'Sous 15 jours',
    });
    expect(body).not.toHaveProperty('message');
  });
});
