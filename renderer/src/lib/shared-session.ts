/**
 * What the tabs of one browser tell each other about the session (spec platform section 4: idle
 * state is shared across tabs). localStorage 'storage' events reach every other tab of the origin;
 * cookies are shared too, so one tab's logout has ended the others' session as well.
 */
export const LAST_ACTIVITY_KEY = 'gradapp.last-activity';
export const SESSION_ENDED_KEY = 'gradapp.session-ended';

/** logout: the applicant chose Log Out; inactivity: the idle logout; expired: the server said 401. */
export type SessionEndReason = 'logout' | 'inactivity' | 'expired';
const REASONS: readonly string[] = ['logout', 'inactivity', 'expired'] satisfies SessionEndReason[];

// Storage can be switched off or full; the tab then simply keeps its own time.
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Quota or privacy mode: the other tabs will not hear of it, this one still works.
  }
}

/** When any tab last saw the applicant active, in epoch milliseconds; null when unknown. */
export function readLastActivity(): number | null {
  return parseTime(storage()?.getItem(LAST_ACTIVITY_KEY) ?? null);
}

export function writeLastActivity(at: number): void {
  write(LAST_ACTIVITY_KEY, String(at));
}

/** Tells the other tabs the session is over and why, so they leave for /login too. */
export function announceSessionEnd(reason: SessionEndReason): void {
  // The time makes every announcement a new value: storage events fire only on a change.
  write(SESSION_ENDED_KEY, JSON.stringify({ reason, at: Date.now() }));
}

export interface SharedSessionListener {
  activity: (at: number) => void;
  ended: (reason: SessionEndReason) => void;
}

/** Listens to the other tabs; returns the function that stops listening. */
export function listenToOtherTabs(listener: SharedSessionListener): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === LAST_ACTIVITY_KEY) {
      const at = parseTime(event.newValue);
      if (at !== null) listener.activity(at);
    } else if (event.key === SESSION_ENDED_KEY && event.newValue) {
      const reason = parseReason(event.newValue);
      if (reason) listener.ended(reason);
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

function parseTime(value: string | null): number | null {
  const at = Number(value);
  return value !== null && Number.isFinite(at) && at > 0 ? at : null;
}

function parseReason(value: string): SessionEndReason | null {
  try {
    const reason = (JSON.parse(value) as { reason?: unknown }).reason;
    return typeof reason === 'string' && REASONS.includes(reason) ? (reason as SessionEndReason) : null;
  } catch {
    return null;
  }
}
