/**
 * The admin's data layer: each screen declares its reads and writes once, in its folder's data.ts,
 * as Ghost's admin does, instead of repeating fetch, parse, refresh and toast in each mutation.
 *
 * - `createAdminQuery` turns a key, a URL and how to pick the payload out of the JSON answer into
 *   the options useQuery and prefetchQuery take (and the key setQueryData and invalidation use).
 * - `createAdminMutation` turns a request (method, URL and body, fixed or built from the
 *   variables), what the answer holds, the queries it refreshes, the cached query it replaces and
 *   its toasts into useMutation's options: `useMutation(saveMemberMutation({ onSuccess }))`. The
 *   screen's own callbacks (navigate, reset a form, put field errors on it) run after the declared
 *   ones; like any useMutation option, they run even if the screen has gone meanwhile.
 *
 * Failures reach people through app/lib/api.ts. A write is never retried unless it says so: the
 * server would give a refused write the same answer, and an import or a sending must not run twice.
 */
import type { QueryClient, QueryKey, UseMutationOptions, UseMutationResult } from '@tanstack/react-query';
import { apiRequest, getJson, toastError } from '~/lib/api';
import { type ToastOptions, toast } from '~/lib/toast';
import { toSearch } from './queries';

/** Refreshes every query whose key starts with one of these API paths (or these keys). */
export function invalidate(client: QueryClient, ...keys: (string | QueryKey)[]) {
  for (const key of keys) void client.invalidateQueries({ queryKey: typeof key === 'string' ? [key] : key });
}

// ---- reads ------------------------------------------------------------------------------------

/**
 * A GET of `url`, cached under `queryKey` (which starts with the API path, so that invalidating the
 * path refreshes it). `pick` keeps the part of the answer the screens use (`(body) => body.users`);
 * without it the whole answer is the data. Other options (staleTime, refetchInterval...) are
 * spread beside it: `{ ...createAdminQuery(...), staleTime: 0 }`.
 */
export function createAdminQuery<TBody, TData = TBody>({
  queryKey,
  url,
  pick,
}: {
  queryKey: QueryKey;
  url: string;
  pick?: (body: TBody) => TData;
}) {
  return {
    queryKey,
    queryFn: async ({ signal }: { signal?: AbortSignal }) => {
      const body = await getJson<TBody>(url, signal);
      return pick ? pick(body) : (body as unknown as TData);
    },
  };
}

/**
 * A page of a list: key `[path, 'list', search]` and URL `path?search`, the parameters at their
 * default left out of both, so the same page has one key however it was reached.
 */
export function createAdminListQuery<TPage>(
  path: string,
  params: Record<string, string | number | undefined>,
  defaults: Record<string, unknown>,
) {
  const search = toSearch(params, defaults);
  return createAdminQuery<TPage>({ queryKey: [path, 'list', search.toString()], url: `${path}?${search}` });
}

/**
 * The query of a paged list at `path`, for any of its parameters (a list screen, a picker, the
 * prefetching): createAdminListQuery with the list's defaults.
 */
export function adminListQuery<TPage, P extends object>(path: string, defaults: Record<string, unknown>) {
  return (params: P = {} as P) =>
    createAdminListQuery<TPage>(path, params as Record<string, string | number | undefined>, defaults);
}

/**
 * The items of the collection at `path`: `url` is the address of one, `query` reads one (a GET of
 * `path/id`, cached under `[path, 'detail', id]`), `pick` keeping the item out of the answer
 * (`(body) => body.post`).
 */
export function adminItems(path: string) {
  const url = (id: string) => `${path}/${encodeURIComponent(id)}`;
  return {
    url,
    query: <TBody, TItem>(id: string, pick: (body: TBody) => TItem) =>
      createAdminQuery({ queryKey: [path, 'detail', id], url: url(id), pick }),
  };
}

// ---- writes -----------------------------------------------------------------------------------

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** A part of the request, fixed or built from the mutation's variables. */
type PerCall<T, TVariables> = T | ((variables: TVariables) => T);

type Request<TVariables> = {
  method: PerCall<Method, TVariables>;
  url: PerCall<string, TVariables>;
  /** The JSON body; none when absent. */
  body?: (variables: TVariables) => unknown;
  /** A raw body with its own content type (a CSV file, a FormData), for apiRequest's `init`. */
  init?: (variables: TVariables) => RequestInit;
};

type Effects<TData, TVariables> = {
  /** The queries the write refreshes: API paths (every query below them) or whole keys. */
  invalidates?: readonly (string | QueryKey)[];
  /**
   * When they are refreshed: after a success (the default), after any outcome (a failed write may
   * still have changed something, or shows the list is out of date), or only after a failure (a
   * success's answer replaced the cached list already).
   */
  refreshOn?: 'success' | 'settled' | 'error';
  /** The cached query the answer replaces, and its new data, written before the refresh. */
  updates?: (data: TData, variables: TVariables) => readonly [QueryKey, unknown];
  /** The toast of a success; null for none (a save the screen reports itself, such as an autosave). */
  toast?: (data: TData, variables: TVariables) => ToastOptions | null;
  /** A failure's toast (toastError's title and fallback), for writes whose screen shows no other. */
  errorToast?: { title?: string; fallback?: string };
  /**
   * Retried like any write of the client (docs/product.md §9.6: MUTATION_RETRIES) instead of never: for the
   * writes that declared no retry policy of their own.
   */
  clientRetries?: true;
};

/** The screen's callbacks, run after the declared effects. */
export type AdminMutationCallbacks<TData, TVariables> = Pick<
  UseMutationOptions<TData, Error, TVariables>,
  'onSuccess' | 'onError' | 'onSettled'
>;

/** What a definition gives: useMutation's options, with the screen's callbacks added. */
export type AdminMutation<TData, TVariables> = (
  callbacks?: AdminMutationCallbacks<TData, TVariables>,
) => UseMutationOptions<TData, Error, TVariables>;

/** What useMutation gives for a definition, for a component handed the mutation by its parent. */
export type AdminMutationResult<T> =
  T extends AdminMutation<infer TData, infer TVariables>
    ? UseMutationResult<TData, Error, TVariables>
    : never;

/** A write of several calls (save, then publish): `run` sends them, the effects are declared. */
export function createAdminMutation<TVariables, TData>(
  definition: { run: (variables: TVariables) => Promise<TData> } & Effects<TData, TVariables>,
): AdminMutation<TData, TVariables>;
/** One call whose JSON answer `read` turns into the mutation's data. */
export function createAdminMutation<TVariables, TBody, TData>(
  definition: Request<TVariables> & {
    read: (body: TBody, variables: TVariables) => TData;
  } & Effects<TData, TVariables>,
): AdminMutation<TData, TVariables>;
/** One call whose answer is not read: the mutation's data is its variables (for the toasts). */
export function createAdminMutation<TVariables>(
  definition: Request<TVariables> & Effects<TVariables, TVariables>,
): AdminMutation<TVariables, TVariables>;
export function createAdminMutation(
  definition: (
    | { run: (variables: unknown) => Promise<unknown> }
    | (Request<unknown> & { read?: (body: unknown, variables: unknown) => unknown })
  ) &
    Effects<unknown, unknown>,
): AdminMutation<unknown, unknown> {
  const mutationFn = 'run' in definition ? definition.run : requestOf(definition);
  const { invalidates = [], refreshOn = 'success', updates, errorToast, clientRetries } = definition;
  const successToast = definition.toast;
  const refresh = (client: QueryClient) => invalidate(client, ...invalidates);
  return (callbacks = {}) => ({
    mutationFn,
    // Without `retry`, the client's default applies.
    ...(clientRetries ? {} : { retry: false }),
    onSuccess: (data, variables, onMutateResult, context) => {
      if (updates) context.client.setQueryData(...updates(data, variables));
      if (refreshOn !== 'error') refresh(context.client);
      const shown = successToast?.(data, variables);
      if (shown) toast(shown);
      return callbacks.onSuccess?.(data, variables, onMutateResult, context);
    },
    onError: (error, variables, onMutateResult, context) => {
      if (refreshOn !== 'success') refresh(context.client);
      if (errorToast) toastError(error, errorToast);
      return callbacks.onError?.(error, variables, onMutateResult, context);
    },
    onSettled: callbacks.onSettled,
  });
}

function requestOf({
  method,
  url,
  body,
  init,
  read,
}: Request<unknown> & { read?: (body: unknown, variables: unknown) => unknown }) {
  const resolve = <T>(part: PerCall<T, unknown>, variables: unknown) =>
    typeof part === 'function' ? (part as (variables: unknown) => T)(variables) : part;
  return async (variables: unknown) => {
    const response = await apiRequest(
      resolve(method, variables),
      resolve(url, variables),
      body?.(variables),
      init?.(variables),
    );
    return read ? read(await response.json(), variables) : variables;
  };
}
