/**
 * Picks an image, uploads it to POST /api/admin/media and reports the stored image's URL; shows
 * the current image with a way to remove it. The form that holds it saves the URL: until then
 * nothing on the public site changes. The size and type are checked here first (no 5 MB wasted
 * on a 3G connection to be told no); the server checks again by content and has the last word.
 */
import { useMutation } from '@tanstack/react-query';
import ImageIcon from 'lucide-react/icons/image';
import Loader2 from 'lucide-react/icons/loader-circle';
import Trash2 from 'lucide-react/icons/trash';
import Upload from 'lucide-react/icons/upload';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { Controller, type FieldValues } from 'react-hook-form';
import {
  MEDIA_ACCEPTED_TYPES,
  MEDIA_FIELD,
  MEDIA_MAX_BYTES,
  MEDIA_MESSAGES,
  type UploadedMedia,
} from '#common/schemas/media.ts';
import type { ControlledFieldProps } from '~/components/form-fields';
import { Button, buttonVariants } from '~/components/ui/button';
import { ApiError, serverFieldMessages, serverMessage } from '~/lib/api';
import { cn } from '~/lib/cn';
import { createAdminMutation } from '../data/admin-data';

export const MEDIA_KEY = '/api/admin/media';

export type ImageUploadProps = {
  label: string;
  /** The current image URL (what the entity stores), or null. */
  value: string | null;
  onChange: (url: string | null) => void;
  error?: string;
  /** A file to send at once, as if chosen (an image pasted or dropped into the post's text). */
  pendingFile?: File | null;
};

/** What is wrong with a file before sending it, or null when the server may judge it. */
export function checkImageFile(file: File): string | null {
  // An empty type (an unknown extension) is left to the server, which reads the content.
  if (file.type && !(MEDIA_ACCEPTED_TYPES as readonly string[]).includes(file.type)) {
    return MEDIA_MESSAGES.wrongType;
  }
  if (file.size > MEDIA_MAX_BYTES) return MEDIA_MESSAGES.tooLarge;
  if (file.size === 0) return MEDIA_MESSAGES.missingFile;
  return null;
}

/** The server's French message, or one for what a proxy or the network said instead. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const message = serverFieldMessages(error)[MEDIA_FIELD] ?? serverMessage(error);
    if (message) return message;
    if (error.status === 413) return MEDIA_MESSAGES.tooLarge;
    if (error.status === 401) return 'Votre session a expiré : reconnectez-vous puis réessayez.';
    return `L’envoi a échoué (erreur ${error.status}). Réessayez.`;
  }
  return 'Envoi impossible : vérifiez votre connexion puis réessayez.';
}

/** The upload answers the stored image; a failed one is tried again like any write of the client. */
export const uploadImageMutation = createAdminMutation({
  method: 'POST',
  url: MEDIA_KEY,
  init: (file: File) => {
    const body = new FormData();
    body.append(MEDIA_FIELD, file, file.name);
    // No Content-Type header: the browser writes multipart/form-data with its boundary.
    return { body };
  },
  read: (body: { media: UploadedMedia }) => body.media,
  invalidates: [MEDIA_KEY],
  clientRetries: true,
});

export function ImageUpload({ label, value, onChange, error, pendingFile }: ImageUploadProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const messageId = `${id}-message`;
  const [localError, setLocalError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const upload = useMutation(
    uploadImageMutation({
      onSuccess: (media) => {
        setDone(true);
        onChange(media.url);
      },
      onError: (err) => setLocalError(uploadErrorMessage(err)),
    }),
  );

  const send = (file: File) => {
    setDone(false);
    const problem = checkImageFile(file);
    setLocalError(problem);
    if (!problem) upload.mutate(file);
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared at once, so choosing the same file again (after a failure) fires a change.
    event.target.value = '';
    if (file) send(file);
  };

  // Sent once per file given, however often the effect runs.
  const sentFile = useRef<File | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `send` is recreated on each render; the file decides.
  useEffect(() => {
    if (!pendingFile || sentFile.current === pendingFile) return;
    sentFile.current = pendingFile;
    send(pendingFile);
  }, [pendingFile]);

  const remove = () => {
    setLocalError(null);
    setDone(false);
    onChange(null);
  };

  const uploading = upload.isPending;
  const shownError = localError ?? error;

  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={inputId} className="text-sm font-medium text-gray-900">
        {label}
      </label>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div
          className={cn(
            'relative flex h-36 w-full shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-gray-50 sm:w-56',
            shownError ? 'border-red-600' : 'border-gray-300',
          )}
        >
          {value ? (
            <img src={value} alt={`Aperçu : ${label}`} className="size-full object-cover" />
          ) : (
            <span className="flex flex-col items-center gap-1 text-sm text-gray-500">
              <ImageIcon className="size-8" aria-hidden="true" />
              Aucune image
            </span>
          )}
          {uploading ? (
            <span
              className="absolute inset-0 flex items-center justify-center bg-white/70"
              aria-hidden="true"
            >
              <Loader2 className="size-8 animate-spin text-brand-700" />
            </span>
          ) : null}
        </div>
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap gap-2">
            {/* The real control, kept for keyboards and screen readers; the label below is its face. */}
            <input
              id={inputId}
              type="file"
              accept={MEDIA_ACCEPTED_TYPES.join(',')}
              className="peer sr-only"
              onChange={onFile}
              disabled={uploading}
              aria-invalid={shownError ? true : undefined}
              aria-describedby={messageId}
            />
            <label
              htmlFor={inputId}
              className={cn(
                buttonVariants({ variant: 'secondary', size: 'sm' }),
                'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700',
                uploading && 'pointer-events-none opacity-60',
              )}
            >
              <Upload className="size-4" aria-hidden="true" />
              {value ? 'Remplacer l’image' : 'Choisir une image'}
            </label>
            {value ? (
              <Button variant="ghost" size="sm" onClick={remove} disabled={uploading}>
                <Trash2 className="size-4" aria-hidden="true" />
                Retirer l’image
              </Button>
            ) : null}
          </div>
          <p className="text-xs text-gray-600">JPEG, PNG, WebP ou SVG, 5 Mo au maximum.</p>
          <div id={messageId}>
            {shownError ? (
              <p role="alert" className="text-sm text-red-700">
                {shownError}
              </p>
            ) : (
              <p role="status" className="text-sm text-gray-700">
                {uploading ? (
                  <span className="inline-flex items-center gap-1.5">
                    <Loader2 className="size-4 animate-spin" aria-hidden="true" />
                    Envoi en cours...
                  </span>
                ) : done ? (
                  'Image envoyée : elle sera enregistrée avec le formulaire.'
                ) : null}
              </p>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}

/** ImageUpload bound to a form field that holds the image URL (or null, or nothing yet). */
export function ImageUploadField<T extends FieldValues, TTransformed>({
  control,
  name,
  label,
  error,
}: ControlledFieldProps<T, TTransformed>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <ImageUpload label={label} value={field.value ?? null} onChange={field.onChange} error={error} />
      )}
    />
  );
}
