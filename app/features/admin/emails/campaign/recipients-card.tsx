/**
 * Who receives the campaign: always and only the active subscribers, narrowed by tags, language
 * and subscription dates, with the live count of those it reaches.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Users from 'lucide-react/icons/users';
import { Controller, useWatch } from 'react-hook-form';
import { type Segment, SegmentSchema } from '#common/schemas/campaigns.ts';
import { DateField } from '~/components/date-time-field';
import { controlClass } from '~/components/form-fields';
import { cn } from '~/lib/cn';
import { FieldsetCard } from '../../kit/page';
import { useDebounced } from '../../kit/use-debounced';
import { segmentCountQuery, subscriberTagsQuery } from '../data';
import { type CampaignControl, type CampaignErrors, withoutEmpty } from './form';

const SEGMENT_COUNT_DEBOUNCE_MS = 500;

export function RecipientsCard({ control, errors }: { control: CampaignControl; errors: CampaignErrors }) {
  const tags = useQuery(subscriberTagsQuery);
  const segmentDraft = useWatch({ control, name: 'segment' });
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
  const knownTags = [...new Set([...(tags.data ?? []), ...(segmentDraft?.tags ?? [])])].sort((a, b) =>
    a.localeCompare(b, 'fr'),
  );

  return (
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
  );
}

/** A bound of the subscription dates the campaign's audience is narrowed to (YYYY-MM-DD). */
function SubscribedDate({
  control,
  name,
  label,
}: {
  control: CampaignControl;
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

function LocaleSelect(props: React.ComponentProps<'select'>) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="campaign-locale" className="text-sm font-medium text-gray-900">
        Langue <span className="font-normal text-gray-600">(facultatif)</span>
      </label>
      <select id="campaign-locale" className={controlClass(false)} {...props}>
        <option value="">Toutes</option>
        <option value="fr">Français</option>
      </select>
    </div>
  );
}
