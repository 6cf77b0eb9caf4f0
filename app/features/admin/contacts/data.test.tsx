// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminContact } from '#common/schemas/admin.ts';
import { stubFetch } from '#tests/helpers/admin-screen.tsx';
import { anAdminCall } from '#tests/helpers/answer-factories.ts';
import { type ContactDetail, contactFollowUpMutation, contactQuery, contactStatusMutation } from './data';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const lead = { id: 'lead-call', fullName: 'Amani Kabeya', status: 'nouveau' } as AdminContact;
const { contact: _contact, ...call } = anAdminCall();
const attribution = { source: 'Facebook', landingPath: '/', formPath: '/devis', pagesSeen: 2 };

describe('a lead’s writes and its panel’s cache', () => {
  it('a status or follow-up answer (the lead alone) replaces the lead and keeps its discovery call and source', async () => {
    stubFetch({
      'PATCH /api/admin/contacts/lead-call/status': { json: { contact: { ...lead, status: 'en_cours' } } },
      'PATCH /api/admin/contacts/lead-call/follow-up': {
        json: { contact: { ...lead, status: 'en_cours', nextActionNote: 'Rappeler' } },
      },
    });
    const client = new QueryClient();
    const key = contactQuery('lead-call').queryKey;
    client.setQueryData<ContactDetail>(key, { contact: lead, call, attribution });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );

    const status = renderHook(() => useMutation(contactStatusMutation()), { wrapper });
    status.result.current.mutate({ id: 'lead-call', status: 'en_cours' });
    await waitFor(() => expect(status.result.current.isSuccess).toBe(true));
    expect(client.getQueryData(key)).toEqual({ contact: { ...lead, status: 'en_cours' }, call, attribution });

    const followUp = renderHook(() => useMutation(contactFollowUpMutation()), { wrapper });
    followUp.result.current.mutate({ id: 'lead-call', nextActionNote: 'Rappeler' });
    await waitFor(() => expect(followUp.result.current.isSuccess).toBe(true));
    expect(client.getQueryData<ContactDetail>(key)?.call).toEqual(call);
    expect(client.getQueryData<ContactDetail>(key)?.attribution).toEqual(attribution);
    expect(client.getQueryData<ContactDetail>(key)?.contact.nextActionNote).toBe('Rappeler');
  });
});
