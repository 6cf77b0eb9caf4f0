/**
 * The state of an admin list (search, filters, sort, page) kept in the address, so reload, back
 * and a shared link show the same list. `read` turns the address into the list's parameters (a
 * hand-edited or stale value falls back to its default), `write` turns them back into an address.
 * Both must be stable (module-level functions).
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export function useListParams<P extends { page?: number }>(
  read: (search: URLSearchParams) => P,
  write: (params: P) => URLSearchParams,
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = read(searchParams);

  /** Changes some parameters; any change other than the page goes back to page 1. */
  const update = useCallback(
    (changes: Partial<P>) => {
      setSearchParams((previous) => {
        const next: P = { ...read(previous), ...changes };
        if (!('page' in changes)) next.page = 1;
        return write(next);
      });
    },
    [setSearchParams, read, write],
  );

  /** Back to the unfiltered list. */
  const clear = useCallback(() => setSearchParams(new URLSearchParams()), [setSearchParams]);

  return { params, update, clear };
}
