import { HOUR_MS, MINUTE_MS, type Clock } from '../platform/clock';
import { hashSecret, randomToken } from '../security/secrets';
import type { StaffStore } from './staff-store';

/**
 * Staff sessions: their own table and cookie, a shorter idle limit than applicants' (staff read
 * other people's records on shared office machines) and a working day's lifetime.
 */
export const STAFF_SESSION_POLICY = { idleMs: 15 * MINUTE_MS, maxMs: 10 * HOUR_MS } as const;

export interface ActiveStaffSession {
  staffId: string;
  idHash: string;
}

const TOUCH_INTERVAL_MS = MINUTE_MS;
/** The scope of the stored hash of a staff session token (never the applicants' 'session'). */
export const STAFF_SESSION_SCOPE = 'staff-session';

export function createStaffSessionService(store: { staff: StaffStore }, clock: Clock, policy: { idleMs: number; maxMs: number } = STAFF_SESSION_POLICY) {
  return {
    policy,

    async start(staffId: string): Promise<string> {
      const token = randomToken();
      const now = clock();
      await store.staff.sessions.create({ id_hash: hashSecret(STAFF_SESSION_SCOPE, token), staff_id: staffId, created_at: now, last_seen_at: now, expires_at: now + policy.maxMs });
      return token;
    },

    /** The live session of a token, or null when unknown, idle too long or past its lifetime. */
    async resolve(token: string): Promise<ActiveStaffSession | null> {
      const idHash = hashSecret(STAFF_SESSION_SCOPE, token);
      const session = await store.staff.sessions.find(idHash);
      if (!session) return null;
      const now = clock();
      if (now >= session.expires_at || now - session.last_seen_at >= policy.idleMs) {
        await store.staff.sessions.delete(idHash);
        return null;
      }
      if (now - session.last_seen_at >= TOUCH_INTERVAL_MS) await store.staff.sessions.touch(idHash, now);
      return { staffId: session.staff_id, idHash };
    },

    async end(token: string): Promise<void> {
      await store.staff.sessions.delete(hashSecret(STAFF_SESSION_SCOPE, token));
    },

    async purgeExpired(): Promise<void> {
      const now = clock();
      await store.staff.sessions.deleteExpired(now, now - policy.idleMs);
    },
  };
}

export type StaffSessionService = ReturnType<typeof createStaffSessionService>;
