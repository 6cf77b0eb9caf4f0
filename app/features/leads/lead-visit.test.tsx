// @vitest-environment happy-dom
/**
 * Every lead form sends the tab's visit with the lead (docs/decisions/084-first-party-audience.md, app/lib/audience/visit.ts): the
 * quote and call modals and the contact page, with the form's page as the visit's last page.
 */
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUOTE_OTHER_SERVICE } from '#common/constants.ts';
import { type RecordedCall, stubFetch } from '#tests/helpers/admin-screen.tsx';
import { openPage } from '#tests/helpers/audience-page.ts';
import { fill, openLeadModal, sendDiscoveryCall } from '#tests/helpers/lead-modals.tsx';
import { dropConnectionDuringRequest } from '#tests/helpers/offline.ts';
import { recordVisit } from '~/lib/audience/visit';

/** A visit that landed on / from a Facebook campaign, then read /services, where the form is sent. */
function arriveFromFacebook() {
  openPage('/?utm_source=facebook&utm_campaign=lancement', { referrer: 'https://m.facebook.com/story' });
  recordVisit();
  openPage('/services', { referrer: `${location.origin}/` });
  recordVisit();
}
const VISIT = {
  referrer: 'https://m.facebook.com/',
  landingPath: '/',
  utmSource: 'facebook',
  utmCampaign: 'lancement',
  pages: ['/', '/services'],
  pagesSeen: 2,
};

beforeEach(() => {
  // Fresh modules for each test: the modals' store, their lazy chunk and the toasts are module state.
  vi.resetModules();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function serverAcceptingLeads() {
  return stubFetch({
    'GET /api/services': { json: [] },
    'POST /api/contact': { status: 201, json: { id: 'lead-1' } },
  }).calls;
}

async function sentLead(calls: RecordedCall[]) {
  const isLead = (call: RecordedCall) => call.method === 'POST' && call.url.pathname === '/api/contact';
  await vi.waitFor(() => expect(calls.some(isLead)).toBe(true), { timeout: 10_000 });
  return JSON.parse(calls.find(isLead)?.body ?? '{}');
}

describe('every lead form sends the tab’s visit with the lead', () => {
  it('the call request', async () => {
    arriveFromFacebook();
    const calls = serverAcceptingLeads();
    sendDiscoveryCall(await openLeadModal('call', 'Planifions un appel découverte'));
    expect(await sentLead(calls)).toMatchObject({ source: 'call_request', visit: VISIT });
  });

  it('the quote request', async () => {
    arriveFromFacebook();
    const calls = serverAcceptingLeads();
    const dialog = await openLeadModal('quote', 'Obtenez votre devis personnalisé');
    fill(dialog, /^Nom complet/, 'Amani Kabeya');
    fill(dialog, /^Email/, 'amani@example.cd');
    fill(dialog, /^Téléphone/, '+243 81 234 5678');
    fill(dialog, /^Entreprise/, 'Kabeya & Fils');
    fill(dialog, /^Description du projet/, 'Une campagne de lancement pour notre nouvelle boutique.');
    fill(dialog, /^Budget indicatif/, 'À discuter');
    fill(dialog, /^Délais souhaités/, 'Flexible');
    fireEvent.submit(dialog.querySelector('form') as HTMLFormElement);
    expect(await sentLead(calls)).toMatchObject({ source: 'quote_request', visit: VISIT });
  });

  it('the contact page, the visit’s last page being /contact even before the page recorded itself', async () => {
    arriveFromFacebook();
    openPage('/contact', { referrer: `${location.origin}/services` });
    const calls = serverAcceptingLeads();
    const { ContactFormRoot } = await import('./contact-form');
    const { container } = render(<ContactFormRoot />);
    const form = container.querySelector('form') as HTMLFormElement;
    fill(form, /^Nom complet/, 'Amani Kabeya');
    fill(form, /^Email/, 'amani@example.cd');
    fill(form, /^Service concerné/, QUOTE_OTHER_SERVICE);
    fill(form, /^Message/, 'Bonjour, pouvez-vous nous rappeler au sujet de notre site ?');
    fireEvent.submit(form);
    expect(await sentLead(calls)).toMatchObject({
      source: 'website',
      visit: { ...VISIT, pages: ['/', '/services', '/contact'], pagesSeen: 3 },
    });
  });

  it('keeps the visit of its submission when the lead waits offline', async () => {
    const { sendLead } = await import('./use-submit-lead');
    arriveFromFacebook();
    const { currentVisit } = await import('~/lib/audience/visit');
    const keep = vi.fn(async () => undefined);
    // The connection drops while the lead is sent: it is kept in the outbox, as sent.
    dropConnectionDuringRequest();
    const body = {
      source: 'website' as const,
      fullName: 'Amani Kabeya',
      email: 'amani@example.cd',
      phone: '',
      company: '',
      serviceType: 'Autre',
      message: 'Bonjour, rappelez-moi.',
      visit: currentVisit(),
    };
    await sendLead({ body, idempotencyKey: 'key-1' }, keep);
    // The visit goes on (another page) while the lead waits: the kept body does not change.
    vi.unstubAllGlobals();
    openPage('/blog');
    recordVisit();
    expect(currentVisit()?.pages).toEqual(['/', '/services', '/blog']);
    const [kept] = keep.mock.calls[0] as unknown as [{ body: string }];
    expect(JSON.parse(kept.body).visit).toEqual(VISIT);
  });
});
