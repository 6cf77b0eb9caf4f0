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
import { useMutation, useQuery } from '@tanstack/react-query';
import Save from 'lucide-react/icons/save';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { blocksReadiness, type CampaignBlock, STARTER_BLOCKS } from '#common/schemas/campaign-blocks.ts';
import {
  type CampaignDetail,
  type CampaignInput,
  contentVariables,
  type EmailTemplateSummary,
  EXAMPLE_FIRST_NAME,
} from '#common/schemas/campaigns.ts';
import { fieldProps, TextField } from '~/components/form-fields';
import { Button } from '~/components/ui/button';
import { reportSaveError } from '~/lib/api';
import { cn } from '~/lib/cn';
import { EditorActionBar, ItemSkeleton, ListBackLink, UnsavedNote } from '../kit/item-screen';
import { AdminPageHeader, BackLink, Card } from '../kit/page';
import { ErrorState, ItemLoadFailure } from '../kit/states';
import { EditorPlaceholder } from '../rich-text/markdown-editor-field';
import { ContentCard } from './campaign/content-card';
import { type CampaignForm, CampaignFormSchema, campaignBody, toForm } from './campaign/form';
import { RecipientsCard } from './campaign/recipients-card';
import { composePreviewInput } from './composer/composer-preview';
import { docToSubject, subjectToDoc } from './composer/first-name';
import {
  CAMPAIGN_LIST,
  campaignQuery,
  composePreviewQuery,
  saveCampaignMutation,
  senderDefaultsQuery,
  templatesQuery,
} from './data';

/** The subject's editor (Tiptap) loads after the screen, behind a placeholder. */
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

  const save = useMutation(
    saveCampaignMutation({
      onSuccess: (saved) => navigate(`/admin/emails/campaigns/${saved.id}`),
      onError: (error) =>
        reportSaveError(error, setError, [...FIELD_NAMES, 'segment.*', 'content.*', 'blocks.*']),
    }),
  );
  const submit = (values: CampaignInput) =>
    save.mutate({ id: campaign?.id ?? null, values: campaignBody(values, fields, campaign) });

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

        <RecipientsCard control={control} errors={errors} />

        <ContentCard
          control={control}
          errors={errors}
          field={field}
          templates={templates}
          template={template}
          fields={fields}
        />

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
