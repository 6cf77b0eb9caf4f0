/**
 * The activity log (decision 016): every change an admin made, newest first, filtered by kind
 * (contacts, blog, settings...), author, days and words. The filters live in the address, so a
 * reload or the back button keeps them.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { activityFamilyLabel } from '#common/schemas/activity-admin.ts';
import { Button } from '~/components/ui/button';
import { toSearch } from '~/features/admin/queries';
import {
  AdminPageHeader,
  Card,
  EmptyState,
  ErrorState,
  FilterSelect,
  LoadingState,
  Pagination,
  SearchInput,
} from '~/features/admin/ui';
import { useListParams } from '~/features/admin/use-list-params';
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
  const { params, update, clear } = useListParams(readParams, toAddress);
  const list = useQuery({ ...activityQuery(params), placeholderData: keepPreviousData });
  const fromId = useId();
  const toId = useId();

  const data = list.data;
  const filtered = Boolean(params.type || params.userId || params.from || params.to || params.q);
  const typeOptions = (data?.types ?? []).map((value) => ({ value, label: activityFamilyLabel(value) }));
  if (params.type && !typeOptions.some((o) => o.value === params.type))
    typeOptions.push({ value: params.type, label: activityFamilyLabel(params.type) });
  const authorOptions = (data?.authors ?? []).map((a) => ({ value: a.id, label: a.name }));
  if (params.userId && !authorOptions.some((o) => o.value === params.userId))
    authorOptions.push({ value: params.userId, label: 'Auteur sélectionné' });
  const dateClass =
    'h-10 rounded-lg border border-gray-300 bg-white px-3 text-base text-gray-900 focus:border-brand-700 focus:outline-2 focus:outline-brand-700/30 sm:text-sm';

  return (
    <>
      <AdminPageHeader
        title="Journal d'activité"
        description="Qui a modifié quoi, et quand : chaque action de l'administration y est inscrite."
      />
      <Card>
        <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-center">
          <SearchInput
            label="Rechercher dans le journal"
            placeholder="Action, détail, auteur"
            value={params.q ?? ''}
            onChange={(q) => update({ q: q || undefined })}
          />
          <FilterSelect
            label="Type"
            allLabel="Tous"
            value={params.type ?? ''}
            options={typeOptions}
            onChange={(type) => update({ type: type || undefined })}
          />
          <FilterSelect
            label="Auteur"
            allLabel="Tous"
            value={params.userId ?? ''}
            options={authorOptions}
            onChange={(userId) => update({ userId: userId || undefined })}
          />
          <div className="flex flex-wrap gap-3">
            <div className="flex items-center gap-2">
              <label htmlFor={fromId} className="w-6 text-sm font-medium text-gray-700 lg:w-auto">
                Du
              </label>
              <input
                id={fromId}
                type="date"
                className={dateClass}
                value={params.from ?? ''}
                max={params.to}
                onChange={(event) => update({ from: event.target.value || undefined })}
              />
            </div>
            <div className="flex items-center gap-2">
              <label htmlFor={toId} className="w-6 text-sm font-medium text-gray-700 lg:w-auto">
                Au
              </label>
              <input
                id={toId}
                type="date"
                className={dateClass}
                value={params.to ?? ''}
                min={params.from}
                onChange={(event) => update({ to: event.target.value || undefined })}
              />
            </div>
          </div>
          {filtered ? (
            <Button variant="ghost" size="sm" onClick={clear}>
              Effacer les filtres
            </Button>
          ) : null}
        </div>

        {list.isPending ? (
          <LoadingState />
        ) : list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : data && data.items.length === 0 ? (
          <EmptyState
            title={filtered ? 'Aucune action ne correspond à ces filtres.' : 'Aucune action enregistrée.'}
          >
            Les modifications faites dans l'administration apparaîtront ici.
          </EmptyState>
        ) : data ? (
          <>
            <ActivityList items={data.items} busy={list.isFetching} />
            <Pagination
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              onPage={(page) => update({ page })}
            />
          </>
        ) : null}
      </Card>
    </>
  );
}
