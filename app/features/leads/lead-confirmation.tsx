/**
 * What stays on the page after a quote or call modal closed on success (docs/decisions/024): the
 * toast of docs/product.md §8.2 lasts 5 seconds and sits at the top of a phone's screen, easy to miss; this
 * panel says what happens next until the visitor closes it, opens a modal again or changes page.
 * Part of every page's first script (rendered by LeadModalsHost): markup and two icons only.
 */
import CalendarCheck from 'lucide-react/icons/calendar-check';
import CheckCircle2 from 'lucide-react/icons/circle-check';
import CloudOff from 'lucide-react/icons/cloud-off';
import X from 'lucide-react/icons/x';
import { type ReactNode, useEffect, useId } from 'react';
import { DISCOVERY_CALL_MINUTES } from '#common/constants.ts';
import type { LeadKind } from '~/lib/lead-trigger';

/** A successful (or kept offline) submission of a lead modal. */
export type LeadSent = {
  kind: LeadKind;
  email: string;
  queued: boolean;
  /** A call request's page where the visitor picks the call's time (docs/decisions/077). */
  bookingPath?: string;
};

export function confirmationText({ kind, email, queued, bookingPath }: LeadSent): {
  title: string;
  steps: string[];
} {
  const followUp =
    kind === 'quote'
      ? [
          `Un conseiller étudie votre projet et vous contacte sous 24h à ${email} pour préciser vos besoins.`,
          'Vous recevez ensuite votre devis détaillé, gratuit et sans engagement.',
        ]
      : bookingPath
        ? [
            'Choisissez dès maintenant l’heure de votre appel parmi les créneaux libres de notre équipe.',
            `Le lien vous est aussi envoyé à ${email}. Sans choix de votre part, nous vous recontactons sous 24h.`,
          ]
        : [
            `Nous vous recontactons sous 24h à ${email} pour fixer l’heure de l’appel, selon le créneau choisi.`,
            `L’appel découverte dure ${DISCOVERY_CALL_MINUTES} minutes, gratuit et sans engagement.`,
          ];
  if (queued) {
    return {
      title: kind === 'quote' ? 'Demande de devis enregistrée' : 'Demande d’appel enregistrée',
      steps: [
        'Vous êtes hors ligne : votre demande est gardée sur cet appareil.',
        'Elle partira automatiquement dès le retour de la connexion, inutile de l’envoyer à nouveau.',
        ...followUp,
      ],
    };
  }
  return {
    title: kind === 'quote' ? 'Demande de devis bien reçue' : 'Demande d’appel bien reçue',
    steps: followUp,
  };
}

/** The visitor's address inside a step: the only part allowed to break anywhere (a long address). */
function withEmail(step: string, email: string): ReactNode {
  const at = step.indexOf(email);
  if (at < 0) return step;
  return (
    <>
      {step.slice(0, at)}
      <span className="font-medium text-gray-900 [overflow-wrap:anywhere]">{email}</span>
      {step.slice(at + email.length)}
    </>
  );
}

export function LeadConfirmation({ sent, onDismiss }: { sent: LeadSent; onDismiss: () => void }) {
  const id = useId();
  const { title, steps } = confirmationText(sent);
  // Escape closes it too, unless a dialog has the keyboard.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !document.querySelector('[role="dialog"]')) onDismiss();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onDismiss]);
  const Icon = sent.queued ? CloudOff : CheckCircle2;
  return (
    // Never where the toast is (toast.tsx): phones have the toast at the top, so this panel sits at
    // the bottom; from 640 px the toast is bottom right, so the panel goes under the header, and
    // from 1024 px, where both fit side by side, bottom left.
    <section
      aria-labelledby={`${id}-title`}
      data-lead-confirmation={sent.kind}
      className="fixed inset-x-2 bottom-2 z-40 max-h-[calc(100dvh-5rem)] overflow-y-auto rounded-2xl border border-brand-200 bg-white p-4 pb-[max(1rem,env(safe-area-inset-bottom))] shadow-xl sm:top-20 sm:right-auto sm:bottom-auto sm:left-4 sm:w-[calc(100%-2rem)] sm:max-w-md lg:top-auto lg:bottom-4"
    >
      {/* The icon shares the title's row: the steps get the panel's whole width on a 320-px phone. */}
      <div className="flex items-center gap-3 pr-10">
        <span
          className={
            sent.queued
              ? 'flex size-9 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-800'
              : 'flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800'
          }
        >
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <h2 id={`${id}-title`} className="min-w-0 text-base font-bold text-gray-900">
          {title}
        </h2>
      </div>
      <p className="mt-3 text-sm font-medium text-gray-800">Et maintenant ?</p>
      <ol className="mt-1 list-decimal space-y-1 pl-5 text-sm text-gray-700">
        {steps.map((step) => (
          <li key={step}>{withEmail(step, sent.email)}</li>
        ))}
      </ol>
      {sent.bookingPath ? (
        <a
          href={sent.bookingPath}
          className="mt-3 flex min-h-11 w-full items-center justify-center gap-2 rounded-md bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          <CalendarCheck className="size-4" aria-hidden="true" />
          Choisir mon créneau
        </a>
      ) : null}
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Fermer la confirmation"
        className="absolute top-2 right-2 flex size-10 items-center justify-center rounded-md text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <X className="size-5" aria-hidden="true" />
      </button>
    </section>
  );
}
