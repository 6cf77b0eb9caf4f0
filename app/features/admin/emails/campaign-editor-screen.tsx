/**
 * Writing a campaign (decisions 019 and 073): title, subject (the first name as a "Prénom" chip),
 * sender (empty: the settings' sender, shown as placeholder), the segment (tags, language,
 * subscription dates; always only active subscribers) with the live count of recipients, and the
 * email itself: blocks in the composer with their live preview, or, behind "Avancé", an MJML
 * template with one field per variable that is campaign content (the personal ones, first name
 * and links, are filled at sending). Saved as a draft; sending, testing and scheduling happen on
 * the campaign's page.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import Save from 'lucide-react/icons/save';
import Users from 'lucide-react/icons/users';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { type Control, Controller, type Resolver, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { blocksReadiness, type CampaignBlock, STARTER_BLOCKS } from '#common/schemas/campaign-blocks.ts';
import {
  type CampaignDetail,
  type CampaignInput,
  CampaignInputSchema,
  contentVariables,
  type EmailTemplateSummary,
  EXAMPLE_FIRST_NAME,
  type Segment,
  SegmentSchema,
} from '#common/schemas/campaigns.ts';
import { DateField } from '~/components/date-time-field';
import { fieldProps, TextAreaField, TextField } from '~/components/form-fields';
import { Button } from '~/components/ui/button';
import { reportSaveError } from '~/lib/api';
import { cn } from '~/lib/cn';
import { EditorActionBar, ItemSkeleton, ListBackLink, UnsavedNote } from '../kit/item-screen';
import { AdminPageHeader, BackLink, Card, FieldsetCard } from '../kit/page';
import { ErrorState, ItemLoadFailure } from '../kit/states';
import { useDebounced } from '../kit/use-debounced';
import { EditorPlaceholder } from '../rich-text/markdown-editor-field';
import type { BlockErrorOf } from './composer/block-composer';
import { ComposerPreview, composePreviewInput } from './composer/composer-preview';
import { docToSubject, subjectToDoc } from './composer/first-name';
import {
  CAMPAIGN_LIST,
  campaignQuery,
  composePreviewQuery,
  saveCampaignMutation,
  segmentCountQuery,
  senderDefaultsQuery,
  subscriberTagsQuery,
  templatesQuery,
} from './data';

type CampaignForm = {
  title: string;
  subject: string;
  /** 'blocks': the composer; 'template': an MJML template ("Avancé"). */
  mode: 'blocks' | 'template';
  blocks: CampaignBlock[];
  templateId: string;
  senderName: string;
  senderEmail: string;
  segment: { tags: string[]; locale: string; subscribedFrom: string; subscribedTo: string };
  content: Record<string, string>;
};

const withoutEmpty = (record: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== ''));

/**
 * An empty sender or date means "not set" (the settings' sender, no bound), as the API wants; the
 * body sent is the chosen mode's only (blocks, or a template and its fields).
 */
const CampaignFormSchema = z.preprocess((raw) => {
  const { mode, blocks, templateId, content, ...form } = raw as CampaignForm;
  const body = mode === 'blocks' ? { blocks } : { templateId, content };
  return {
    ...withoutEmpty({ ...form, ...body, segment: undefined }),
    segment: withoutEmpty(form.segment),
  };
}, CampaignInputSchema);

const SEGMENT_COUNT_DEBOUNCE_MS = 500;

/** The composer and the subject's editor (Tiptap) load after the screen, each behind a placeholder. */
const BlockComposer = lazy(() =>
  import('./composer/block-composer').then((module) => ({ default: module.BlockComposer })),
);
const ChipTextEditor = lazy(() =>
  import('./composer/text-editor').then((module) => ({ default: module.ChipTextEditor })),
);

/** A new campaign's first preview: its starter blocks greeting the example first name. */
const STARTER_PREVIEW = composePreviewInput('', STARTER_BLOCKS, EXAMPLE_FIRST_NAME);

export function CampaignEditorScreen({ campaignId }: { campaignId: string | undefined }) {
  const templates = useQuery(templatesQuery);
  const campaign = useQuery({ ...campaignQuery(campaignId ?? ''), enabled: campaignId !== undefined });
  // A new campaign opens with its preview drawn: asked for with the templates, waited for with them
  // (a failure lets the editor open, and the preview says why).
  const starter = useQuery({
    ...composePreviewQuery(STARTER_PREVIEW ?? { blocks: [] }),
    enabled: campaignId === undefined && STARTER_PREVIEW !== null,
  });
  // Only its first answer is waited for: a failed one, asked again as the preview mounts, is not.
  const starterPending = starter.isLoading && starter.errorUpdateCount === 0;
  if (templates.isPending || (campaignId ? campaign.isPending : starterPending)) {
    return <ItemSkeleton list={CAMPAIGN_LIST} />;
  }
  if (templates.isError)
    return <ErrorState error={templates.error} onRetry={() => void templates.refetch()} />;
  if (campaignId && campaign.isError) {
    return (
      <ItemLoadFailure
        back={<ListBackLink list={CAMPAIGN_LIST} />}
        missing={CAMPAIGN_LIST.missing}
        error={campaign.error}
        onRetry={() => void campaign.refetch()}
      />
    );
  }
  const existing = campaignId ? (campaign.data ?? null) : null;
  if (existing && existing.status !== 'draft' && existing.status !== 'scheduled') {
    return (
      <>
        <BackLink to={`/admin/emails/campaigns/${existing.id}`} label="Retour à la campagne" />
        <Card>
          <p role="alert" className="py-12 text-center text-gray-800">
            Une campagne envoyée ou en cours d’envoi ne peut plus être modifiée.
          </p>
        </Card>
      </>
    );
  }
  return <CampaignEditor key={existing?.id ?? 'new'} campaign={existing} templates={templates.data} />;
}

/** A new campaign starts in the composer with a greeting; each block gets its own id. */
const starterBlocks = () => STARTER_BLOCKS.map((block) => ({ ...block, id: crypto.randomUUID() }));

function toForm(campaign: CampaignDetail | null): CampaignForm {
  const onTemplate = campaign !== null && campaign.blocks === null && campaign.templateId !== null;
  return {
    title: campaign?.title ?? '',
    subject: campaign?.subject ?? '',
    mode: onTemplate ? 'template' : 'blocks',
    blocks: campaign?.blocks ?? (onTemplate ? [] : starterBlocks()),
    templateId: campaign?.templateId ?? '',
    senderName: campaign?.senderName ?? '',
    senderEmail: campaign?.senderEmail ?? '',
    segment: {
      tags: campaign?.segment.tags ?? [],
      locale: campaign?.segment.locale ?? '',
      subscribedFrom: campaign?.segment.subscribedFrom ?? '',
      subscribedTo: campaign?.segment.subscribedTo ?? '',
    },
    content: { ...(campaign?.content ?? {}) },
  };
}

const FIELD_NAMES = ['title', 'subject', 'templateId', 'senderName', 'senderEmail'] as const;

function CampaignEditor({
  campaign,
  templates,
}: {
  campaign: CampaignDetail | null;
  templates: EmailTemplateSummary[];
}) {
  const navigate = useNavigate();
  const sender = useQuery(senderDefaultsQuery);
  const tags = useQuery(subscriberTagsQuery);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors, isDirty },
  } = useForm<CampaignForm, unknown, CampaignInput>({
    resolver: zodResolver(CampaignFormSchema as never) as unknown as Resolver<
      CampaignForm,
      unknown,
      CampaignInput
    >,
    defaultValues: toForm(campaign),
  });
  const field = fieldProps(register, errors);

  const mode = watch('mode');
  const templateId = watch('templateId');
  const template = mode === 'template' ? templates.find((t) => t.id === templateId) : undefined;
  const fields = contentVariables(template);

  // A fresh campaign takes the template's subject as a start.
  useEffect(() => {
    if (template && getValues('subject') === '' && template.subject) {
      setValue('subject', template.subject, { shouldDirty: true });
    }
  }, [template, getValues, setValue]);

  const segmentDraft = watch('segment');
  const parsedSegment = SegmentSchema.safeParse(withoutEmpty(segmentDraft ?? {}));
  const debouncedSegment = useDebounced(
    parsedSegment.success ? JSON.stringify(parsedSegment.data) : null,
    SEGMENT_COUNT_DEBOUNCE_MS,
  );
  const segmentCount = useQuery({
    ...segmentCountQuery(JSON.parse(debouncedSegment ?? '{"tags":[]}') as Segment),
    enabled: debouncedSegment !== null,
    placeholderData: keepPreviousData,
  });

  const save = useMutation(
    saveCampaignMutation({
      onSuccess: (saved) => navigate(`/admin/emails/campaigns/${saved.id}`),
      onError: (error) =>
        reportSaveError(error, setError, [...FIELD_NAMES, 'segment.*', 'content.*', 'blocks.*']),
    }),
  );
  const submit = (values: CampaignInput) => {
    if (values.blocks) {
      const { content: _unused, ...composed } = values;
      save.mutate({ id: campaign?.id ?? null, values: composed as CampaignInput });
      return;
    }
    // The fields the chosen template shows, and those the campaign already had (an announcement's
    // list of publications, written by the server): text typed for another template is dropped.
    const names = new Set([...fields.map((b) => b.name), ...Object.keys(campaign?.content ?? {})]);
    const body = {
      ...values,
      content: Object.fromEntries(Object.entries(values.content).filter(([k]) => names.has(k))),
    };
    save.mutate({ id: campaign?.id ?? null, values: body });
  };
  const blockError: BlockErrorOf = (index, field) => {
    const blockErrors = errors.blocks?.[index] as
      | Record<string, { message?: string } | undefined>
      | undefined;
    return blockErrors?.[field]?.message;
  };

  const knownTags = [...new Set([...(tags.data ?? []), ...(segmentDraft?.tags ?? [])])].sort((a, b) =>
    a.localeCompare(b, 'fr'),
  );

  return (
    <>
      <BackLink
        to={campaign ? `/admin/emails/campaigns/${campaign.id}` : '/admin/emails/campaigns'}
        label={campaign ? 'Retour à la campagne' : 'Toutes les campagnes'}
      />
      <AdminPageHeader
        title={campaign ? 'Modifier la campagne' : 'Nouvelle campagne'}
        description="Elle reste un brouillon tant que vous ne l’envoyez pas ou ne la programmez pas."
      />
      <form noValidate onSubmit={handleSubmit(submit)} className="flex flex-col gap-6">
        <Card className="grid gap-4 lg:grid-cols-2">
          <TextField label="Titre (interne)" className="lg:col-span-2" {...field('title')} />
          <div className="lg:col-span-2">
            <Controller
              control={control}
              name="subject"
              render={({ field }) => (
                <SubjectField
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.subject?.message}
                />
              )}
            />
          </div>
          <TextField
            label="Nom de l’expéditeur"
            optional
            placeholder={sender.data?.name || 'Nom des réglages'}
            {...field('senderName')}
          />
          <TextField
            label="Adresse de l’expéditeur"
            type="email"
            optional
            placeholder={sender.data?.email || 'Adresse des réglages'}
            {...field('senderEmail')}
          />
          <p className="text-xs text-gray-600 lg:col-span-2">
            Laissés vides, l’expéditeur et son adresse sont ceux des réglages (Envoi d’emails).
          </p>
        </Card>

        <FieldsetCard legend="Destinataires">
          <p className="mb-3 text-sm text-gray-600">
            Toujours et seulement les abonnés actifs (confirmés, ni désinscrits ni en rebond).
          </p>
          <div className="grid gap-4 lg:grid-cols-3">
            <fieldset className="min-w-0 lg:col-span-3">
              <legend className="mb-1.5 text-sm font-medium text-gray-900">
                Étiquettes <span className="font-normal text-gray-600">(au moins une ; aucune : tous)</span>
              </legend>
              {knownTags.length === 0 ? (
                <p className="text-sm text-gray-600">
                  {tags.isPending ? 'Chargement des étiquettes...' : 'Aucun abonné n’a d’étiquette.'}
                </p>
              ) : (
                <Controller
                  control={control}
                  name="segment.tags"
                  render={({ field }) => (
                    <div className="flex flex-wrap gap-2">
                      {knownTags.map((tag) => {
                        const checked = field.value.includes(tag);
                        return (
                          <label
                            key={tag}
                            className={cn(
                              'inline-flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1 text-sm',
                              checked
                                ? 'border-brand-700 bg-brand-50 text-brand-900'
                                : 'border-gray-300 text-gray-800',
                            )}
                          >
                            <input
                              type="checkbox"
                              className="size-4 accent-brand-700"
                              checked={checked}
                              onChange={() =>
                                field.onChange(
                                  checked ? field.value.filter((t) => t !== tag) : [...field.value, tag],
                                )
                              }
                            />
                            {tag}
                          </label>
                        );
                      })}
                    </div>
                  )}
                />
              )}
              {errors.segment?.tags?.message ? (
                <p className="mt-1 text-sm text-red-700">{errors.segment.tags.message}</p>
              ) : null}
            </fieldset>
            <Controller
              control={control}
              name="segment.locale"
              render={({ field }) => <LocaleSelect {...field} />}
            />
            <SubscribedDate control={control} name="segment.subscribedFrom" label="Inscrits depuis le" />
            <SubscribedDate control={control} name="segment.subscribedTo" label="Inscrits jusqu’au" />
          </div>
          <p
            role="status"
            data-testid="segment-count"
            className="mt-4 flex items-center gap-2 text-sm font-medium text-gray-900"
          >
            <Users className="size-4 text-brand-700" aria-hidden="true" />
            {!parsedSegment.success
              ? 'Critères invalides'
              : segmentCount.isError
                ? 'Nombre de destinataires indisponible'
                : segmentCount.data === undefined
                  ? 'Calcul des destinataires...'
                  : `${segmentCount.data.toLocaleString('fr-FR')} destinataire${segmentCount.data > 1 ? 's' : ''} actif${segmentCount.data > 1 ? 's' : ''}`}
          </p>
        </FieldsetCard>

        <FieldsetCard legend="Contenu">
          <Controller
            control={control}
            name="mode"
            render={({ field }) => (
              <div className="mb-4 flex items-start gap-3 text-sm">
                <input
                  id="campaign-advanced"
                  type="checkbox"
                  role="switch"
                  aria-checked={field.value === 'template'}
                  aria-describedby="campaign-advanced-hint"
                  className="mt-0.5 size-5 shrink-0 accent-brand-700"
                  checked={field.value === 'template'}
                  onChange={(event) => field.onChange(event.target.checked ? 'template' : 'blocks')}
                />
                <div>
                  <label htmlFor="campaign-advanced" className="font-medium text-gray-900">
                    Avancé : un modèle MJML
                  </label>
                  <p id="campaign-advanced-hint" className="text-gray-600">
                    Pour les experts : l’email suit un modèle écrit en MJML (Emails, Modèles) au lieu des
                    blocs. Seul le mode choisi est enregistré.
                  </p>
                </div>
              </div>
            )}
          />
          {mode === 'blocks' ? (
            <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-2">
              <Controller
                control={control}
                name="blocks"
                render={({ field }) => (
                  <Suspense fallback={<EditorPlaceholder />}>
                    <BlockComposer blocks={field.value} onChange={field.onChange} errorOf={blockError} />
                  </Suspense>
                )}
              />
              <section aria-label="Aperçu" className="min-w-0 xl:sticky xl:top-4 xl:self-start">
                <h2 className="mb-2 text-sm font-semibold text-gray-900">Aperçu</h2>
                <ComposerPreview subject={watch('subject')} blocks={watch('blocks')} />
              </section>
            </div>
          ) : (
            <div className="flex flex-col gap-4">
              {/* Controlled: the select shows the form's value, never the other way round. */}
              <Controller
                control={control}
                name="templateId"
                render={({ field }) => (
                  <TemplateSelect templates={templates} error={errors.templateId?.message} {...field} />
                )}
              />
              {!template ? (
                <p className="text-sm text-gray-600">Choisissez un modèle pour écrire son contenu.</p>
              ) : fields.length === 0 ? (
                <p className="text-sm text-gray-600">
                  Ce modèle n’a pas de champ à écrire : il est envoyé tel quel, personnalisé pour chacun.
                </p>
              ) : (
                fields.map((variable) => (
                  <TextAreaField
                    key={`${template.id}-${variable.name}`}
                    label={variable.description || variable.name}
                    optional
                    rows={/html/i.test(variable.name) ? 10 : 3}
                    placeholder={variable.example}
                    className={/html/i.test(variable.name) ? 'font-mono' : undefined}
                    {...field(`content.${variable.name}`)}
                  />
                ))
              )}
            </div>
          )}
          {errors.blocks?.message ? (
            <p className="mt-2 text-sm text-red-700">{errors.blocks.message}</p>
          ) : null}
        </FieldsetCard>

        {mode === 'blocks' ? <LiveReadiness subject={watch('subject')} blocks={watch('blocks')} /> : null}

        <EditorActionBar oneRow>
          <Button type="submit" size="sm" disabled={save.isPending} className="shrink-0">
            <Save className="size-4" aria-hidden="true" />
            {save.isPending ? 'Enregistrement...' : 'Enregistrer le brouillon'}
          </Button>
          {isDirty ? <UnsavedNote /> : null}
        </EditorActionBar>
      </form>
    </>
  );
}

/**
 * What still stops the campaign from being sent, as the admin types, before any save: the rules
 * known without the server (an empty subject, no content, a title or paragraph left empty). The
 * saved campaign's page adds those the server checks (links to the site, the recipients).
 */
function LiveReadiness({ subject, blocks }: { subject: string; blocks: CampaignBlock[] }) {
  const problems = [...(subject.trim() ? [] : ['L’objet est vide.']), ...blocksReadiness(blocks)];
  return (
    <section
      aria-labelledby="live-readiness-title"
      className={cn(
        'rounded-xl border p-4 text-sm',
        problems.length > 0
          ? 'border-amber-200 bg-amber-50 text-amber-900'
          : 'border-brand-100 bg-brand-50 text-brand-800',
      )}
    >
      <h2 id="live-readiness-title" className="font-semibold">
        {problems.length > 0 ? 'À compléter avant l’envoi' : 'Rien ne manque pour l’instant'}
      </h2>
      <div aria-live="polite">
        {problems.length > 0 ? (
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ) : (
          <p className="mt-1">
            Les liens vers le site et les destinataires sont vérifiés une fois la campagne enregistrée.
          </p>
        )}
      </div>
    </section>
  );
}

/** The subject: one line where the first name is a chip, stored with its Mustache sections. */
function SubjectField({
  value,
  onChange,
  onBlur,
  error,
}: {
  value: string;
  onChange: (subject: string) => void;
  onBlur: () => void;
  error?: string;
}) {
  const doc = useMemo(() => subjectToDoc(value), [value]);
  return (
    <Suspense fallback={<EditorPlaceholder label="Objet" size="line" />}>
      <ChipTextEditor
        variant="line"
        label="Objet"
        value={doc}
        onChange={(next) => onChange(docToSubject(next))}
        onBlur={onBlur}
        error={error}
      />
    </Suspense>
  );
}

/** A bound of the subscription dates the campaign's audience is narrowed to (YYYY-MM-DD). */
function SubscribedDate({
  control,
  name,
  label,
}: {
  control: Control<CampaignForm, unknown, CampaignInput>;
  name: 'segment.subscribedFrom' | 'segment.subscribedTo';
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateField
          ref={field.ref}
          label={label}
          optional
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

const selectClass =
  'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-gray-900 focus:outline-2 focus:outline-offset-0 border-gray-300 focus:border-brand-700 focus:outline-brand-700/30';

function TemplateSelect({
  templates,
  error,
  ...props
}: { templates: EmailTemplateSummary[]; error?: string } & React.ComponentProps<'select'>) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="campaign-template" className="text-sm font-medium text-gray-900">
        Modèle
      </label>
      <select
        id="campaign-template"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'campaign-template-error' : undefined}
        className={cn(selectClass, error && 'border-red-600')}
        {...props}
      >
        <option value="">Choisissez un modèle…</option>
        {templates.map((template) => (
          <option key={template.id} value={template.id}>
            {template.name}
          </option>
        ))}
      </select>
      {error ? (
        <p id="campaign-template-error" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function LocaleSelect(props: React.ComponentProps<'select'>) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="campaign-locale" className="text-sm font-medium text-gray-900">
        Langue <span className="font-normal text-gray-600">(facultatif)</span>
      </label>
      <select id="campaign-locale" className={selectClass} {...props}>
        <option value="">Toutes</option>
        <option value="fr">Français</option>
      </select>
    </div>
  );
}
