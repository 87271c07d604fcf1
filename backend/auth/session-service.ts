import type { Clock } from '../platform/clock';
import { HOUR_MS, MINUTE_MS } from '../platform/clock';
import type { SessionStore } from './sessions-store';
import { hashSecret, randomToken } from '../security/secrets';

export interface SessionPolicy {
  idleMs: number;
  maxMs: number;
}

export interface ActiveSession {
  accountId: string;
  idHash: string;
}

/** Writing last_seen_at on every request would turn each read into a write; once a minute is enough. */
const TOUCH_INTERVAL_MS = MINUTE_MS;
const SCOPE = 'session';

export function sessionPolicy(config: { sessionIdleMinutes: number; sessionMaxHours: number }): SessionPolicy {
  return { idleMs: config.sessionIdleMinutes * MINUTE_MS, maxMs: config.sessionMaxHours * HOUR_MS };
}

export function createSessionService(store: { sessions: SessionStore }, policy: SessionPolicy, clock: Clock) {
  return {
    /** Starts a session and returns the token for the cookie; only its hash is stored. */
    async start(accountId: string): Promise<string> {
      const token = randomToken();
      const now = clock();
      await store.sessions.create({
        id_hash: hashSecret(SCOPE, token),
        account_id: accountId,
        created_at: now,
        last_seen_at: now,
        expires_at: now + policy.maxMs,
      });
      return token;
    },

    /** The live session of a token, or null when it is unknown, idle too long or past its lifetime. */
    async resolve(token: string): Promise<ActiveSession | null> {
      const idHash = hashSecret(SCOPE, token);
      const session = await store.sessions.find(idHash);
      if (!session) return null;
      const now = clock();
      if (now >= session.expires_at || now - session.last_seen_at >= policy.idleMs) {
        await store.sessions.delete(idHash);
        return null;
      }
      if (now - session.last_seen_at >= TOUCH_INTERVAL_MS) await store.sessions.touch(idHash, now);
      return { accountId: session.account_id, idHash };
    },

    async end(token: string): Promise<void> {
      await store.sessions.delete(hashSecret(SCOPE, token));
    },

    async endAllFor(accountId: string): Promise<void> {
      await store.sessions.deleteForAccount(accountId);
    },

    async purgeExpired(): Promise<void> {
      const now = clock();
      await store.sessions.deleteExpired(now, now - policy.idleMs);
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
