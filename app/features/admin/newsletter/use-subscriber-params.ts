/**
 * The subscribers list's state lives in the URL (?q=&status=&tag=&review=&page=&sort=&order=), so back,
 * forward, reload and a shared link all show the same list. Each parameter is read through the
 * API's own schema: a hand-edited or stale value falls back to its default instead of an error.
 */
import { SubscriberListQuerySchema } from '#common/schemas/admin.ts';
import { toSearch } from '../data/queries';
import { SUBSCRIBER_LIST_DEFAULTS, type SubscriberListParams } from './data';

export type SubscriberSort = NonNullable<SubscriberListParams['sort']>;
export type SubscriberParams = Required<Pick<SubscriberListParams, 'page' | 'pageSize' | 'sort' | 'order'>> &
  Pick<SubscriberListParams, 'q' | 'status' | 'tag' | 'review'>;

const FIELDS = ['q', 'status', 'tag', 'review', 'page', 'pageSize', 'sort', 'order'] as const;

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
    review: read('review'),
    page: read('page'),
    pageSize: read('pageSize'),
    sort: read('sort'),
    order: read('order'),
  } as SubscriberParams;
}

/** The filters alone (no paging or sort): what the CSV export takes. */
export function filterSearch(params: SubscriberParams): URLSearchParams {
  return toSearch({ q: params.q, status: params.status, tag: params.tag, review: params.review }, {});
}

export const writeSubscriberParams = (params: SubscriberParams) => toSearch(params, SUBSCRIBER_LIST_DEFAULTS);
