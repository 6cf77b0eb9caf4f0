/**
 * The newsletter preferences page (docs/product.md §2.1, /newsletter/manage): first name and topics, the data
 * export, unsubscribing and erasing, for the subscriber whose manage link was opened.
 */
import Download from 'lucide-react/icons/download';
import Settings2 from 'lucide-react/icons/settings-2';
import { type FormEvent, useState } from 'react';
import { FIRST_NAME_MAX_LENGTH, NEWSLETTER_TOPICS } from '#common/schemas/newsletter-shared.ts';
import { MessagePage } from '~/components/message-page';
import { type Status, StatusLine } from '~/components/status-line';
import { Button } from '~/components/ui/button';
import { island } from '~/lib/island';
import { NewLinkForm } from './new-link-form';
import { newsletterPost } from './newsletter-api';

export type ManageFormProps = {
  subscriber: { token: string; email: string; firstName: string; tags: string[]; status: string } | null;
  expired: boolean;
};

/** What the page shows instead of the preferences: the data erased, or the link expired or unknown. */
function NoPreferences({ erased, expired }: { erased: boolean; expired: boolean }) {
  return (
    <MessagePage
      title={
        erased ? 'Vos données ont été supprimées' : expired ? 'Ce lien a expiré' : 'Ce lien n’est pas valide'
      }
    >
      <p className="mt-4 text-gray-700">
        {erased
          ? 'Votre adresse et vos préférences ont été effacées de notre newsletter. Vous ne recevrez plus nos emails.'
          : expired
            ? 'Pour protéger vos données, un lien de gestion reste valable 90\u00a0jours. Demandez-en un nouveau\u00a0: il vous sera envoyé par email.'
            : 'Utilisez le lien « Gérer mes préférences » du dernier email reçu de notre newsletter, ou demandez un nouveau lien ci-dessous.'}
      </p>
      {erased ? null : <NewLinkForm purpose="manage" />}
      <Button asChild size="lg" variant="secondary" className="mt-8">
        <a href="/">Retour à l’accueil</a>
      </Button>
    </MessagePage>
  );
}

/** The preferences page's content: an island, for its buttons and its form (app/islands). */
export function ManageForm({ subscriber, expired }: ManageFormProps) {
  const [firstName, setFirstName] = useState(subscriber?.firstName ?? '');
  const [tags, setTags] = useState<string[]>(subscriber?.tags ?? []);
  const [message, setMessage] = useState<Status>(null);
  const [pending, setPending] = useState<'save' | 'unsubscribe' | 'erase' | null>(null);
  const [confirmErase, setConfirmErase] = useState(false);
  const [erased, setErased] = useState(false);

  if (!subscriber || erased) return <NoPreferences erased={erased} expired={expired} />;
  const token = subscriber.token;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending('save');
    const outcome = await newsletterPost('/api/newsletter/manage', { token, firstName, tags });
    setPending(null);
    setMessage(
      outcome.ok
        ? { tone: 'ok', text: 'Vos préférences ont été enregistrées.' }
        : { tone: 'error', text: outcome.message },
    );
  }

  async function unsubscribe() {
    setPending('unsubscribe');
    const outcome = await newsletterPost(`/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`);
    if (outcome.ok) {
      window.location.assign('/newsletter/unsubscribed');
      return;
    }
    setPending(null);
    setMessage({ tone: 'error', text: outcome.message });
  }

  async function erase() {
    setPending('erase');
    const outcome = await newsletterPost('/api/newsletter/erase', { token });
    setPending(null);
    if (outcome.ok) setErased(true);
    else setMessage({ tone: 'error', text: outcome.message });
  }

  const toggle = (value: string, checked: boolean) =>
    setTags((current) => (checked ? [...current, value] : current.filter((t) => t !== value)));

  return (
    <MessagePage icon={Settings2} tone="brand" width="xl" centered={false} title="Gérer mon abonnement">
      <p className="mt-2 text-gray-700">
        Adresse : <strong>{subscriber.email}</strong>
        {subscriber.status === 'unsubscribed' ? ' (désinscrite)' : null}
      </p>

      <form onSubmit={save} className="mt-8 space-y-6" aria-labelledby="preferences-title">
        <h2 id="preferences-title" className="text-xl font-semibold text-gray-900">
          Mes préférences
        </h2>
        <div>
          <label htmlFor="manage-first-name" className="block text-sm font-medium text-gray-800">
            Prénom (facultatif)
          </label>
          <input
            id="manage-first-name"
            type="text"
            autoComplete="given-name"
            maxLength={FIRST_NAME_MAX_LENGTH}
            value={firstName}
            onChange={(event) => setFirstName(event.target.value)}
            className="mt-1 h-11 w-full rounded-md border border-gray-300 px-3 text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          />
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-gray-800">Les sujets qui vous intéressent</legend>
          <div className="mt-2 space-y-2">
            {NEWSLETTER_TOPICS.map((topic) => (
              <label key={topic.value} className="flex items-center gap-3 text-gray-800">
                <input
                  type="checkbox"
                  name="tags"
                  value={topic.value}
                  checked={tags.includes(topic.value)}
                  onChange={(event) => toggle(topic.value, event.target.checked)}
                  className="size-4 accent-brand-700"
                />
                {topic.label}
              </label>
            ))}
          </div>
        </fieldset>
        <Button type="submit" disabled={pending !== null}>
          {pending === 'save' ? 'Enregistrement...' : 'Enregistrer mes préférences'}
        </Button>
        <StatusLine status={message} />
      </form>

      <DataExport token={token} />

      {subscriber.status !== 'unsubscribed' ? (
        <div className="mt-10 space-y-4 border-t border-gray-200 pt-8">
          <h2 className="text-xl font-semibold text-gray-900">Se désinscrire</h2>
          <p className="text-gray-700">Vous ne recevrez plus nos emails. Vos préférences sont conservées.</p>
          <Button variant="secondary" onClick={unsubscribe} disabled={pending !== null}>
            {pending === 'unsubscribe' ? 'Désinscription...' : 'Me désinscrire'}
          </Button>
        </div>
      ) : null}

      <div className="mt-10 space-y-4 border-t border-gray-200 pt-8">
        <h2 className="text-xl font-semibold text-gray-900">Supprimer mes données</h2>
        <p className="text-gray-700">Votre adresse et vos préférences seront effacées définitivement.</p>
        {confirmErase ? (
          <div className="rounded-lg bg-red-50 p-4">
            <p id="erase-confirm" className="font-medium text-red-800">
              Cette action est définitive. Voulez-vous vraiment supprimer vos données ?
            </p>
            <div className="mt-3 flex flex-wrap gap-3">
              <Button variant="danger" onClick={erase} disabled={pending !== null}>
                {pending === 'erase' ? 'Suppression...' : 'Oui, supprimer définitivement'}
              </Button>
              <Button variant="ghost" onClick={() => setConfirmErase(false)} disabled={pending !== null}>
                Annuler
              </Button>
            </div>
          </div>
        ) : (
          <Button variant="ghost" onClick={() => setConfirmErase(true)} className="text-red-700">
            Supprimer mes données
          </Button>
        )}
      </div>
    </MessagePage>
  );
}

/** The subscriber's data to download, the proof of consent included. */
function DataExport({ token }: { token: string }) {
  return (
    <div className="mt-10 space-y-4 border-t border-gray-200 pt-8">
      <h2 className="text-xl font-semibold text-gray-900">Mes données</h2>
      <p className="text-gray-700">
        Téléchargez tout ce que nous conservons sur vous, y compris la preuve de votre consentement.
      </p>
      <Button asChild variant="secondary">
        <a href={`/api/newsletter/export?token=${encodeURIComponent(token)}`} download>
          <Download className="size-4" aria-hidden="true" />
          Télécharger mes données (JSON)
        </a>
      </Button>
    </div>
  );
}

// Its props are the subscriber's own name, email and topics: rendered for each request, never kept.
export const ManageFormIsland = island('newsletter-manage', ManageForm, { personal: true });
