import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../store/schema';
import type { StaffAccessLogTable } from '../store/access-log-schema';

export type AccessLogWrite = Omit<Insertable<StaffAccessLogTable>, 'id'>;

export interface AccessLogRecord {
  id: number;
  at: number;
  actor_kind: 'staff' | 'service-token';
  staff_email: string | null;
  token_hash: string | null;
  token_created_by: string | null;
  account_id: string | null;
  applicant_email: string | null;
  action: string;
  detail: string | null;
  address: string;
}

/**
 * The access log (migration 012): appended to and read, nothing else. The database refuses any
 * UPDATE or DELETE of it (triggers), so no code path, present or future, can rewrite it.
 */
export function staffAccessLogStore(db: Kysely<Database>) {
  return {
    async append(entry: AccessLogWrite): Promise<void> {
      await db.insertInto('staff_access_log').values(entry).execute();
    },

    /** Newest first; by staff member and/or applicant e-mail. */
    async page(filters: { staffEmail?: string; applicantEmail?: string; offset: number; limit: number }): Promise<{ entries: AccessLogRecord[]; total: number }> {
      let query = db.selectFrom('staff_access_log as l').leftJoin('accounts as a', 'a.id', 'l.account_id');
      if (filters.staffEmail !== undefined) query = query.where('l.staff_email', '=', filters.staffEmail);
      if (filters.applicantEmail !== undefined) query = query.where('a.username', '=', filters.applicantEmail);
      const [entries, count] = await Promise.all([
        query
          .select(['l.id', 'l.at', 'l.actor_kind', 'l.staff_email', 'l.token_hash', 'l.token_created_by', 'l.account_id', 'a.username as applicant_email', 'l.action', 'l.detail', 'l.address'])
          .orderBy('l.id', 'desc')
          .limit(filters.limit)
          .offset(filters.offset)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { entries: entries.map((entry) => ({ ...entry, id: Number(entry.id) })), total: Number(count.count) };
    },
  };
}

/** The access log part of the store, as the services that use it name it. */
export type StaffAccessLogStore = ReturnType<typeof staffAccessLogStore>;
