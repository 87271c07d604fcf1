import { sql, type Kysely } from 'kysely';
import { roleKeys } from '../../common/form/answer-roles';
import { jobQueue, newJob, PROCESSING_STATUSES, type JobStatuses } from '../jobs/job-queue';
import { enqueueMail, type NewMail } from '../mail/mail-outbox-store';
import type { DraftRemindersTable, ExpiryJobStatus, ExpiryReason } from '../store/data-expiry-schema';
import type { Dialect } from '../store/dialect';
import type { Database } from '../store/schema';

const EXPIRY_STATUSES: JobStatuses<ExpiryJobStatus> = PROCESSING_STATUSES;

/** The expiry purges as a queue: the one due longest first (a failed attempt's retry is due later). */
export const dataExpiryJobs = (db: Kysely<Database>, dialect: Dialect) => jobQueue(db, 'data_expiry_jobs', { dialect, statuses: EXPIRY_STATUSES, dueAt: 'due_at' });

/** An unsubmitted account and its last activity: the latest of its creation, sign-ins, requests and saves. */
export interface IdleDraft {
  account_id: string;
  username: string;
  name: string;
  activity_at: number;
}

export interface SubmittedApplication {
  account_id: string;
  username: string;
  name: string;
  submitted_at: number;
  /** The entry term answered (`2027FA`), null when none. */
  term: string | null;
}

export type SentReminderRow = Pick<DraftRemindersTable, 'account_id' | 'activity_at' | 'days_before' | 'deletes_at'>;

/** The rows of data's expiry (issue 35 item 3): the idle drafts, the reminders, the submitted applications' terms, the purge jobs. */
export function dataExpiryStore(db: Kysely<Database>, dialect: Dialect) {
  const latest = dialect === 'postgres' ? sql.raw('greatest') : sql.raw('max');
  const termOf = dialect === 'postgres' ? sql<string | null>`(s.answers::json ->> ${roleKeys.term})` : sql<string | null>`json_extract(s.answers, ${`$.${roleKeys.term}`})`;
  const jobs = dataExpiryJobs(db, dialect);

  async function drafts(before: number, limit: number, accountId?: string): Promise<IdleDraft[]> {
    const activity = sql<number>`${latest}(a.created_at,
      coalesce((select max(l.logged_in_at) from logins l where l.account_id = a.id), 0),
      coalesce((select max(se.last_seen_at) from sessions se where se.account_id = a.id), 0),
      coalesce((select max(an.updated_at) from answers an where an.account_id = a.id), 0))`;
    const unsubmitted = db
      .selectFrom('accounts as a')
      .leftJoin('submissions as s', 's.account_id', 'a.id')
      .leftJoin('staff_inbox as i', 'i.account_id', 'a.id')
      .where('s.account_id', 'is', null)
      .$if(accountId !== undefined, (qb) => qb.where('a.id', '=', accountId!))
      .select(['a.id as account_id', 'a.username', 'i.name', activity.as('activity_at')]);
    const rows = await db.selectFrom(unsubmitted.as('d')).selectAll().where('d.activity_at', '<=', before).orderBy('d.activity_at').orderBy('d.account_id').limit(limit).execute();
    return rows.map((row) => ({ ...row, name: row.name ?? '', activity_at: Number(row.activity_at) }));
  }

  return {
    jobs,

    /**
     * Unsubmitted accounts last active at or before `before`, the longest idle first. Activity is
     * what the store records already: the account's creation, each sign-in (logins), a session's
     * last request, an answer's save.
     */
    idleDrafts: (before: number, limit: number): Promise<IdleDraft[]> => drafts(before, limit),

    /** The last activity of one unsubmitted account now; null when it is gone or submitted. */
    async activityOf(accountId: string): Promise<number | null> {
      const [draft] = await drafts(Number.MAX_SAFE_INTEGER, 1, accountId);
      return draft?.activity_at ?? null;
    },

    /** The reminders sent to these accounts, of any activity (the caller keeps those of the current one). */
    async remindersOf(accountIds: readonly string[]): Promise<SentReminderRow[]> {
      if (accountIds.length === 0) return [];
      const rows = await db.selectFrom('draft_reminders').select(['account_id', 'activity_at', 'days_before', 'deletes_at']).where('account_id', 'in', accountIds).execute();
      return rows.map((row) => ({ ...row, activity_at: Number(row.activity_at), deletes_at: Number(row.deletes_at) }));
    },

    /**
     * Records the reminder and its mail together, once: false when this (account, activity,
     * threshold) was already recorded, by this instance or another at the same moment.
     */
    async remind(reminder: Omit<DraftRemindersTable, 'sent_at'>, mail: NewMail, now: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('draft_reminders')
          .values({ ...reminder, sent_at: now })
          .onConflict((oc) => oc.columns(['account_id', 'activity_at', 'days_before']).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
        await enqueueMail(trx, mail, now);
        return true;
      });
    },

    /** Submitted applications submitted at or before `before`, with their entry term. */
    async submittedBefore(before: number): Promise<SubmittedApplication[]> {
      const rows = await db
        .selectFrom('submissions as s')
        .innerJoin('accounts as a', 'a.id', 's.account_id')
        .leftJoin('staff_inbox as i', 'i.account_id', 's.account_id')
        .select(['s.account_id', 'a.username', 'i.name', 's.submitted_at', termOf.as('term')])
        .where('s.submitted_at', '<=', before)
        .orderBy('s.submitted_at')
        .execute();
      return rows.map((row) => ({ ...row, name: row.name ?? '', submitted_at: Number(row.submitted_at), term: typeof row.term === 'string' ? row.term : null }));
    },

    /** Records a purge to run from `dueAt`; a job of the same id (planned by another instance, or before) is left as it is. */
    async plan(job: { id: string; account_id: string; reason: ExpiryReason; activity_at: number | null; due_at: number }, now: number): Promise<boolean> {
      const inserted = await db
        .insertInto('data_expiry_jobs')
        .values({ ...job, outcome: null, ...newJob(EXPIRY_STATUSES, now) })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
    },

    /** Finished purge jobs older than `before` go (housekeeping): their record is applicant_purges. */
    async deleteFinishedBefore(before: number): Promise<void> {
      await db.deleteFrom('data_expiry_jobs').where('status', 'in', [EXPIRY_STATUSES.completed, EXPIRY_STATUSES.failed]).where('updated_at', '<', before).execute();
    },
  };
}

export type DataExpiryStore = ReturnType<typeof dataExpiryStore>;
