/**
 * The back-office frame: a sidebar on wide screens, a top bar with a drawer on phones, who is
 * signed in, the state of the real-time channel, and the logout button.
 */
import ExternalLink from 'lucide-react/icons/external-link';
import LogOut from 'lucide-react/icons/log-out';
import Menu from 'lucide-react/icons/menu';
import { Dialog } from 'radix-ui';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Button } from '~/components/ui/button';
import { DialogCloseButton } from '~/components/ui/dialog-close-button';
import { cn } from '~/lib/cn';
import { useSite } from '~/lib/site';
import type { AdminUser } from '../data/queries';
import type { RealtimeStatus } from '../realtime/realtime-client';
import { ADMIN_NAV } from './navigation';

/** The screen's <main>: the skip link's target. */
export const ADMIN_MAIN_ID = 'admin-contenu';

const REALTIME_LABELS: Record<RealtimeStatus, string> = {
  connecting: 'Connexion au temps réel...',
  connected: 'Temps réel actif',
  disconnected: 'Temps réel déconnecté',
};

type ShellProps = {
  user: AdminUser;
  realtime: RealtimeStatus;
  onLogout: () => void;
  children: ReactNode;
};

export function AdminShell({ user, realtime, onLogout, children }: ShellProps) {
  const site = useSite();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the drawer closes on every route change.
  useEffect(() => setMenuOpen(false), [pathname]);

  const sidebar = <Sidebar user={user} realtime={realtime} onLogout={onLogout} siteName={site.name} />;
  return (
    <div className="min-h-screen bg-gray-50 lg:flex">
      <a
        href={`#${ADMIN_MAIN_ID}`}
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        Aller au contenu
      </a>
      <aside className="hidden w-64 shrink-0 border-r border-gray-200 bg-white lg:block">
        <div className="sticky top-0 flex h-screen flex-col">{sidebar}</div>
      </aside>
      <header
        data-sticky-header
        className="sticky top-0 z-30 flex h-14 items-center justify-between border-b border-gray-200 bg-white px-4 lg:hidden"
      >
        <Link to="/admin/dashboard" className="font-bold text-brand-800">
          {site.name} <span className="font-normal text-gray-600">· Admin</span>
        </Link>
        <div className="flex items-center gap-1">
          <RealtimeIndicator status={realtime} compact />
          <Dialog.Root open={menuOpen} onOpenChange={setMenuOpen}>
            <Dialog.Trigger asChild>
              <Button variant="ghost" size="icon" aria-label="Ouvrir le menu d’administration">
                <Menu className="size-6" aria-hidden="true" />
              </Button>
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-40 bg-gray-900/50" />
              <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl focus:outline-none">
                <Dialog.Title className="sr-only">Menu d’administration</Dialog.Title>
                <Dialog.Description className="sr-only">
                  Navigation entre les écrans du back-office
                </Dialog.Description>
                <DialogCloseButton className="absolute top-2 right-2" label="Fermer le menu" />
                {sidebar}
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
        </div>
      </header>
      <main
        id={ADMIN_MAIN_ID}
        tabIndex={-1}
        className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8"
      >
        {children}
      </main>
    </div>
  );
}

function Sidebar({
  user,
  realtime,
  onLogout,
  siteName,
}: Omit<ShellProps, 'children'> & { siteName: string }) {
  return (
    <>
      <div className="border-b border-gray-100 px-5 py-4">
        <p className="text-lg font-extrabold tracking-tight text-brand-800">{siteName}</p>
        <p className="text-xs font-medium tracking-wide text-gray-500 uppercase">Administration</p>
      </div>
      <nav aria-label="Navigation de l’administration" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="flex flex-col gap-1">
          {ADMIN_NAV.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-700',
                    isActive
                      ? 'bg-brand-50 text-brand-800'
                      : 'text-gray-700 hover:bg-gray-50 hover:text-brand-800',
                  )
                }
              >
                <Icon className="size-5" aria-hidden="true" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex flex-col gap-3 border-t border-gray-100 px-5 py-4 text-sm">
        <RealtimeIndicator status={realtime} />
        <div className="min-w-0">
          <p className="truncate font-medium text-gray-900">
            {user.firstName} {user.lastName}
          </p>
          <p className="truncate text-gray-600">{user.email}</p>
        </div>
        <Link to="/" reloadDocument className="inline-flex items-center gap-1 text-brand-800 hover:underline">
          <ExternalLink className="size-4" aria-hidden="true" />
          Voir le site
        </Link>
        <Button variant="secondary" size="sm" onClick={onLogout}>
          <LogOut className="size-4" aria-hidden="true" />
          Se déconnecter
        </Button>
      </div>
    </>
  );
}

/** The state of the real-time channel: a coloured dot, with its words (only for screen readers when compact). */
function RealtimeIndicator({ status, compact = false }: { status: RealtimeStatus; compact?: boolean }) {
  return (
    <p className="flex items-center gap-2 text-sm text-gray-600" role="status" data-realtime={status}>
      <span
        aria-hidden="true"
        className={cn(
          'size-2 rounded-full',
          status === 'connected' ? 'bg-brand-500' : status === 'connecting' ? 'bg-amber-400' : 'bg-red-500',
        )}
      />
      <span className={cn(compact && 'sr-only')}>{REALTIME_LABELS[status]}</span>
    </p>
  );
}
