/**
 * The newsletter form (docs/product.md §2.9, §5.3, §8.3) in its two variants: `default` (centred, with an
 * email icon, in the home block) and `footer` (compact, on every page). Deliberately light: no zod, no form
 * library, no query client; the address is checked by `isValidEmail` and posted with fetch.
 */
import Mail from 'lucide-react/icons/mail';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  FORM_INVALID_EMAIL_MESSAGE,
  isValidEmail,
  NEWSLETTER_CONSENT_TEXT,
} from '#common/schemas/newsletter-shared.ts';
import { ALREADY_SUBSCRIBED_TOAST, isAlreadySubscribed } from '~/lib/already-subscribed';
import { cn } from '~/lib/cn';
import { island } from '~/lib/island';
import { toast } from '~/lib/toast';
import { postSubscribe, type SubscribeOutcome } from './subscribe-request';

export type NewsletterFormProps = { variant?: 'default' | 'footer' };

/** Tells the visitor a sign-up was taken: kept offline, waiting for the email's confirmation, or done. */
async function announceSubscribed(outcome: Extract<SubscribeOutcome, { ok: true }>) {
  if (outcome.queued) {
    (await import('~/lib/offline/offline-queue')).toastKeptOffline('newsletter');
    return;
  }
  toast(
    outcome.requiresConfirmation
      ? {
          title: 'Vérifiez votre email !',
          description:
            'Nous vous avons envoyé un email de confirmation. Cliquez sur le lien qu’il contient pour confirmer votre inscription.',
        }
      : {
          title: 'Abonnement confirmé !',
          description: 'Vous recevrez bientôt nos conseils marketing dans votre boîte mail.',
        },
  );
}

/** Tells the visitor why a sign-up was refused (an address already subscribed has its own words). */
function announceRefused(outcome: Extract<SubscribeOutcome, { ok: false }>) {
  toast(
    isAlreadySubscribed(outcome.message)
      ? ALREADY_SUBSCRIBED_TOAST
      : {
          variant: 'destructive',
          title: 'Erreur',
          description: outcome.message || 'Une erreur est survenue lors de l’inscription.',
        },
  );
}

export function NewsletterForm({ variant = 'default' }: NewsletterFormProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const shownAt = useRef<number | null>(null);
  const [email, setEmail] = useState('');
  const [website, setWebsite] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const footer = variant === 'footer';
  const errorId = `${id}-error`;
  // Fill time from the form's display, sent as elapsedMs: a bot posts at once. The form shows with
  // the page, and hydrates only once the visitor turns to it (decision 030): the page's start.
  useEffect(() => {
    shownAt.current = Math.round(performance.timeOrigin);
  }, []);
  const consentId = `${id}-consent`;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (!isValidEmail(email)) {
      setError(FORM_INVALID_EMAIL_MESSAGE);
      inputRef.current?.focus();
      return;
    }
    setError(null);
    setPending(true);
    try {
      const outcome = await postSubscribe({
        email: email.trim(),
        source: footer ? 'footer' : 'website',
        locale: 'fr',
        consentText: NEWSLETTER_CONSENT_TEXT,
        ...(website ? { website } : {}),
        ...(shownAt.current !== null ? { elapsedMs: Date.now() - shownAt.current } : {}),
      });
      if (outcome.ok) {
        await announceSubscribed(outcome);
        setEmail('');
        setWebsite('');
        shownAt.current = Date.now();
        return;
      }
      const fieldError = outcome.fields?.email;
      if (fieldError) setError(fieldError);
      announceRefused(outcome);
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      // Two forms on the home page: each landmark needs its own name.
      aria-label={footer ? undefined : 'Inscription à la newsletter'}
      aria-labelledby={footer ? `${id}-title` : undefined}
      className={cn(footer ? 'space-y-2' : 'mx-auto w-full max-w-md text-center')}
    >
      {footer ? (
        <p id={`${id}-title`} className="font-semibold text-white">
          Newsletter
        </p>
      ) : null}
      {/* In the footer the button goes under the field when the column is too narrow for the
          whole placeholder beside it (four columns on a laptop). */}
      <div className={cn('flex gap-2', footer ? 'flex-row flex-wrap' : 'flex-col sm:flex-row')}>
        <div className={cn('relative flex-1', footer ? 'min-w-44' : 'min-w-0')}>
          <label htmlFor={`${id}-email`} className="sr-only">
            Adresse email
          </label>
          {footer ? null : (
            <Mail
              className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-gray-500"
              aria-hidden="true"
            />
          )}
          <input
            ref={inputRef}
            id={`${id}-email`}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="Votre adresse email"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              if (error) setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${errorId} ${consentId}` : consentId}
            className={cn(
              'w-full rounded-md border focus-visible:outline-2 focus-visible:outline-offset-2',
              footer
                ? 'h-9 border-gray-600 bg-gray-800 px-3 text-sm text-white placeholder:text-gray-400 focus-visible:outline-white'
                : 'h-12 border-gray-300 bg-white pr-3 pl-10 text-base text-gray-900 placeholder:text-gray-500 focus-visible:outline-brand-700',
              error && (footer ? 'border-red-400' : 'border-red-600'),
            )}
          />
        </div>
        {/* Honeypot: hidden from people and assistive technology, filled by naive bots. */}
        <input
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          aria-hidden="true"
          value={website}
          onChange={(event) => setWebsite(event.target.value)}
          className="absolute -left-[9999px] size-px opacity-0"
        />
        <button
          type="submit"
          disabled={pending}
          aria-busy={pending || undefined}
          className={cn(
            'inline-flex shrink-0 items-center justify-center rounded-md font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60',
            footer
              ? 'h-9 min-w-[6.5rem] bg-brand-700 px-3 text-sm text-white hover:bg-brand-800 focus-visible:outline-white'
              : 'h-12 bg-brand-700 px-6 text-base text-white hover:bg-brand-800 focus-visible:outline-brand-700',
          )}
        >
          {pending ? (footer ? '...' : 'Inscription...') : 'S’abonner'}
        </button>
      </div>
      {error ? (
        <p
          id={errorId}
          role="alert"
          className={cn('text-sm', footer ? 'text-red-300' : 'mt-2 text-left text-red-700')}
        >
          {error}
        </p>
      ) : null}
      <p id={consentId} className={cn('text-xs', footer ? 'text-gray-400' : 'mt-2 text-gray-600')}>
        {NEWSLETTER_CONSENT_TEXT}
      </p>
    </form>
  );
}

export const NewsletterFormIsland = island('newsletter-form', NewsletterForm, { wake: ['interaction'] });
