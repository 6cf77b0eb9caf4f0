// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openPage } from '#tests/helpers/audience-page.ts';
import { dropConnectionDuringRequest } from '#tests/helpers/offline.ts';
import { recordVisit } from '~/lib/audience/visit';
import { NewLinkForm } from './new-link-form';
import { NewsletterForm } from './newsletter-form';
import { postSubscribe } from './subscribe-request';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

/** A fetch that answers every sign-up as the server does, whatever the address. */
function stubServer() {
  const fetchMock = vi.fn(
    async () =>
      new Response('{"requiresConfirmation":true}', {
        status: 200,
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function submit(form: HTMLElement, email: string, button: RegExp) {
  fireEvent.change(within(form).getByLabelText(/adresse email/i), { target: { value: email } });
  fireEvent.click(within(form).getByRole('button', { name: button }));
}

describe('the newsletter forms refuse an invalid address with the specification’s words', () => {
  it.each(['default', 'footer'] as const)(
    'the %s sign-up form says "Email invalide" and sends nothing',
    (variant) => {
      const fetchMock = stubServer();
      const { container } = render(<NewsletterForm variant={variant} />);
      submit(container, 'pas-un-email', /S’abonner/);
      expect(screen.getByRole('alert').textContent).toBe('Email invalide');
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('the "Recevoir un nouveau lien" form says "Email invalide" too', () => {
    const fetchMock = stubServer();
    const { container } = render(<NewLinkForm />);
    submit(container, 'jean@exemple', /Recevoir un nouveau lien/);
    expect(screen.getByRole('alert').textContent).toBe('Email invalide');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('a new confirmation link, asked for an address whatever its state', () => {
  it('says the same, true for a pending address and for a subscribed one', async () => {
    stubServer();
    const { container } = render(<NewLinkForm />);
    submit(container, 'abonne@exemple.cd', /Recevoir un nouveau lien/);
    const status = await screen.findByText(/Un email vient de vous être envoyé/);
    expect(status.textContent).toContain('ou vous indique que votre inscription est déjà confirmée');
  });
});

describe('every sign-up sends the tab’s visit with it (084)', () => {
  /** Landed on a post from a LinkedIn share, then read /services. */
  function arriveFromLinkedIn() {
    sessionStorage.clear();
    openPage('/blog/reussir-son-lancement', { referrer: 'https://www.linkedin.com/feed/' });
    recordVisit();
    openPage('/services', { referrer: `${location.origin}/blog/reussir-son-lancement` });
    recordVisit();
  }
  const VISIT = {
    referrer: 'https://www.linkedin.com/',
    landingPath: '/blog/reussir-son-lancement',
    pages: ['/blog/reussir-son-lancement', '/services'],
    pagesSeen: 2,
  };
  const sentBody = (fetchMock: ReturnType<typeof stubServer>) => {
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    return JSON.parse(String(init.body));
  };

  it.each(['default', 'footer'] as const)('the %s sign-up form', async (variant) => {
    arriveFromLinkedIn();
    const fetchMock = stubServer();
    const { container } = render(<NewsletterForm variant={variant} />);
    const consent = within(container).queryByRole('checkbox');
    if (consent) fireEvent.click(consent);
    submit(container, 'awa@example.cd', /S’abonner/);
    // Until the form has taken the answer (the field emptied): its last update then happens inside
    // the test, never after it, whatever the speed of the machine.
    const field = within(container).getByLabelText(/adresse email/i) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe(''));
    expect(sentBody(fetchMock)).toMatchObject({ email: 'awa@example.cd', visit: VISIT });
  });

  it('the "Recevoir un nouveau lien" form', async () => {
    arriveFromLinkedIn();
    const fetchMock = stubServer();
    const { container } = render(<NewLinkForm />);
    submit(container, 'awa@example.cd', /Recevoir un nouveau lien/);
    await screen.findByText(/Un email vient de vous être envoyé/);
    expect(sentBody(fetchMock)).toMatchObject({ email: 'awa@example.cd', visit: VISIT });
  });

  it('a sign-up kept offline keeps the visit of its submission', async () => {
    arriveFromLinkedIn();
    dropConnectionDuringRequest();
    const keep = vi.fn(async () => undefined);
    const outcome = await postSubscribe(
      { email: 'awa@example.cd', source: 'footer', locale: 'fr', consentText: 'Oui.' },
      keep,
    );
    expect(outcome).toMatchObject({ ok: true, queued: true });
    vi.unstubAllGlobals();
    openPage('/contact');
    recordVisit();
    const [kept] = keep.mock.calls[0] as unknown as [{ body: string }];
    expect(JSON.parse(kept.body).visit).toEqual(VISIT);
  });
});
