import type { Kysely } from 'kysely';
import { compileOnce } from '../store/compile-once';
import type { Database } from '../store/schema';
import type { SessionsTable } from '../store/auth-schema';

export type Session = SessionsTable;

export function sessionStore(db: Kysely<Database>) {
  // Every authenticated request reads its session: compiled once.
  const findQuery = compileOnce((idHash) => db.selectFrom('sessions').selectAll().where('id_hash', '=', idHash));
  return {
    async create(session: Session): Promise<void> {
      await db.insertInto('sessions').values(session).execute();
    },

    async find(idHash: string): Promise<Session | undefined> {
      return (await db.executeQuery(findQuery(idHash))).rows[0];
    },

    async touch(idHash: string, now: number): Promise<void> {
      await db.updateTable('sessions').set({ last_seen_at: now }).where('id_hash', '=', idHash).execute();
    },

    async delete(idHash: string): Promise<void> {
      await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
    },

    async deleteForAccount(accountId: string): Promise<void> {
      await db.deleteFrom('sessions').where('account_id', '=', accountId).execute();
    },

    async deleteExpired(now: number, idleCutoff: number): Promise<void> {
      await db
        .deleteFrom('sessions')
        .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', idleCutoff)]))
        .execute();
    },
  };
}

/** The sessions part of the store, as the services that use it name it. */
export type SessionStore = ReturnType<typeof sessionStore>;
