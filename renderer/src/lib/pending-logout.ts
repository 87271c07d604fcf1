import { apiPaths } from '../../../common/api';
import { presenceCookieName } from '../../../common/session-cookies';
import { appConfig } from '../config/app-config';

/**
 * A logout the server has not heard of: the inactivity logout without a connection. The session
 * cookie is HttpOnly, so only the server can end the session, and until it does the next person at
 * this browser would be let into the application once the connection returns. So the page forgets
 * the presence cookie (it counts as logged out at once, and after a reload), and the logout is kept
 * in localStorage and sent again when a page loads and whenever the browser comes back online,
 * until the server has answered it. A login in between replaces the session cookie, and with it
 * the need.
 */
export const PENDING_LOGOUT_KEY = 'gradapp.logout-pending';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export const isLogoutPending = (): boolean => (storage()?.getItem(PENDING_LOGOUT_KEY) ?? null) !== null;

/** The presence cookie is readable, so the page can forget it: the renderer then counts as logged out. */
function forgetPresenceCookie(): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${presenceCookieName(appConfig.cookiePrefix)}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}

/** The logout could not reach the server: the page is logged out now, the server as soon as it can be reached. */
export function keepLogoutPending(): void {
  storage()?.setItem(PENDING_LOGOUT_KEY, new Date().toISOString());
  forgetPresenceCookie();
}

/** A new login replaced the session cookie: there is no old session left here to end. */
export function forgetPendingLogout(): void {
  storage()?.removeItem(PENDING_LOGOUT_KEY);
}

/**
 * Sends the waiting logout, if there is one. Any answer of the server ends the wait: a 200 ended
 * the session, a 401 says it was over already. Only no answer or a 5xx keeps it waiting. Sent
 * without the API client, whose 401 rule would greet the next person with "Your session is invalid".
 */
export async function sendPendingLogout(): Promise<void> {
  if (!isLogoutPending()) return;
  try {
    const response = await fetch(apiPaths.logout, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    if (response.status < 500) forgetPendingLogout();
  } catch {
    // Still no connection: the next load or 'online' event tries again.
  }
}

/** Sends a waiting logout now and every time the browser comes back online (called once, at start). */
export function sendPendingLogoutWhenOnline(): void {
  window.addEventListener('online', () => void sendPendingLogout());
  void sendPendingLogout();
}
