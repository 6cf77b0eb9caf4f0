/**
 * Creating or editing a case study in a dialog over the list: client, industry, description,
 * image, and the results as label/value rows ("Leads qualifiés" / "+180 %"), stored as the JSON
 * list the public portfolio shows. Validated by the shared schema, then by the server.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import Plus from 'lucide-react/icons/plus';
import X from 'lucide-react/icons/x';
import { useRef } from 'react';
import { useFieldArray } from 'react-hook-form';
import {
  type AdminCaseStudy,
  CASE_STUDY_MAX_RESULTS,
  type CaseStudyForm,
  type CaseStudyInput,
  CaseStudyInputSchema,
} from '#common/schemas/portfolio-admin.ts';
import { fieldProps, TextField } from '~/components/form-fields';
import { Button } from '~/components/ui/button';
import { errorMessage, reportSaveError } from '~/lib/api';
import { toast } from '~/lib/toast';
import type { AdminMutationResult } from '../data/admin-data';
import { useAdminForm } from '../kit/admin-form';
import { CancelButton } from '../kit/buttons';
import { DialogForm } from '../kit/dialog-frame';
import { IconButton } from '../kit/icon-button';
import { ImageUploadField } from '../kit/image-upload';
import { ItemFormDialog } from '../kit/item-screen';
import { MarkdownEditorField } from '../rich-text/markdown-editor-field';
import { saveCaseStudyMutation } from './data';
import { BeforeAfterField, GalleryField } from './gallery-fields';

export function CaseStudyDialog({
  editing,
  onClose,
}: {
  /** The case study being edited, 'new' for a new one, null when closed. */
  editing: AdminCaseStudy | 'new' | null;
  onClose: () => void;
}) {
  const save = useMutation(saveCaseStudyMutation());
  const caseStudy = editing === 'new' ? null : editing;
  return (
    <ItemFormDialog
      open={editing !== null}
      onClose={onClose}
      title={caseStudy ? 'Modifier l’étude de cas' : 'Nouvelle étude de cas'}
      description={
        caseStudy ? caseStudy.title : 'Elle reste invisible sur le site tant que vous ne la publiez pas.'
      }
      pending={save.isPending}
    >
      {editing !== null ? (
        <CaseStudyEditForm key={caseStudy?.id ?? 'new'} caseStudy={caseStudy} save={save} onClose={onClose} />
      ) : null}
    </ItemFormDialog>
  );
}

const toForm = (c: AdminCaseStudy | null): CaseStudyForm => ({
  title: c?.title ?? '',
  clientName: c?.clientName ?? '',
  industry: c?.industry ?? '',
  description: c?.description ?? '',
  imageUrl: c?.imageUrl ?? null,
  results: c?.results ?? [{ label: '', value: '' }],
  gallery: c?.gallery ?? [],
  beforeAfter: c?.beforeAfter ?? { before: { url: null, alt: '' }, after: { url: null, alt: '' } },
});

function CaseStudyEditForm({
  caseStudy,
  save,
  onClose,
}: {
  caseStudy: AdminCaseStudy | null;
  save: AdminMutationResult<typeof saveCaseStudyMutation>;
  onClose: () => void;
}) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useAdminForm<CaseStudyForm, CaseStudyInput>(zodResolver(CaseStudyInputSchema), toForm(caseStudy));
  const field = fieldProps(register, errors);
  const results = useFieldArray({ control, name: 'results' });

  // The case study's id once it exists: a new one saved by a click whose publication failed is
  // published, not created again, by the next click.
  const savedId = useRef(caseStudy?.id);
  const submit = (publish: boolean) =>
    handleSubmit((values) =>
      save.mutate(
        { id: savedId.current, values, publish },
        {
          onSuccess: ({ saved, publishError }) => {
            savedId.current = saved.id;
            if (publishError) {
              toast({
                title: 'Étude de cas enregistrée, mais pas publiée',
                description: errorMessage(publishError),
                variant: 'destructive',
              });
              return;
            }
            toast({
              title: publish
                ? 'Étude de cas publiée'
                : caseStudy
                  ? 'Étude de cas enregistrée'
                  : 'Étude de cas créée',
              description: saved.title,
            });
            onClose();
          },
          onError: (error) => reportSaveError(error, setError, Object.keys(toForm(caseStudy))),
        },
      ),
    );

  return (
    <DialogForm
      onSubmit={submit(false)}
      footer={
        <>
          <CancelButton onClick={onClose} disabled={save.isPending} />
          <Button
            type="submit"
            variant={caseStudy?.isPublished ? 'primary' : 'secondary'}
            disabled={save.isPending}
          >
            {save.isPending && !save.variables?.publish ? 'Enregistrement...' : 'Enregistrer'}
          </Button>
          {caseStudy?.isPublished ? null : (
            <Button type="button" disabled={save.isPending} onClick={submit(true)}>
              {save.isPending && save.variables?.publish ? 'Publication...' : 'Enregistrer et publier'}
            </Button>
          )}
        </>
      }
    >
      <TextField label="Titre" {...field('title')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Client" {...field('clientName')} />
        <TextField label="Secteur" {...field('industry')} />
      </div>
      <MarkdownEditorField control={control} name="description" label="Description" compact />
      <ImageUploadField control={control} name="imageUrl" label="Image" error={errors.imageUrl?.message} />
      <fieldset className="min-w-0">
        <legend className="text-sm font-medium text-gray-900">Résultats</legend>
        <p className="mb-2 text-xs text-gray-600">
          Un chiffre clé par ligne, par exemple « Leads qualifiés » : « +180 % » ({CASE_STUDY_MAX_RESULTS} au
          plus).
        </p>
        <ol className="flex flex-col gap-3">
          {results.fields.map((result, index) => (
            <li key={result.id} className="flex items-start gap-2">
              <div className="grid flex-1 gap-2 sm:grid-cols-[1fr_9rem]">
                <TextField label={`Libellé ${index + 1}`} {...field(`results.${index}.label`)} />
                <TextField label={`Valeur ${index + 1}`} {...field(`results.${index}.value`)} />
              </div>
              <IconButton
                className="mt-7 shrink-0"
                label={`Retirer le résultat ${index + 1}`}
                onClick={() => results.remove(index)}
              >
                <X className="size-4" aria-hidden="true" />
              </IconButton>
            </li>
          ))}
        </ol>
        {errors.results?.message ? (
          <p className="mt-2 text-sm text-red-700">{errors.results.message}</p>
        ) : null}
        {results.fields.length < CASE_STUDY_MAX_RESULTS ? (
          <Button
            type="button"
            variant="secondary"
            size="sm"
            className="mt-3"
            onClick={() => results.append({ label: '', value: '' })}
          >
            <Plus className="size-4" aria-hidden="true" />
            Ajouter un résultat
          </Button>
        ) : null}
      </fieldset>
      <GalleryField control={control} register={register} errors={errors} />
      <BeforeAfterField control={control} register={register} errors={errors} />
    </DialogForm>
  );
}
