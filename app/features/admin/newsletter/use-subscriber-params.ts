/**
 * The subscribers list's state lives in the URL (?q=&status=&tag=&page=&sort=&order=), so back,
 * forward, reload and a shared link all show the same list. Each parameter is read through the
 * API's own schema: a hand-edited or stale value falls back to its default instead of an error.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { SubscriberListQuerySchema } from '#common/schemas/admin.ts';
import { toSearch } from '../queries';
import { SUBSCRIBER_LIST_DEFAULTS, type SubscriberListParams } from './data';

export type SubscriberSort = NonNullable<SubscriberListParams['sort']>;
export type SubscriberParams = Required<Pick<SubscriberListParams, 'page' | 'pageSize' | 'sort' | 'order'>> &
  Pick<SubscriberListParams, 'q' | 'status' | 'tag'>;

const FIELDS = ['q', 'status', 'tag', 'page', 'pageSize', 'sort', 'order'] as const;

export function readSubscriberParams(search: URLSearchParams): SubscriberParams {
  const shape = SubscriberListQuerySchema.shape;
  const read = <K extends (typeof FIELDS)[number]>(key: K) => {
    const parsed = shape[key].safeParse(search.get(key) ?? undefined);
    return parsed.success ? parsed.data : shape[key].parse(undefined);
  };
  return {
    q: read('q'),
    status: read('status'),
    tag: read('tag'),
    page: read('page'),
    pageSize: read('pageSize'),
    sort: read('sort'),
    order: read('order'),
  } as SubscriberParams;
}

/** The filters alone (no paging or sort): what the CSV export takes. */
export function filterSearch(params: SubscriberParams): URLSearchParams {
  return toSearch({ q: params.q, status: params.status, tag: params.tag }, {});
}

export function useSubscriberParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readSubscriberParams(searchParams), [searchParams]);

  /**
   * Applies a change; any change other than the page itself goes back to page 1. Typing in the
   * search box replaces the history entry, so back does not replay every keystroke.
   */
  const update = useCallback(
    (change: Partial<SubscriberParams>, options: { replace?: boolean } = {}) => {
      setSearchParams(
        (previous) => {
          const current = readSubscriberParams(previous);
          const next = { ...current, ...change };
          if (!('page' in change)) next.page = 1;
          return toSearch(next, SUBSCRIBER_LIST_DEFAULTS);
        },
        { replace: options.replace, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  return { params, update };
}
