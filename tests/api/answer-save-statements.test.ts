import { randomUUID } from 'node:crypto';
import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerStore } from '../../backend/applicant/answers-store';
import { createAnswerService, type HiddenDocuments } from '../../backend/applicant/answer-service';
import { submissionStore } from '../../backend/applicant/submissions-store';
import type { Db } from '../../backend/store/db';
import type { Store } from '../../backend/open-store';
import { createTestDatabase, dialects, type TestDatabase } from '../../scripts/support/databases';
import { dataDirSealer } from '../../backend/security/sealing-keys';

/** Counts the statements run through the Kysely it is plugged into (BEGIN and COMMIT are the driver's, not counted). */
function statementCounter(): KyselyPlugin & { count: number } {
  return {
    count: 0,
    transformQuery: (args) => args.node,
    async transformResult(args) {
      this.count += 1;
      return args.result;
    },
  };
}

/**
 * Issue 37 item 2: a save runs the fewest statements that keep its guarantees. After the account's
 * lock (PostgreSQL), one read answers whether the application is submitted, what is stored and
 * which questions have a document, and the changes are measured against it: then the answers
 * written and their history (one statement on PostgreSQL, where each is a round trip; the delete,
 * the upsert and the history on SQLite), nothing read twice.
 */
describe.each(dialects)('the statements of a save on %s', (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let db: Db;
  const counter = statementCounter();
  const removedFrom: ReadonlySet<string>[] = [];
  const documentKeysSeen: (readonly string[])[] = [];
  const documents: HiddenDocuments = {
    removeHidden: async (_accountId, shown, documentKeys) => {
      removedFrom.push(shown);
      documentKeysSeen.push(documentKeys);
    },
  };
  let service: ReturnType<typeof createAnswerService>;
  const lock = dialect === 'postgres' ? 1 : 0;
  /** The statements that write `tables` tables' rows (the answers stored, cleared, the history): one on PostgreSQL. */
  const writes = (tables: number) => (dialect === 'postgres' ? 1 : tables);

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await database.open();
    db = database.openDb();
    const counted = db.kysely.withPlugin(counter);
    service = createAnswerService({ answers: answerStore(counted, dialect, dataDirSealer(database.dataDir)), submissions: submissionStore(counted, dialect, dataDirSealer(database.dataDir)) }, () => Date.now(), documents);
  });
  afterAll(async () => {
    await db?.close();
    await store?.close();
    await database?.drop();
  });

  async function newAccount(): Promise<string> {
    const id = randomUUID();
    await store.accounts.create({ id, username: `${id}@example.edu`, password_hash: 'h', confirmed_at: 1, created_at: 1, updated_at: 1 });
    return id;
  }

  const statementsOf = async (save: () => Promise<unknown>) => {
    counter.count = 0;
    await save();
    return counter.count;
  };

  it('reads once and writes what changed with its history; a save that changes nothing only reads', async () => {
    const accountId = await newAccount();
    expect(await statementsOf(() => service.save(accountId, { first_name: 'Ada', middle_name: 'King' }))).toBe(lock + 1 + writes(2));
    expect(await store.answers.list(accountId)).toEqual({ first_name: 'Ada', middle_name: 'King' });
    // Cleared and stored together: the delete joins the upsert and the history.
    expect(await statementsOf(() => service.save(accountId, { first_name: 'Augusta', middle_name: null }))).toBe(lock + 1 + writes(3));
    expect(await statementsOf(() => service.save(accountId, { first_name: 'Augusta' }))).toBe(lock + 1);
    expect((await store.answers.history(accountId)).map((row) => [row.answer_key, row.new_value])).toEqual([
      ['first_name', '"Ada"'],
      ['middle_name', '"King"'],
      ['first_name', '"Augusta"'],
      ['middle_name', null],
    ]);
    expect(removedFrom).toHaveLength(3);
    expect(documentKeysSeen.at(-1)).toEqual([]);
  });

  it('reads the questions with a document in the same statement, for the documents a save hides', async () => {
    const accountId = await newAccount();
    const job = { status: 'UNPROCESSED' as const, claimed_by: null, claimed_at: null, created_at: 1, updated_at: 1, file_name: 'a.pdf', file_size: 9, message: null, pdf_key: null };
    await db.kysely
      .insertInto('conversions')
      .values([
        { ...job, id: randomUUID(), account_id: accountId, answer_key: 'teacher_upload', file_key: 'uploads/a' },
        { ...job, id: randomUUID(), account_id: accountId, answer_key: 'checklist:resume', file_key: 'uploads/b' },
      ])
      .execute();
    expect(await statementsOf(() => service.save(accountId, { first_name: 'Ada' }))).toBe(lock + 1 + writes(2));
    expect([...documentKeysSeen.at(-1)!].sort()).toEqual(['checklist:resume', 'teacher_upload']);
  });

  it('refuses a save of a submitted application from the same read, writing nothing', async () => {
    const accountId = await newAccount();
    await service.save(accountId, { first_name: 'Ada' });
    await db.kysely
      .insertInto('submissions')
      .values({ account_id: accountId, submitted_at: 1, answers: '{}', document_answers: '{}', tabs: '{}', add_another: '{}' })
      .execute();
    counter.count = 0;
    await expect(service.save(accountId, { first_name: 'Augusta' })).rejects.toMatchObject({ status: 409 });
    expect(counter.count).toBe(lock + 1);
    expect(await store.answers.list(accountId)).toEqual({ first_name: 'Ada' });
  });

  it("files a save's history rows by account alone, where they follow one another, not by question", async () => {
    // An index of (account, question) put each changed question's row on a page of its own: the
    // costliest part of a save on SQLite (migration 022). Every read of the history asks by account or by time.
    const columns =
      dialect === 'postgres'
        ? (await sql<{ indexdef: string }>`select indexdef from pg_indexes where schemaname = ${database.pgSchema!} and indexname = 'answer_history_account'`.execute(db.kysely)).rows.map((row) => /\((.*)\)/.exec(row.indexdef)![1])
        : (await sql<{ name: string }>`select name from pragma_index_info('answer_history_account')`.execute(db.kysely)).rows.map((row) => row.name);
    expect(columns).toEqual(['account_id']);
    const accountId = await newAccount();
    await service.save(accountId, { first_name: 'Nguyễn', middle_name: 'Thị', last_name: 'Minh Khai' });
    await service.save(accountId, { first_name: 'Nguyen' });
    expect((await store.answers.history(accountId)).map((row) => row.answer_key)).toEqual(['first_name', 'middle_name', 'last_name', 'first_name']);
  });
});
