/**
 * Writing an email template (decision 019): name, subject, the MJML source in a plain monospace
 * text area, the variables it uses (name, description, example), and beside it the compiled email
 * with the examples filled in, refreshed 600 ms after the last keystroke. MJML's problems are
 * listed in French with their line; a source with problems cannot be saved (the server refuses it
 * too). On a phone the source and the preview are two tabs.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import Plus from 'lucide-react/icons/plus';
import Save from 'lucide-react/icons/save';
import Trash2 from 'lucide-react/icons/trash';
import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import {
  type EmailTemplateDetail,
  type MjmlProblem,
  TemplateCreateSchema,
  type TemplateVariableInfo,
} from '#common/schemas/campaigns.ts';
import { fieldProps, TextField } from '~/components/form-fields';
import { Button } from '~/components/ui/button';
import { errorMessage, reportSaveError } from '~/lib/api';
import { cn } from '~/lib/cn';
import { Badge } from '../kit/badge';
import { ConfirmDialog } from '../kit/confirm-dialog';
import { formatDateTime } from '../kit/dates';
import {
  EditorActionBar,
  EditorDeleteButton,
  EditorMoreMenu,
  type ItemList,
  ListBackLink,
  ListItemLoader,
  UnsavedNote,
  WIDE_ONLY,
} from '../kit/item-screen';
import { AdminPageHeader, Card, FieldsetCard } from '../kit/page';
import { useDebounced } from '../kit/use-debounced';
import {
  deleteTemplateMutation,
  mjmlErrorsOf,
  saveTemplateMutation,
  type TemplateValues,
  templateCompileQuery,
  templateQuery,
} from './data';
import { EmailFrame } from './email-frame';

const PREVIEW_DEBOUNCE_MS = 600;

type TemplateForm = z.input<typeof TemplateCreateSchema>;

const STARTER_MJML = `<mjml>
  <mj-body background-color="#f4f7f5">
    <mj-section background-color="#ffffff">
      <mj-column>
        <mj-text>Bonjour{{#firstName}} {{firstName}}{{/firstName}},</mj-text>
        <mj-text>{{message}}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section>
      <mj-column>
        <mj-text align="center" font-size="12px" color="#6b7280">Lisanga Digital · {{companyAddress}}</mj-text>
        <mj-text align="center" font-size="12px"><a href="{{manageUrl}}">Gérer mes préférences</a> · <a href="{{unsubscribeUrl}}">Se désinscrire</a></mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>
`;

const STARTER_VARIABLES: TemplateVariableInfo[] = [
  { name: 'firstName', description: 'Prénom de l’abonné (facultatif)', example: 'Grâce' },
  { name: 'message', description: 'Texte du message', example: 'Voici nos nouveautés du mois.' },
  { name: 'companyAddress', description: 'Adresse postale de l’agence', example: 'Gombe, Kinshasa' },
  {
    name: 'manageUrl',
    description: 'Lien de gestion des préférences',
    example: 'https://example.com/manage',
  },
  {
    name: 'unsubscribeUrl',
    description: 'Lien de désinscription',
    example: 'https://example.com/unsubscribe',
  },
];

const TEMPLATES: ItemList = {
  to: '/admin/emails/templates',
  label: 'Tous les modèles',
  missing: 'Ce modèle n’existe pas ou a été supprimé.',
};

export function TemplateEditorScreen({ templateId }: { templateId: string }) {
  if (templateId === 'new') return <TemplateEditor template={null} />;
  return (
    <ListItemLoader
      list={TEMPLATES}
      options={templateQuery(templateId)}
      render={(template) => <TemplateEditor key={template.id} template={template} />}
    />
  );
}

function toForm(template: EmailTemplateDetail | null): TemplateForm {
  return {
    key: template?.key ?? '',
    name: template?.name ?? '',
    subject: template?.subject ?? '',
    mjml: template?.mjml ?? STARTER_MJML,
    variables: (template?.variables ?? STARTER_VARIABLES).map((v) => ({
      name: v.name,
      description: v.description ?? '',
      example: v.example ?? '',
    })),
  };
}

const monoClass =
  'block w-full rounded-lg border border-gray-300 bg-gray-50 px-3 py-2 font-mono text-sm leading-relaxed text-gray-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700/30';

function TemplateEditor({ template }: { template: EmailTemplateDetail | null }) {
  const navigate = useNavigate();
  const [tab, setTab] = useState<'source' | 'preview'>('source');
  const [saveProblems, setSaveProblems] = useState<MjmlProblem[]>([]);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isDirty },
  } = useForm<TemplateForm, unknown, TemplateValues>({
    resolver: zodResolver(TemplateCreateSchema),
    defaultValues: toForm(template),
  });
  const field = fieldProps(register, errors);
  const variables = useFieldArray({ control, name: 'variables' });

  const mjml = watch('mjml') ?? '';
  const watchedVariables = watch('variables') ?? [];
  const previewInput = useDebounced(
    JSON.stringify({
      mjml,
      variables: watchedVariables
        .filter((v) => /^[a-zA-Z][a-zA-Z0-9_]*$/.test(v.name ?? ''))
        .map((v) => ({ name: v.name, description: v.description ?? '', example: v.example ?? '' })),
    }),
    PREVIEW_DEBOUNCE_MS,
  );
  const parsedPreview = JSON.parse(previewInput) as { mjml: string; variables: TemplateVariableInfo[] };
  const preview = useQuery({
    ...templateCompileQuery(parsedPreview.mjml, parsedPreview.variables),
    placeholderData: keepPreviousData,
  });
  const problems = preview.data?.errors ?? saveProblems;

  const save = useMutation(
    saveTemplateMutation({
      onSuccess: (saved) => {
        setSaveProblems([]);
        reset(toForm(saved));
        if (!template) navigate(`/admin/emails/templates/${saved.id}`, { replace: true });
      },
      onError: (error) => {
        setSaveProblems(mjmlErrorsOf(error));
        reportSaveError(error, setError, ['mjml', 'key', 'name', 'subject', 'variables.*']);
      },
    }),
  );

  const remove = useMutation(
    deleteTemplateMutation({
      onSuccess: () => navigate('/admin/emails/templates'),
      onError: () => setConfirmDelete(false),
    }),
  );

  const previewPending = preview.isFetching || previewInput !== JSON.stringify(parsedPreview);

  return (
    <>
      <ListBackLink list={TEMPLATES} />
      <AdminPageHeader
        title={template ? `Modèle : ${template.name}` : 'Nouveau modèle'}
        description={
          template
            ? `Clé ${template.key}, modifié le ${formatDateTime(template.updatedAt)}.`
            : 'Écrivez le modèle en MJML ; les variables s’écrivent {{nom}}.'
        }
        actions={template?.builtIn ? <Badge tone="blue">Modèle intégré au site</Badge> : null}
      />
      <form
        noValidate
        onSubmit={handleSubmit((values) => save.mutate({ id: template?.id ?? null, values }))}
        className="flex flex-col gap-6"
      >
        <Card className="grid gap-4 lg:grid-cols-3">
          <TextField label="Nom" {...field('name')} />
          <TextField
            label="Clé"
            readOnly={template !== null}
            autoCapitalize="none"
            spellCheck={false}
            placeholder="newsletter_speciale"
            {...field('key')}
          />
          <TextField label="Objet par défaut" optional {...field('subject')} />
        </Card>

        <div className="flex gap-2 lg:hidden" role="tablist" aria-label="Affichage">
          {(
            [
              ['source', 'Source'],
              ['preview', 'Aperçu'],
            ] as const
          ).map(([value, label]) => (
            <Button
              key={value}
              type="button"
              size="sm"
              role="tab"
              aria-selected={tab === value}
              variant={tab === value ? 'primary' : 'secondary'}
              onClick={() => setTab(value)}
            >
              {label}
            </Button>
          ))}
        </div>

        <div className="grid gap-4 lg:grid-cols-2">
          <Card className={cn('flex min-w-0 flex-col gap-3', tab === 'source' ? '' : 'hidden lg:flex')}>
            <label htmlFor="template-mjml" className="text-sm font-medium text-gray-900">
              Source MJML
            </label>
            <textarea
              id="template-mjml"
              rows={28}
              spellCheck={false}
              autoCapitalize="none"
              wrap="off"
              aria-invalid={errors.mjml ? true : undefined}
              aria-describedby={errors.mjml ? 'template-mjml-error' : undefined}
              className={monoClass}
              {...register('mjml')}
            />
            {errors.mjml ? (
              <p id="template-mjml-error" className="text-sm text-red-700">
                {errors.mjml.message}
              </p>
            ) : null}
          </Card>
          <Card className={cn('flex min-w-0 flex-col gap-3', tab === 'preview' ? '' : 'hidden lg:flex')}>
            <div className="flex items-center justify-between gap-2">
              <h2 className="text-sm font-medium text-gray-900">Aperçu (avec les exemples)</h2>
              <span role="status" className="text-xs text-gray-600">
                {previewPending ? 'Mise à jour...' : ''}
              </span>
            </div>
            {problems.length > 0 ? (
              <div
                role="alert"
                className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
              >
                <p className="flex items-center gap-2 font-medium">
                  <AlertTriangle className="size-4" aria-hidden="true" />
                  {problems.length > 1 ? `${problems.length} erreurs MJML` : '1 erreur MJML'}
                </p>
                <ul className="mt-2 list-disc space-y-1 pl-5" data-testid="mjml-errors">
                  {problems.map((problem, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: two problems may read the same
                    <li key={i}>{problem.message}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            {preview.isError ? (
              <p role="alert" className="text-sm text-red-700">
                Aperçu indisponible : {errorMessage(preview.error)}
              </p>
            ) : preview.data?.html ? (
              <EmailFrame html={preview.data.html} title="Aperçu du modèle" />
            ) : (
              <p className="py-12 text-center text-sm text-gray-600">
                {preview.isPending ? 'Compilation...' : 'Aucun aperçu : corrigez le source.'}
              </p>
            )}
          </Card>
        </div>

        <FieldsetCard legend="Variables">
          <p className="mb-3 text-sm text-gray-600">
            Ce que le modèle utilise entre accolades. L’exemple sert à l’aperçu. firstName, manageUrl,
            unsubscribeUrl et companyAddress sont remplis par l’envoi ; les autres deviennent des blocs de
            contenu à écrire dans chaque campagne.
          </p>
          <div className="flex flex-col gap-3">
            {variables.fields.map((variable, index) => (
              <div
                key={variable.id}
                className="grid gap-2 rounded-lg border border-gray-200 p-3 sm:grid-cols-[12rem_1fr_1fr_auto] sm:items-start"
              >
                <TextField
                  label="Nom"
                  autoCapitalize="none"
                  spellCheck={false}
                  {...field(`variables.${index}.name`)}
                />
                <TextField label="Description" optional {...field(`variables.${index}.description`)} />
                <TextField label="Exemple" optional {...field(`variables.${index}.example`)} />
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="text-red-700 sm:mt-7"
                  aria-label={`Retirer la variable ${watchedVariables[index]?.name || index + 1}`}
                  onClick={() => variables.remove(index)}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                  <span className="sm:sr-only">Retirer</span>
                </Button>
              </div>
            ))}
          </div>
          <Button
            type="button"
            variant="secondary"
            size="sm"
            className="mt-3"
            onClick={() => variables.append({ name: '', description: '', example: '' })}
          >
            <Plus className="size-4" aria-hidden="true" />
            Ajouter une variable
          </Button>
        </FieldsetCard>

        <EditorActionBar oneRow>
          <Button type="submit" size="sm" disabled={save.isPending || remove.isPending} className="shrink-0">
            <Save className="size-4" aria-hidden="true" />
            {save.isPending ? 'Enregistrement...' : 'Enregistrer'}
          </Button>
          {isDirty ? <UnsavedNote /> : null}
          {template && !template.builtIn ? (
            <>
              <EditorDeleteButton
                disabled={save.isPending || remove.isPending}
                className={WIDE_ONLY}
                onClick={() => setConfirmDelete(true)}
              />
              <EditorMoreMenu
                actions={[
                  {
                    label: 'Supprimer',
                    icon: Trash2,
                    danger: true,
                    disabled: save.isPending || remove.isPending,
                    onSelect: () => setConfirmDelete(true),
                  },
                ]}
              />
            </>
          ) : null}
        </EditorActionBar>
      </form>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Supprimer ce modèle ?"
        confirmLabel="Supprimer définitivement"
        pendingLabel="Suppression..."
        pending={remove.isPending}
        onConfirm={() => (template ? remove.mutate(template) : undefined)}
      >
        <p>
          Le modèle « {template?.name} » sera supprimé. Une campagne qui l’utilise empêche la suppression.
        </p>
      </ConfirmDialog>
    </>
  );
}
