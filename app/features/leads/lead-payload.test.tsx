// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '#tests/helpers/admin-screen.tsx';
import { ToastMount } from '~/components/ui/toast-mount';
import { dismissToast } from '~/lib/toast';
import { LeadModalsHost } from './lead-modals';
import { closeLead, openCall } from './lead-modals-store';

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
    render(
      <>
        <LeadModalsHost />
        <ToastMount />
      </>,
    );
    act(() => openCall('Conseil général'));
    const dialog = await screen.findByRole('dialog', { name: 'Planifions un appel découverte' });
    const fill = (label: RegExp, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    fill(/^Nom complet/, 'Amani Kabeya');
    fill(/^Email/, 'amani@example.cd');
    fill(/^Type de discussion/, 'Découverte générale');
    fill(/^Créneau préféré/, 'Flexible');
    fill(/^Urgence/, 'Sous 15 jours');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Planifier l’appel' }));
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
