/**
 * A logout the server has not heard yet (docs/product.md §4.4, §8.5: the admin is signed out even when the
 * logout call fails). Until the server ends the session, its cookie would still open the admin:
 * the login screen would send the admin straight back in, and so would any other tab. So a failed
 * call leaves a mark in localStorage (shared by the tabs); while it is there, "who is signed in?"
 * answers nobody and first tries the logout again. A successful login removes it.
 */
import { ApiError, apiRequest } from '~/lib/api';

const PENDING_LOGOUT_KEY = 'admin-pending-logout';
/** The same mark in this tab's memory, for browsers that refuse storage. */
let pendingHere = false;

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function isLogoutPending(): boolean {
  if (pendingHere) return true;
  try {
    return storage()?.getItem(PENDING_LOGOUT_KEY) != null;
  } catch {
    return false;
  }
}

export function forgetPendingLogout() {
  pendingHere = false;
  try {
    storage()?.removeItem(PENDING_LOGOUT_KEY);
  } catch {
    // Nothing stored, nothing to remove.
  }
}

/**
 * Asks the server to end the session. Done when it answered, with success or a refusal that a
 * retry would not change (4xx); left pending when it could not be reached or failed (5xx).
 */
export async function endServerSession(): Promise<void> {
  try {
    await apiRequest('POST', '/api/auth/logout');
    forgetPendingLogout();
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      forgetPendingLogout();
      return;
    }
    console.warn('logout call failed; signed out locally, the server is asked again later', error);
    pendingHere = true;
    try {
      storage()?.setItem(PENDING_LOGOUT_KEY, String(Date.now()));
    } catch {
      // Storage refused: this tab still knows (pendingHere); other tabs learn it from the server.
    }
  }
}
