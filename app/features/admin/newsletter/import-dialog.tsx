/**
 * Importing subscribers from a CSV file. The double opt-in is never bypassed: unless the admin
 * declares that these people already gave explicit consent, every new address gets a confirmation
 * email and stays "En attente" until it confirms. The file is read in the browser and sent as
 * text/csv; the server answers with what it created, what it already knew and the refused lines.
 */
import { useMutation } from '@tanstack/react-query';
import CheckCircle2 from 'lucide-react/icons/circle-check';
import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import Upload from 'lucide-react/icons/upload';
import { type FormEvent, useId, useState } from 'react';
import { SUBSCRIBER_STATUS_LABELS, type SubscriberImportResult } from '#common/schemas/admin.ts';
import { Button } from '~/components/ui/button';
import type { AdminMutationResult } from '../data/admin-data';
import { CancelButton } from '../kit/buttons';
import { AdminDialog, DialogBody, DialogFooter, DialogForm, type DialogProps } from '../kit/dialog-frame';
import { importSubscribersMutation } from './data';

/** Larger files are refused before sending: a mailing list of that size is not a manual import. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;

const inputClass =
  'mt-1 h-10 w-full rounded-lg border border-gray-300 px-3 text-base text-gray-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700/30 sm:text-sm';

/** « text » with the no-break spaces French typography wants, so a guillemet never ends a line alone. */
function quoted(text: string): string {
  return `«\u00a0${text}\u00a0»`;
}

export function ImportDialog({ open, onOpenChange }: DialogProps) {
  const importing = useMutation(importSubscribersMutation());
  // The next opening starts from an empty form, not from the last report.
  const close = () => {
    importing.reset();
    onOpenChange(false);
  };
  return (
    <AdminDialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Importer des abonnés"
      description="Depuis un fichier CSV (Excel : « Enregistrer sous » → CSV UTF-8)."
      pending={importing.isPending}
    >
      {importing.data ? (
        <ImportReport
          result={importing.data}
          consented={importing.variables?.consented ?? false}
          onAgain={() => importing.reset()}
          onClose={close}
        />
      ) : (
        <ImportForm importing={importing} onCancel={close} />
      )}
    </AdminDialog>
  );
}

function ImportForm({
  importing,
  onCancel,
}: {
  importing: AdminMutationResult<typeof importSubscribersMutation>;
  onCancel: () => void;
}) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [tags, setTags] = useState('');
  const [consented, setConsented] = useState(false);
  const [reading, setReading] = useState(false);
  const pending = reading || importing.isPending;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setFileError('Choisissez un fichier CSV à importer.');
      return;
    }
    if (file.size > IMPORT_MAX_BYTES) {
      setFileError('Le fichier dépasse 2 Mo. Découpez-le en plusieurs fichiers plus petits.');
      return;
    }
    setReading(true);
    let csv: string;
    try {
      csv = await file.text();
    } catch {
      setFileError('Impossible de lire ce fichier.');
      return;
    } finally {
      setReading(false);
    }
    if (!csv.trim()) {
      setFileError('Le fichier est vide.');
      return;
    }
    importing.mutate({ csv, consented, tags });
  };

  return (
    <DialogForm
      onSubmit={onSubmit}
      footer={
        <>
          <CancelButton onClick={onCancel} disabled={pending} />
          <Button type="submit" disabled={pending}>
            <Upload className="size-4" aria-hidden="true" />
            {pending ? 'Import en cours...' : 'Importer'}
          </Button>
        </>
      }
    >
      <div className="rounded-lg bg-gray-50 p-3 text-sm text-gray-700">
        <p className="font-medium text-gray-900">Format accepté</p>
        <ul className="mt-1 list-disc space-y-0.5 pl-5">
          <li>
            une ligne d’en-tête avec une colonne <code className="font-semibold">email</code>, et si vous les
            avez <code className="font-semibold">prénom</code> et <code className="font-semibold">nom</code> ;
          </li>
          <li>ou simplement une adresse email par ligne, sans en-tête.</li>
          <li>séparateur virgule ou point-virgule ; 5 000 lignes au plus.</li>
        </ul>
        <p className="mt-1">
          Les adresses déjà connues ne sont pas modifiées, sauf pour les étiquettes ajoutées.
        </p>
      </div>

      <div>
        <label htmlFor={`${id}-file`} className="block text-sm font-medium text-gray-800">
          Fichier CSV (2 Mo au plus)
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setFileError(null);
          }}
          aria-invalid={fileError !== null}
          aria-describedby={fileError ? `${id}-file-error` : undefined}
          className="mt-1 block w-full text-sm text-gray-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800"
        />
        {fileError ? (
          <p id={`${id}-file-error`} role="alert" className="mt-1 text-sm text-red-700">
            {fileError}
          </p>
        ) : null}
      </div>

      <div>
        <label htmlFor={`${id}-tags`} className="block text-sm font-medium text-gray-800">
          Étiquettes à ajouter (facultatif)
        </label>
        <input
          id={`${id}-tags`}
          type="text"
          value={tags}
          onChange={(event) => setTags(event.target.value)}
          placeholder="salon-2026, clients"
          aria-describedby={`${id}-tags-hint`}
          className={inputClass}
        />
        <p id={`${id}-tags-hint`} className="mt-1 text-xs text-gray-600">
          Séparées par des virgules ; ajoutées à chaque adresse du fichier.
        </p>
      </div>

      <div className="space-y-2">
        <div className="flex items-start gap-2">
          <input
            id={`${id}-consent`}
            type="checkbox"
            checked={consented}
            onChange={(event) => setConsented(event.target.checked)}
            aria-describedby={`${id}-consent-note`}
            className="mt-1 size-4 shrink-0 accent-brand-700"
          />
          <label htmlFor={`${id}-consent`} className="text-sm font-medium text-gray-900">
            Ces personnes ont déjà donné leur consentement explicite
          </label>
        </div>
        <p
          id={`${id}-consent-note`}
          className="flex gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {consented ? (
            <span>
              Les nouvelles adresses seront directement {quoted(SUBSCRIBER_STATUS_LABELS.active)}. Ne cochez
              cette case que si vous pouvez prouver ce consentement (formulaire signé, inscription sur un
              autre outil...).
            </span>
          ) : (
            <span>
              Sans cette case, chaque nouvelle adresse reçoit un email de confirmation et reste{' '}
              {quoted(SUBSCRIBER_STATUS_LABELS.pending)} jusqu’à ce que la personne confirme. Aucune adresse
              ne devient active sans consentement.
            </span>
          )}
        </p>
      </div>
    </DialogForm>
  );
}

function ImportReport({
  result,
  consented,
  onAgain,
  onClose,
}: {
  result: SubscriberImportResult;
  consented: boolean;
  onAgain: () => void;
  onClose: () => void;
}) {
  const invalidTitle = useId();
  return (
    <>
      <DialogBody>
        <div role="status" className="space-y-2">
          <p className="flex items-center gap-2 font-semibold text-gray-900">
            <CheckCircle2 className="size-5 text-brand-700" aria-hidden="true" />
            Import terminé
          </p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="font-semibold text-gray-900 tabular-nums">{result.created}</dt>
            <dd className="text-gray-700">
              {result.created < 2 ? 'nouvelle adresse ajoutée' : 'nouvelles adresses ajoutées'}
              {result.created > 0
                ? consented
                  ? ' (actives, consentement déclaré)'
                  : ` (${quoted(SUBSCRIBER_STATUS_LABELS.pending)}, un email de confirmation ${result.created < 2 ? 'lui' : 'leur'} est envoyé)`
                : ''}
            </dd>
            <dt className="font-semibold text-gray-900 tabular-nums">{result.existing}</dt>
            <dd className="text-gray-700">
              {result.existing < 2 ? 'adresse déjà connue' : 'adresses déjà connues'}
            </dd>
            <dt className="font-semibold text-gray-900 tabular-nums">{result.invalid.length}</dt>
            <dd className="text-gray-700">
              {result.invalid.length < 2 ? 'ligne refusée' : 'lignes refusées'}
            </dd>
          </dl>
        </div>
        {result.invalid.length > 0 ? (
          <section aria-labelledby={invalidTitle}>
            <h3 id={invalidTitle} className="text-sm font-semibold text-gray-900">
              Lignes refusées
            </h3>
            <ul className="mt-1 divide-y divide-gray-100 rounded-lg border border-gray-200 text-sm">
              {result.invalid.map((line) => (
                <li key={line.line} className="px-3 py-2">
                  <span className="font-medium text-gray-900">Ligne {line.line}</span>
                  {line.value ? (
                    <span className="wrap-anywhere text-gray-700"> — {quoted(line.value)}</span>
                  ) : null}
                  <span className="block text-red-700">{line.message}</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onClick={onAgain}>
          Importer un autre fichier
        </Button>
        <Button onClick={onClose}>Terminer</Button>
      </DialogFooter>
    </>
  );
}
