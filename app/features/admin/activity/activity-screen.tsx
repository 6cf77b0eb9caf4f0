/**
 * The activity log (decision 016): every change an admin made, newest first, filtered by kind
 * (contacts, blog, settings...), author, days and words. The filters live in the address, so a
 * reload or the back button keeps them.
 */
import { activityFamilyLabel } from '#common/schemas/activity-admin.ts';
import { DateField } from '~/components/date-time-field';
import { Button } from '~/components/ui/button';
import { toSearch } from '~/features/admin/data/queries';
import { AdminList, useAdminList } from '~/features/admin/kit/admin-list';
import { AdminPageHeader, Card } from '~/features/admin/kit/page';
import { isIsoDay } from '~/lib/french-date';
import { ActivityList } from './activity-list';
import { ACTIVITY_DEFAULTS, type ActivityParams, activityQuery } from './data';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function readParams(search: URLSearchParams): ActivityParams {
  const day = (name: string) => {
    const value = search.get(name);
    return value && DAY.test(value) ? value : undefined;
  };
  return {
    type: search.get('type') || undefined,
    userId: search.get('auteur') || undefined,
    from: day('du'),
    to: day('au'),
    q: search.get('q') || undefined,
    page: Math.max(1, Number(search.get('page')) || 1),
  };
}

/** The address uses French parameter names; the API its own. */
function toAddress(params: ActivityParams): URLSearchParams {
  return toSearch(
    {
      type: params.type,
      auteur: params.userId,
      du: params.from,
      au: params.to,
      q: params.q,
      page: params.page,
    },
    ACTIVITY_DEFAULTS,
  );
}

export function ActivityScreen() {
  const list = useAdminList(readParams, toAddress, activityQuery);
  const { params, update, clear } = list;

  const data = list.query.data;
  const filtered = Boolean(params.type || params.userId || params.from || params.to || params.q);
  const typeOptions = (data?.types ?? []).map((value) => ({ value, label: activityFamilyLabel(value) }));
  if (params.type && !typeOptions.some((o) => o.value === params.type))
    typeOptions.push({ value: params.type, label: activityFamilyLabel(params.type) });
  const authorOptions = (data?.authors ?? []).map((a) => ({ value: a.id, label: a.name }));
  if (params.userId && !authorOptions.some((o) => o.value === params.userId))
    authorOptions.push({ value: params.userId, label: 'Auteur sélectionné' });

  return (
    <>
      <AdminPageHeader
        title="Journal d’activité"
        description="Qui a modifié quoi, et quand : chaque action de l’administration y est inscrite."
      />
      <Card>
        <AdminList
          list={list}
          toolbar={{
            search: { label: 'Rechercher dans le journal', placeholder: 'Action, détail, auteur' },
            filters: [
              { key: 'type', label: 'Type', allLabel: 'Tous', options: typeOptions },
              { key: 'userId', label: 'Auteur', allLabel: 'Tous', options: authorOptions },
            ],
            extra: (
              <>
                <div className="flex flex-wrap gap-3">
                  <DayFilter
                    label="Du"
                    value={params.from}
                    max={params.to}
                    onChange={(from) => update({ from })}
                  />
                  <DayFilter
                    label="Au"
                    value={params.to}
                    min={params.from}
                    onChange={(to) => update({ to })}
                  />
                </div>
                {filtered ? (
                  <Button variant="ghost" size="sm" onClick={clear}>
                    Effacer les filtres
                  </Button>
                ) : null}
              </>
            ),
          }}
          empty={{
            title: filtered ? 'Aucune action ne correspond à ces filtres.' : 'Aucune action enregistrée.',
            children: 'Les modifications faites dans l’administration apparaîtront ici.',
          }}
        >
          {(data) => <ActivityList items={data.items} busy={list.query.isFetching} />}
        </AdminList>
      </Card>
    </>
  );
}

/** A day of the period ("Du", "Au"); empty means no bound, and the list waits for a whole date. */
function DayFilter({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value?: string;
  min?: string;
  max?: string;
  onChange: (day: string | undefined) => void;
}) {
  return (
    <DateField
      inline
      label={label}
      labelClassName="w-6 text-gray-700 lg:w-auto"
      inputClassName="h-10 sm:text-sm"
      className="w-full sm:w-auto"
      value={value ?? ''}
      min={min}
      max={max}
      onChange={(day) => {
        if (day === '') onChange(undefined);
        else if (isIsoDay(day)) onChange(day);
      }}
    />
  );
}
