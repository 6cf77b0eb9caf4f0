/**
 * Editing one subscriber's tags, typed as comma-separated text and previewed as badges. Checked
 * with the API's own schema before sending (lowercase, 50 characters, 30 tags at most); the
 * server's field errors are shown the same way.
 */
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { type AdminSubscriber, SubscriberUpdateSchema } from '#common/schemas/admin.ts';
import { errorMessage, fieldMessages } from '~/lib/api';
import type { AdminMutationResult } from '../data/admin-data';
import { Badge } from '../kit/badge';
import { FormActions } from '../kit/buttons';
import { AdminDialog, DialogForm } from '../kit/dialog-frame';
import { type SubscriberDialogProps, updateTagsMutation } from './data';

/** "Clients, vip , ,clients" -> ["clients", "vip"]: trimmed, lowercase, without duplicates. */
export function parseTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((tag) => tag.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

export function TagsDialog({ subscriber, onClose }: SubscriberDialogProps) {
  const update = useMutation(updateTagsMutation());
  const close = () => {
    update.reset();
    onClose();
  };
  return (
    <AdminDialog
      open={subscriber !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title="Modifier les étiquettes"
      description={subscriber?.email}
      pending={update.isPending}
    >
      {subscriber ? (
        <TagsForm key={subscriber.id} subscriber={subscriber} update={update} onClose={close} />
      ) : null}
    </AdminDialog>
  );
}

function TagsForm({
  subscriber,
  update,
  onClose,
}: {
  subscriber: AdminSubscriber;
  update: AdminMutationResult<typeof updateTagsMutation>;
  onClose: () => void;
}) {
  const id = useId();
  const [text, setText] = useState(subscriber.tags.join(', '));
  const [clientError, setClientError] = useState<string | null>(null);
  const tags = parseTags(text);
  const serverErrors = update.isError ? fieldMessages(update.error, 'tags') : [];
  const errors = clientError
    ? [clientError]
    : serverErrors.length > 0
      ? serverErrors
      : update.isError
        ? [errorMessage(update.error)]
        : [];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = SubscriberUpdateSchema.safeParse({ tags });
    if (!parsed.success) {
      setClientError(parsed.error.issues[0]?.message ?? 'Étiquettes invalides');
      return;
    }
    setClientError(null);
    update.mutate({ id: subscriber.id, tags: parsed.data.tags ?? [] }, { onSuccess: onClose });
  };

  return (
    <DialogForm onSubmit={onSubmit} footer={<FormActions pending={update.isPending} onCancel={onClose} />}>
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-gray-800">
          Étiquettes
        </label>
        <p id={`${id}-hint`} className="text-xs text-gray-600">
          Séparées par des virgules, par exemple : clients, salon-2026, vip
        </p>
        <input
          id={id}
          type="text"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setClientError(null);
          }}
          aria-invalid={errors.length > 0}
          aria-describedby={`${id}-hint${errors.length > 0 ? ` ${id}-error` : ''}`}
          className="mt-1 h-10 w-full rounded-lg border border-gray-300 px-3 text-base text-gray-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700/30 sm:text-sm"
        />
        {errors.length > 0 ? (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
            {errors.join(' ')}
          </p>
        ) : null}
      </div>
      <div>
        <p className="text-sm font-medium text-gray-800">Aperçu</p>
        {tags.length === 0 ? (
          <p className="text-sm text-gray-600">Aucune étiquette</p>
        ) : (
          <ul aria-label="Aperçu des étiquettes" className="mt-1 flex flex-wrap gap-1.5">
            {tags.map((tag) => (
              <li key={tag}>
                <Badge tone="blue">{tag}</Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
    </DialogForm>
  );
}
