/**
 * Everything under /admin: the TanStack Query cache the back-office works with (public pages never
 * load it), and no indexing by search engines.
 */
import { Outlet } from 'react-router';
import { QueryProvider } from '~/lib/query';

export const meta = () => [{ name: 'robots', content: 'noindex, nofollow' }];

export default function AdminRoot() {
  return (
    <QueryProvider>
      <Outlet />
    </QueryProvider>
  );
}
