/**
 * A case study's images beyond its cover (docs/decisions/092-case-study-galleries.md): the
 * gallery, several images chosen at once, each with its words (required: a reader who cannot see
 * it gets them), in an order the staff set; and an optional before/after pair.
 */
import { useMutation } from '@tanstack/react-query';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import Loader2 from 'lucide-react/icons/loader-circle';
import Upload from 'lucide-react/icons/upload';
import X from 'lucide-react/icons/x';
import { type ChangeEvent, useId, useState } from 'react';
import {
  type Control,
  Controller,
  type FieldErrors,
  type UseFormRegister,
  useFieldArray,
} from 'react-hook-form';
import { MEDIA_ACCEPTED_TYPES, mediaSrcset } from '#common/schemas/media.ts';
import {
  CASE_STUDY_ALT_MAX,
  CASE_STUDY_MAX_GALLERY,
  type CaseStudyForm,
} from '#common/schemas/portfolio-admin.ts';
import { fieldProps, TextField } from '~/components/form-fields';
import { buttonVariants } from '~/components/ui/button';
import { cn } from '~/lib/cn';
import { IconButton } from '../kit/icon-button';
import { checkImageFile, ImageUpload, uploadErrorMessage, uploadImageMutation } from '../kit/image-upload';

type FormProps = {
  control: Control<CaseStudyForm, unknown, unknown>;
  register: UseFormRegister<CaseStudyForm>;
  errors: FieldErrors<CaseStudyForm>;
};

export function GalleryField({ control, register, errors }: FormProps) {
  const images = useFieldArray({ control, name: 'gallery' });
  const field = fieldProps(register, errors);
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMutation(uploadImageMutation());
  const room = CASE_STUDY_MAX_GALLERY - images.fields.length;

  // One after the other (a phone on 3G sends one file at a time anyway); each lands in the list
  // as soon as it is stored, its words to write.
  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    setProblem(
      files.length > room ? `${CASE_STUDY_MAX_GALLERY} images au plus : les suivantes sont ignorées.` : null,
    );
    for (const file of files.slice(0, room)) {
      const refused = checkImageFile(file);
      if (refused) {
        setProblem(`${file.name} : ${refused}`);
        continue;
      }
      try {
        const media = await upload.mutateAsync(file);
        images.append({ url: media.url, alt: '' }, { shouldFocus: true, focusName: undefined });
      } catch (error) {
        setProblem(`${file.name} : ${uploadErrorMessage(error)}`);
      }
    }
  };

  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium text-gray-900">Galerie</legend>
      <p className="mb-2 text-xs text-gray-600">
        Des images du travail, dans l’ordre où le site les montre ({CASE_STUDY_MAX_GALLERY} au plus). Chacune
        a besoin d’un texte qui dit ce qu’elle montre.
      </p>
      {images.fields.length > 0 ? (
        <ol className="flex flex-col gap-3" aria-label="Images de la galerie">
          {images.fields.map((image, index) => (
            <li
              key={image.id}
              className="flex flex-wrap items-start gap-3 rounded-lg bg-gray-50 p-2 sm:flex-nowrap"
            >
              <img
                src={image.url ?? undefined}
                srcSet={mediaSrcset(image.url)}
                sizes="96px"
                alt=""
                className="order-1 h-16 w-24 shrink-0 rounded-md bg-gray-200 object-cover"
              />
              {/* On a phone the words take the whole width, under the image and its buttons. */}
              <div className="order-3 min-w-0 basis-full sm:order-2 sm:flex-1 sm:basis-auto">
                <TextField
                  label={`Texte alternatif de l’image ${index + 1}`}
                  maxLength={CASE_STUDY_ALT_MAX}
                  placeholder="Ce que montre l’image"
                  {...field(`gallery.${index}.alt`)}
                />
                {errors.gallery?.[index]?.url?.message ? (
                  <p className="mt-1 text-sm text-red-700">{errors.gallery[index]?.url?.message}</p>
                ) : null}
              </div>
              <div className="order-2 ml-auto flex shrink-0 gap-1 sm:order-3">
                <IconButton
                  label={`Monter l’image ${index + 1}`}
                  disabled={index === 0}
                  onClick={() => images.move(index, index - 1)}
                >
                  <ArrowUp className="size-4" aria-hidden="true" />
                </IconButton>
                <IconButton
                  label={`Descendre l’image ${index + 1}`}
                  disabled={index === images.fields.length - 1}
                  onClick={() => images.move(index, index + 1)}
                >
                  <ArrowDown className="size-4" aria-hidden="true" />
                </IconButton>
                <IconButton label={`Retirer l’image ${index + 1}`} onClick={() => images.remove(index)}>
                  <X className="size-4" aria-hidden="true" />
                </IconButton>
              </div>
            </li>
          ))}
        </ol>
      ) : null}
      {errors.gallery?.message ? <p className="mt-2 text-sm text-red-700">{errors.gallery.message}</p> : null}
      {room > 0 ? (
        <div className="mt-3">
          <input
            id={inputId}
            type="file"
            multiple
            accept={MEDIA_ACCEPTED_TYPES.join(',')}
            className="peer sr-only"
            onChange={onFiles}
            disabled={upload.isPending}
          />
          <label
            htmlFor={inputId}
            className={cn(
              buttonVariants({ variant: 'secondary', size: 'sm' }),
              'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700',
              upload.isPending && 'pointer-events-none opacity-60',
            )}
          >
            {upload.isPending ? (
              <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            ) : (
              <Upload className="size-4" aria-hidden="true" />
            )}
            {upload.isPending ? 'Envoi en cours...' : 'Ajouter des images'}
          </label>
        </div>
      ) : null}
      <div aria-live="polite">{problem ? <p className="mt-2 text-sm text-red-700">{problem}</p> : null}</div>
    </fieldset>
  );
}

/** The before/after pair: two images and their words, or nothing. */
export function BeforeAfterField({ control, register, errors }: FormProps) {
  const field = fieldProps(register, errors);
  const half = (key: 'before' | 'after', label: string) => (
    <div className="flex min-w-0 flex-col gap-3">
      <Controller
        control={control}
        name={`beforeAfter.${key}.url`}
        render={({ field: url }) => (
          <ImageUpload
            label={label}
            value={url.value ?? null}
            onChange={url.onChange}
            error={errors.beforeAfter?.[key]?.url?.message}
          />
        )}
      />
      <TextField
        label={`Texte alternatif (${label.toLowerCase()})`}
        maxLength={CASE_STUDY_ALT_MAX}
        {...field(`beforeAfter.${key}.alt`)}
      />
    </div>
  );
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium text-gray-900">Avant / après</legend>
      <p className="mb-2 text-xs text-gray-600">
        Facultatif : les deux images côte à côte, quand le travail a changé quelque chose de visible.
      </p>
      <div className="grid gap-6">
        {half('before', 'Avant')}
        {half('after', 'Après')}
      </div>
    </fieldset>
  );
}
