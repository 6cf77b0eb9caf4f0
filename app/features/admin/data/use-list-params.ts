/**
 * The state of an admin list (search, filters, sort, page) kept in the address, so reload, back
 * and a shared link show the same list. `read` turns the address into the list's parameters (a
 * hand-edited or stale value falls back to its default), `write` turns them back into an address.
 * Both must be stable (module-level functions). `preventScrollReset` keeps the scroll position
 * when the list changes.
 */
import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

export function useListParams<P extends { page?: number }>(
  read: (search: URLSearchParams) => P,
  write: (params: P) => URLSearchParams,
  { preventScrollReset }: { preventScrollReset?: boolean } = {},
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => read(searchParams), [read, searchParams]);
  // The address as last written: React Router hands a functional update the parameters of the
  // last render, so two changes before the next one (two filters chosen quickly on a slow phone)
  // would lose the first.
  // A render with the address unchanged (the write still on its way) keeps what was written.
  const latest = useRef(searchParams);
  const rendered = useRef(searchParams);
  if (rendered.current !== searchParams) {
    rendered.current = searchParams;
    latest.current = searchParams;
  }

  /**
   * Changes some parameters; any change other than the page goes back to page 1. `replace`
   * replaces the history entry (typing in a search box: back does not replay every keystroke).
   */
  const update = useCallback(
    (changes: Partial<P>, { replace }: { replace?: boolean } = {}) => {
      const next: P = { ...read(latest.current), ...changes };
      if (!('page' in changes)) next.page = 1;
      latest.current = write(next);
      setSearchParams(latest.current, { replace, preventScrollReset });
    },
    [setSearchParams, read, write, preventScrollReset],
  );

  /** Back to the unfiltered list. */
  const clear = useCallback(() => {
    latest.current = new URLSearchParams();
    setSearchParams(latest.current);
  }, [setSearchParams]);

  return { params, update, clear };
}
