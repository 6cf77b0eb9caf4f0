/**
 * The authentication guard and the back-office shell (docs/product.md §2.2, §4.3, §4.4, §4.5, §7.5). While
 * the session is being checked: 'Vérification de l'authentification...'; without a signed-in admin: the login
 * screen, remembering where they wanted to go. Inside: navigation, the inactivity timer and its dialog, the
 * real-time channel and the prefetch rules.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Loader2 from 'lucide-react/icons/loader-circle';
import { lazy, Suspense, useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAdminPrefetch } from '~/features/admin/data/prefetch';
import { type AdminUser, meQuery } from '~/features/admin/data/queries';
import { PageSkeleton } from '~/features/admin/kit/skeleton';
import { RealtimeProvider } from '~/features/admin/realtime/realtime-channel';
import {
  connectRealtime,
  type RealtimeConnection,
  type RealtimeStatus,
} from '~/features/admin/realtime/realtime-client';
import { applyRealtimeMessage } from '~/features/admin/realtime/realtime-effects';
import { useAdminLogout, useInactivity } from '~/features/admin/session/session';
import { SessionExpiryDialog } from '~/features/admin/session/session-expiry-dialog';
import { AdminShell } from '~/features/admin/shell/admin-shell';
import { toast } from '~/lib/toast';

const SESSION_CHECK_ON_DISCONNECT = 30_000;
/**
 * The steps an admin is held at (a password below the policy, a second factor to set up) are rare:
 * their forms (and the phone-number rules the settings bring) load only for the admin who needs them.
 */
const PasswordChangeRequired = lazy(() =>
  import('~/features/admin/settings/password-panel').then((module) => ({
    default: module.PasswordChangeRequired,
  })),
);
const SecondFactorSetupRequired = lazy(() =>
  import('~/features/admin/security/security-panel').then((module) => ({
    default: module.SecondFactorSetupRequired,
  })),
);
/** New leads, subscribers and notifications are toasted on every screen (docs/product.md §4.5). */
const SHELL_CHANNELS = ['contacts', 'newsletter', 'system'] as const;

export default function AdminGuard() {
  const me = useQuery(meQuery);
  const location = useLocation();
  // Authenticated means a user and no error (docs/product.md §4.3); a failed re-check signs out too.
  if (me.isPending) return <CheckingAuth />;
  if (!me.data || me.error) {
    const back = `${location.pathname}${location.search}`;
    return <Navigate to={`/admin/login?redirect=${encodeURIComponent(back)}`} replace />;
  }
  return <SignedIn user={me.data} />;
}

function CheckingAuth() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50">
      <p role="status" className="flex items-center gap-2 text-gray-700">
        <Loader2 className="size-5 animate-spin" aria-hidden="true" />
        Vérification de l’authentification...
      </p>
    </main>
  );
}

function SignedIn({ user }: { user: AdminUser }) {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const logout = useAdminLogout();
  const [realtime, setRealtime] = useState<RealtimeStatus>('connecting');
  const [connection, setConnection] = useState<RealtimeConnection | null>(null);

  // Renews the server's idle timer; a session the server already ended signs the admin out.
  const keepAlive = useCallback(async () => {
    try {
      const user = await queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
      return user !== null;
    } catch {
      // Offline for a moment: the next activity tries again.
      return true;
    }
  }, [queryClient]);

  const inactivity = useInactivity({
    onTimeout: () => void logout('expired'),
    onKeepAlive: () => {
      void keepAlive().then((alive) => {
        if (!alive) void logout('expired');
      });
    },
  });

  const stayConnected = () => {
    inactivity.stayConnected();
    toast({ title: 'Session prolongée', description: 'Votre session a été renouvelée.' });
  };

  useAdminPrefetch(pathname);

  // The server closes the channel when the session ends (logout elsewhere, expiry, deactivation):
  // a lost channel is a reason to ask whether the session still holds, at most every 30 s.
  const lastSessionCheck = useRef(0);
  const checkSessionOnDisconnect = useEffectEvent((status: RealtimeStatus) => {
    setRealtime(status);
    if (status !== 'disconnected' || Date.now() - lastSessionCheck.current < SESSION_CHECK_ON_DISCONNECT)
      return;
    lastSessionCheck.current = Date.now();
    void keepAlive().then((alive) => {
      if (!alive) void logout('expired');
    });
  });

  // The shell listens to what its toasts need on every screen; a screen adds its own channel
  // while it is shown (the dashboard's, through RealtimeProvider).
  useEffect(() => {
    const opened = connectRealtime({
      channels: SHELL_CHANNELS,
      onStatusChange: checkSessionOnDisconnect,
      onMessage: (message) => applyRealtimeMessage(message, { queryClient, toast }),
    });
    setConnection(opened);
    return () => {
      setConnection(null);
      opened.close();
    };
  }, [queryClient]);

  return (
    <AdminShell user={user} realtime={realtime} onLogout={() => void logout('manual')}>
      {/* The shell is on screen at once; a part still loading (a held step, an editor) shows this meanwhile. */}
      <Suspense fallback={<PageSkeleton />}>
        {user.passwordChangeRequired ? (
          <PasswordChangeRequired />
        ) : user.secondFactorSetupRequired ? (
          <SecondFactorSetupRequired />
        ) : (
          <RealtimeProvider value={connection}>
            <Outlet />
          </RealtimeProvider>
        )}
      </Suspense>
      <SessionExpiryDialog
        open={inactivity.warning}
        remaining={inactivity.remaining}
        onStay={stayConnected}
        onLogout={() => void logout('manual')}
      />
    </AdminShell>
  );
}
