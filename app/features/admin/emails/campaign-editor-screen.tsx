/**
 * Writing a campaign (decision 019): title, subject, template, sender (empty: the settings' sender,
 * shown as placeholder), the segment (tags, language, subscription dates; always only active
 * subscribers) with the live count of recipients, and one text block per variable of the template
 * that is campaign content (the personal ones, first name and links, are filled at sending).
 * Saved as a draft; sending, testing and scheduling happen on the campaign's page.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Save, Users } from 'lucide-react';
import { useEffect } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import {
  type CampaignDetail,
  type CampaignInput,
  CampaignInputSchema,
  contentVariables,
  type EmailTemplateSummary,
  type Segment,
  SegmentSchema,
} from '#common/schemas/campaigns.ts';
import { TextAreaField, TextField } from '~/components/form-fields';
import { Button } from '~/components/ui/button';
import { applyFieldErrors, errorMessage } from '~/lib/api';
import { cn } from '~/lib/cn';
import { toast } from '~/lib/toast';
import {
  AdminPageHeader,
  BackLink,
  Card,
  ErrorState,
  FieldsetCard,
  ItemLoadFailure,
  LoadingState,
} from '../ui';
import { useDebounced } from '../use-debounced';
import {
  campaignQuery,
  saveCampaignMutation,
  segmentCountQuery,
  senderDefaultsQuery,
  subscriberTagsQuery,
  templatesQuery,
} from './data';

type CampaignForm = {
  title: string;
  subject: string;
  templateId: string;
  senderName: string;
  senderEmail: string;
  segment: { tags: string[]; locale: string; subscribedFrom: string; subscribedTo: string };
  content: Record<string, string>;
};

const withoutEmpty = (record: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== ''));

/** An empty sender or date means "not set" (the settings' sender, no bound), as the API wants. */
const CampaignFormSchema = z.preprocess((raw) => {
  const form = raw as CampaignForm;
  return {
    ...withoutEmpty({ ...form, segment: undefined }),
    segment: withoutEmpty(form.segment),
  };
}, CampaignInputSchema);

const SEGMENT_COUNT_DEBOUNCE_MS = 500;

export function CampaignEditorScreen({ campaignId }: { campaignId: string | undefined }) {
  const templates = useQuery(templatesQuery);
  const campaign = useQuery({ ...campaignQuery(campaignId ?? ''), enabled: campaignId !== undefined });
  if (templates.isPending || (campaignId && campaign.isPending)) return <LoadingState />;
  if (templates.isError)
    return <ErrorState error={templates.error} onRetry={() => void templates.refetch()} />;
  if (campaignId && campaign.isError) {
    return (
      <ItemLoadFailure
        back={<BackLink to="/admin/emails/campaigns" label="Toutes les campagnes" />}
        missing="Cette campagne n'existe pas ou a été supprimée."
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
            Une campagne envoyée ou en cours d'envoi ne peut plus être modifiée.
          </p>
        </Card>
      </>
    );
  }
  return <CampaignEditor key={existing?.id ?? 'new'} campaign={existing} templates={templates.data} />;
}

function toForm(campaign: CampaignDetail | null): CampaignForm {
  return {
    title: campaign?.title ?? '',
    subject: campaign?.subject ?? '',
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

  const templateId = watch('templateId');
  const template = templates.find((t) => t.id === templateId);
  const blocks = contentVariables(template);

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
      onError: (error) => {
        const shown = applyFieldErrors(error, setError, [...FIELD_NAMES, 'segment.*', 'content.*']);
        toast({
          title: 'Enregistrement impossible',
          description: shown ? 'Corrigez les champs signalés.' : errorMessage(error),
          variant: 'destructive',
        });
      },
    }),
  );
  const submit = (values: CampaignInput) => {
    // The blocks the chosen template shows, and those the campaign already had (an announcement's
    // list of publications, written by the server): text typed for another template is dropped.
    const names = new Set([...blocks.map((b) => b.name), ...Object.keys(campaign?.content ?? {})]);
    const body = {
      ...values,
      content: Object.fromEntries(Object.entries(values.content).filter(([k]) => names.has(k))),
    };
    save.mutate({ id: campaign?.id ?? null, values: body });
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
        description="Elle reste un brouillon tant que vous ne l'envoyez pas ou ne la programmez pas."
      />
      <form noValidate onSubmit={handleSubmit(submit)} className="flex flex-col gap-6">
        <Card className="grid gap-4 lg:grid-cols-2">
          <TextField label="Titre (interne)" error={errors.title?.message} {...register('title')} />
          {/* Controlled: the select shows the form's value, never the other way round. */}
          <Controller
            control={control}
            name="templateId"
            render={({ field }) => (
              <TemplateSelect templates={templates} error={errors.templateId?.message} {...field} />
            )}
          />
          <TextField
            label="Objet"
            error={errors.subject?.message}
            className="lg:col-span-2"
            {...register('subject')}
          />
          <TextField
            label="Nom de l'expéditeur"
            optional
            placeholder={sender.data?.name || 'Nom des réglages'}
            error={errors.senderName?.message}
            {...register('senderName')}
          />
          <TextField
            label="Adresse de l'expéditeur"
            type="email"
            optional
            placeholder={sender.data?.email || 'Adresse des réglages'}
            error={errors.senderEmail?.message}
            {...register('senderEmail')}
          />
          <p className="text-xs text-gray-600 lg:col-span-2">
            Laissés vides, l'expéditeur et son adresse sont ceux des réglages (Envoi d'emails).
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
            <TextField
              label="Inscrits depuis le"
              type="date"
              optional
              error={errors.segment?.subscribedFrom?.message}
              {...register('segment.subscribedFrom')}
            />
            <TextField
              label="Inscrits jusqu'au"
              type="date"
              optional
              error={errors.segment?.subscribedTo?.message}
              {...register('segment.subscribedTo')}
            />
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
          {!template ? (
            <p className="text-sm text-gray-600">Choisissez un modèle pour écrire son contenu.</p>
          ) : blocks.length === 0 ? (
            <p className="text-sm text-gray-600">
              Ce modèle n'a pas de bloc de contenu à écrire : il est envoyé tel quel, personnalisé pour
              chacun.
            </p>
          ) : (
            <div className="flex flex-col gap-4">
              {blocks.map((block) => (
                <TextAreaField
                  key={`${template.id}-${block.name}`}
                  label={block.description ? `${block.description} (${block.name})` : block.name}
                  optional
                  rows={/html/i.test(block.name) ? 10 : 3}
                  placeholder={block.example}
                  className={/html/i.test(block.name) ? 'font-mono' : undefined}
                  error={errors.content?.[block.name]?.message}
                  {...register(`content.${block.name}`)}
                />
              ))}
            </div>
          )}
        </FieldsetCard>

        <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-2 border-t border-gray-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
          <Button type="submit" size="sm" disabled={save.isPending}>
            <Save className="size-4" aria-hidden="true" />
            {save.isPending ? 'Enregistrement...' : 'Enregistrer le brouillon'}
          </Button>
          {isDirty ? (
            <span className="text-xs text-amber-800 sm:text-sm">Modifications non enregistrées</span>
          ) : null}
        </div>
      </form>
    </>
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
