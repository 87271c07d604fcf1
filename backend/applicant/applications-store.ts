import type { Kysely } from 'kysely';
import { jsonArrayFrom as postgresJsonArrayFrom } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArrayFrom } from 'kysely/helpers/sqlite';
import type { Answers, DocumentAnswers } from '../../common/api';
import { answersObject } from './answers-store';
import { compileOnce } from '../store/compile-once';
import type { Dialect } from '../store/dialect';
import type { Database } from '../store/schema';
import type { AnswerSealer } from '../security/sealed-answers';

/** What the profile shows of an account, read in one query (`applicationStore.profile`). */
export interface ProfileRecord {
  username: string;
  answers: Answers;
  documentAnswers: DocumentAnswers;
  /** Login times, oldest first. */
  logins: number[];
  /** Status entries, oldest first. */
  webStatus: { web_status: string; created_at: number }[];
  lastPage: string | null;
}

/** SQLite hands a JSON aggregate back as text, PostgreSQL's driver as the value. */
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** The applicant's record: status entries and last page, and the profile that reads it with the logins. */
export function applicationStore(db: Kysely<Database>, dialect: Dialect, sealer: AnswerSealer) {
  const jsonArrayFrom = dialect === 'postgres' ? postgresJsonArrayFrom : sqliteJsonArrayFrom;
  const profileQuery = compileOnce((accountId) =>
    db
      .selectFrom('accounts')
      .where('accounts.id', '=', accountId)
      .select((eb) => [
        'accounts.username',
        eb.selectFrom('applications').select('applications.last_page').whereRef('applications.account_id', '=', 'accounts.id').as('last_page'),
        eb.selectFrom('answers').select(answersObject(dialect).as('answers')).whereRef('answers.account_id', '=', 'accounts.id').as('answers'),
        jsonArrayFrom(
          eb
            .selectFrom('conversions')
            .select(['conversions.answer_key', 'conversions.file_name', 'conversions.file_size'])
            .whereRef('conversions.account_id', '=', 'accounts.id')
            .where('conversions.status', '=', 'COMPLETED'),
        ).as('documents'),
        jsonArrayFrom(
          eb.selectFrom('logins').select('logins.logged_in_at').whereRef('logins.account_id', '=', 'accounts.id').orderBy('logins.logged_in_at').orderBy('logins.id'),
        ).as('logins'),
        jsonArrayFrom(
          eb
            .selectFrom('web_status_entries')
            .select(['web_status_entries.web_status', 'web_status_entries.created_at'])
            .whereRef('web_status_entries.account_id', '=', 'accounts.id')
            .orderBy('web_status_entries.created_at'),
        ).as('statuses'),
      ]),
  );
  const webStatusQuery = compileOnce((accountId) =>
    db.selectFrom('web_status_entries').select(['web_status', 'created_at']).where('account_id', '=', accountId).orderBy('created_at'),
  );
  return {
    /**
     * The account's username, answers, converted documents, logins, status entries and last page in
     * one query (one statement, one round trip, one pool connection), or undefined for no account.
     */
    async profile(accountId: string): Promise<ProfileRecord | undefined> {
      const [row] = (await db.executeQuery(profileQuery(accountId))).rows;
      if (!row) return undefined;
      return {
        username: row.username,
        answers: sealer.openAnswers(accountId, parsed(row.answers) ?? {}),
        documentAnswers: Object.fromEntries(parsed(row.documents).map((document) => [document.answer_key, { file_name: document.file_name, file_size: Number(document.file_size) }])),
        logins: parsed(row.logins).map((login) => Number(login.logged_in_at)),
        webStatus: parsed(row.statuses).map((entry) => ({ web_status: entry.web_status, created_at: Number(entry.created_at) })),
        lastPage: row.last_page ?? null,
      };
    },

    /** Adds a status entry once; repeating it changes nothing. */
    async addWebStatus(accountId: string, webStatus: string, now: number): Promise<void> {
      await db
        .insertInto('web_status_entries')
        .values({ account_id: accountId, web_status: webStatus, created_at: now })
        .onConflict((oc) => oc.columns(['account_id', 'web_status']).doNothing())
        .execute();
    },

    async listWebStatus(accountId: string): Promise<{ web_status: string; created_at: number }[]> {
      return (await db.executeQuery(webStatusQuery(accountId))).rows;
    },

    async setLastPage(accountId: string, lastPage: string, now: number): Promise<void> {
      await db
        .insertInto('applications')
        .values({ account_id: accountId, last_page: lastPage, updated_at: now })
        .onConflict((oc) => oc.column('account_id').doUpdateSet({ last_page: lastPage, updated_at: now }))
        .execute();
    },

    async getLastPage(accountId: string): Promise<string | null> {
      const row = await db.selectFrom('applications').select('last_page').where('account_id', '=', accountId).executeTakeFirst();
      return row?.last_page ?? null;
    },
  };
}

/** The applications part of the store, as the services that use it name it. */
export type ApplicationStore = ReturnType<typeof applicationStore>;
