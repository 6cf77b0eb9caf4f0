/**
 * "Recevoir un nouveau lien": for a visitor whose confirmation link expired or was used (a
 * subscription request like any other: the server sends a fresh confirmation, or tells a subscribed
 * address so by email, within its limits),
 * or whose manage link expired (`purpose="manage"`: a fresh manage link, if the address is known).
 */
import { type FormEvent, useId, useState } from 'react';
import {
  FORM_INVALID_EMAIL_MESSAGE,
  isValidEmail,
  NEWSLETTER_CONSENT_TEXT,
} from '#common/schemas/newsletter-shared.ts';
import { type Status, StatusLine } from '~/components/status-line';
import { island } from '~/lib/island';
import { newsletterPost } from './newsletter-api';
import { postSubscribe } from './subscribe-request';

export function NewLinkForm({ purpose = 'confirmation' }: { purpose?: 'confirmation' | 'manage' }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<Status>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isValidEmail(email)) {
      setError(FORM_INVALID_EMAIL_MESSAGE);
      return;
    }
    setError(null);
    setPending(true);
    if (purpose === 'manage') {
      const requested = await newsletterPost('/api/newsletter/manage-link', { email: email.trim() });
      setPending(false);
      setResult(
        requested.ok
          ? {
              tone: 'ok',
              text: 'Si cette adresse est inscrite à notre newsletter, un nouveau lien vient de lui être envoyé. Pensez à vérifier vos courriers indésirables.',
            }
          : { tone: 'error', text: requested.message },
      );
      if (requested.ok) setEmail('');
      return;
    }
    const outcome = await postSubscribe({
      email: email.trim(),
      source: 'website',
      locale: 'fr',
      consentText: NEWSLETTER_CONSENT_TEXT,
    });
    setPending(false);
    if (outcome.ok) {
      // The server answers alike whether the address waits for its confirmation or is subscribed
      // already (docs/product.md §8.3): the email tells which.
      setResult({
        tone: 'ok',
        text: 'Un email vient de vous être envoyé : il contient un nouveau lien de confirmation, ou vous indique que votre inscription est déjà confirmée. Pensez à vérifier vos courriers indésirables.',
      });
      setEmail('');
    } else {
      setResult({ tone: 'error', text: outcome.message || 'Une erreur est survenue lors de l’inscription.' });
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="mt-6 space-y-3 text-left" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-gray-900">
        Recevoir un nouveau lien
      </h2>
      <div>
        <label htmlFor={`${id}-email`} className="block text-sm font-medium text-gray-800">
          Votre adresse email
        </label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-1 h-11 w-full rounded-md border border-gray-300 px-3 text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        />
        {error ? (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      {purpose === 'confirmation' ? <p className="text-xs text-gray-600">{NEWSLETTER_CONSENT_TEXT}</p> : null}
      <button
        type="submit"
        disabled={pending}
        className="inline-flex h-11 items-center justify-center rounded-md bg-brand-700 px-5 font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60"
      >
        {pending ? 'Envoi...' : 'Recevoir un nouveau lien'}
      </button>
      <StatusLine status={result} />
    </form>
  );
}

export const NewLinkFormIsland = island('new-link-form', NewLinkForm);
