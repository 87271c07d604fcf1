import { apiPaths } from '../common/api';

/** Long enough for a slow campus network, short enough that a wrong URL is reported at once. */
export const HEALTH_TIMEOUT_MS = 5_000;

export type Reachability = { ok: true } | { ok: false; message: string };

type Fetch = (url: string, init: { signal: AbortSignal }) => Promise<{ ok: boolean; status: number }>;

/**
 * Before any window opens, the shell asks the backend's health endpoint whether it is there, so
 * a wrong or unreachable URL is one clear message rather than a blank kiosk.
 */
export async function checkApplicationReachable(appUrl: URL, fetch: Fetch, timeoutMs = HEALTH_TIMEOUT_MS): Promise<Reachability> {
  const healthUrl = new URL(apiPaths.health, appUrl).toString();
  try {
    const response = await fetch(healthUrl, { signal: AbortSignal.timeout(timeoutMs) });
    if (response.ok) return { ok: true };
    return { ok: false, message: `The application at ${appUrl.origin} is not ready (${healthUrl} answered ${response.status}). Check the server, then start the shell again.` };
  } catch {
    return { ok: false, message: `The application at ${appUrl.origin} cannot be reached (no answer from ${healthUrl} within ${timeoutMs / 1000} s). Check the address and the network, then start the shell again.` };
  }
}
