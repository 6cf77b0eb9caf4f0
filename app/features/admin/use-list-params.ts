/**
 * The state of an admin list (search, filters, sort, page) kept in the address, so reload, back
 * and a shared link show the same list. `read` turns the address into the list's parameters (a
 * hand-edited or stale value falls back to its default), `write` turns them back into an address.
 * Both must be stable (module-level functions). `preventScrollReset` keeps the scroll position
 * when the list changes.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export function useListParams<P extends { page?: number }>(
  read: (search: URLSearchParams) => P,
  write: (params: P) => URLSearchParams,
  { preventScrollReset }: { preventScrollReset?: boolean } = {},
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => read(searchParams), [read, searchParams]);

  /**
   * Changes some parameters; any change other than the page goes back to page 1. `replace`
   * replaces the history entry (typing in a search box: back does not replay every keystroke).
   */
  const update = useCallback(
    (changes: Partial<P>, { replace }: { replace?: boolean } = {}) => {
      setSearchParams(
        (previous) => {
          const next: P = { ...read(previous), ...changes };
          if (!('page' in changes)) next.page = 1;
          return write(next);
        },
        { replace, preventScrollReset },
      );
    },
    [setSearchParams, read, write, preventScrollReset],
  );

  /** Back to the unfiltered list. */
  const clear = useCallback(() => setSearchParams(new URLSearchParams()), [setSearchParams]);

  return { params, update, clear };
}
