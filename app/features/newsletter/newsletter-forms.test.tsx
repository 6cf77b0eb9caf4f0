// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NewLinkForm } from './new-link-form';
import { NewsletterForm } from './newsletter-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
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

describe("the newsletter forms refuse an invalid address with the specification's words", () => {
  it.each(['default', 'footer'] as const)(
    'the %s sign-up form says "Email invalide" and sends nothing',
    (variant) => {
      const fetchMock = stubServer();
      const { container } = render(<NewsletterForm variant={variant} />);
      submit(container, 'pas-un-email', /S'abonner/);
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
