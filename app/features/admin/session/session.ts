/**
 * The admin's session in the browser (docs/product.md §4.4, §8.5): logging out (even when the server cannot
 * be reached), and the inactivity timer with its warning.
 *
 * The inactivity timer follows activity in every open admin tab: each tab writes its last
 * activity to localStorage (at most every few seconds) and reads the others', so an admin working
 * in one tab is not logged out by another tab left idle (a logout ends the one shared session).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  INACTIVITY_LOGOUT,
  INACTIVITY_WARNING_BEFORE,
  SESSION_KEEPALIVE_INTERVAL,
} from '#common/constants.ts';
import { toast } from '~/lib/toast';
import { AUTH_ME_KEY } from '../data/queries';
import { endServerSession } from './pending-logout';

export type LogoutReason = 'manual' | 'expired';

const LOGOUT_TOASTS = {
  manual: { title: 'Déconnexion réussie', description: 'À bientôt !' },
  expired: {
    title: 'Session expirée',
    description: 'Vous avez été déconnecté pour inactivité.',
    variant: 'destructive',
  },
} as const;

/**
 * Ends the session: the logout call, then — whether it succeeded or not — every cached answer
 * dropped, the login screen, and the toast for the reason. A call that failed is made again at
 * the next session check (pending-logout.ts), which meanwhile answers "signed out".
 */
export function useAdminLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Once: the server closing the real-time channel because of this very logout must not start a
  // second one (with the wrong toast).
  const ending = useRef(false);
  return useCallback(
    async (reason: LogoutReason) => {
      if (ending.current) return;
      ending.current = true;
      await endServerSession();
      queryClient.clear();
      // Known signed out: the login screen shows at once instead of asking the server again.
      queryClient.setQueryData(AUTH_ME_KEY, null);
      navigate('/admin/login', { replace: true });
      toast(LOGOUT_TOASTS[reason]);
    },
    [queryClient, navigate],
  );
}

/** The activity events of docs/product.md §4.4 (keydown too: keyboard users who only Tab are active). */
export const ACTIVITY_EVENTS = [
  'mousedown',
  'mousemove',
  'keypress',
  'keydown',
  'scroll',
  'touchstart',
  'click',
];
const SHARED_ACTIVITY_KEY = 'admin-last-activity';
/** How often a tab publishes its activity to the others. */
const SHARE_INTERVAL = 5_000;
const TICK = 1_000;

function readSharedActivity(): number {
  try {
    return Number(localStorage.getItem(SHARED_ACTIVITY_KEY)) || 0;
  } catch {
    return 0;
  }
}

function writeSharedActivity(at: number) {
  try {
    localStorage.setItem(SHARED_ACTIVITY_KEY, String(at));
  } catch {
    // Private mode or storage full: each tab then counts its own activity.
  }
}

export type Inactivity = {
  /** The warning dialog is open (25 minutes without activity). */
  warning: boolean;
  /** Milliseconds left before the automatic logout, counted down while the warning shows. */
  remaining: number;
  /** 'Rester connecté': the timer starts again (and the server session is renewed). */
  stayConnected: () => void;
};

/**
 * Calls `onTimeout` after INACTIVITY_LOGOUT without activity, with a warning
 * INACTIVITY_WARNING_BEFORE earlier. While the warning shows, only its buttons count: moving the
 * mouse towards 'Rester connecté' must not silently close it. `onKeepAlive` is called, at most
 * every SESSION_KEEPALIVE_INTERVAL, while the admin is active, so the server's idle timeout sees
 * the same activity.
 */
export function useInactivity({
  onTimeout,
  onKeepAlive,
}: {
  onTimeout: () => void;
  onKeepAlive: () => void;
}): Inactivity {
  const lastActivity = useRef(0);
  const lastShared = useRef(0);
  const lastKeepAlive = useRef(0);
  const warningRef = useRef(false);
  const timedOut = useRef(false);
  const callbacks = useRef({ onTimeout, onKeepAlive });
  callbacks.current = { onTimeout, onKeepAlive };
  const [warning, setWarning] = useState(false);
  const [remaining, setRemaining] = useState(INACTIVITY_LOGOUT);

  const markActive = useCallback((at: number) => {
    lastActivity.current = at;
    if (at - lastShared.current >= SHARE_INTERVAL) {
      lastShared.current = at;
      writeSharedActivity(at);
    }
    if (at - lastKeepAlive.current >= SESSION_KEEPALIVE_INTERVAL) {
      lastKeepAlive.current = at;
      callbacks.current.onKeepAlive();
    }
  }, []);

  useEffect(() => {
    const start = Date.now();
    lastActivity.current = start;
    lastKeepAlive.current = start;
    lastShared.current = start;
    writeSharedActivity(start);

    const onActivity = () => {
      if (!warningRef.current) markActive(Date.now());
    };
    const check = () => {
      if (timedOut.current) return;
      const now = Date.now();
      const last = Math.max(lastActivity.current, readSharedActivity());
      const left = INACTIVITY_LOGOUT - (now - last);
      if (left <= 0) {
        timedOut.current = true;
        warningRef.current = false;
        setWarning(false);
        callbacks.current.onTimeout();
        return;
      }
      const warn = left <= INACTIVITY_WARNING_BEFORE;
      if (warn !== warningRef.current) {
        warningRef.current = warn;
        setWarning(warn);
      }
      if (warn) setRemaining(left);
    };
    for (const type of ACTIVITY_EVENTS) {
      window.addEventListener(type, onActivity, { capture: true, passive: true });
    }
    // A tab brought back to the front checks at once (background timers are slowed down).
    document.addEventListener('visibilitychange', check);
    const timer = setInterval(check, TICK);
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
      document.removeEventListener('visibilitychange', check);
      clearInterval(timer);
    };
  }, [markActive]);

  const stayConnected = useCallback(() => {
    warningRef.current = false;
    setWarning(false);
    lastKeepAlive.current = 0;
    markActive(Date.now());
  }, [markActive]);

  return { warning, remaining, stayConnected };
}

/** m:ss, as the session-expiry dialog shows its countdown (docs/product.md §2.10). */
export function formatCountdown(ms: number): string {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1_000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
