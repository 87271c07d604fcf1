import { randomUUID } from 'node:crypto';
import type { KyselyPlugin } from 'kysely';
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
 * lock (PostgreSQL), one read answers both whether the application is submitted and what is stored,
 * and the changes are measured against it: then the answers written and their history, nothing
 * read twice.
 */
describe.each(dialects)('the statements of a save on %s', (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let db: Db;
  const counter = statementCounter();
  const removedFrom: ReadonlySet<string>[] = [];
  const documents: HiddenDocuments = { removeHidden: async (_accountId, shown) => void removedFrom.push(shown) };
  let service: ReturnType<typeof createAnswerService>;
  const lock = dialect === 'postgres' ? 1 : 0;

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
    expect(await statementsOf(() => service.save(accountId, { first_name: 'Ada', middle_name: 'King' }))).toBe(lock + 1 + 2);
    expect(await store.answers.list(accountId)).toEqual({ first_name: 'Ada', middle_name: 'King' });
    // Cleared and stored together: the delete joins the upsert and the history.
    expect(await statementsOf(() => service.save(accountId, { first_name: 'Augusta', middle_name: null }))).toBe(lock + 1 + 3);
    expect(await statementsOf(() => service.save(accountId, { first_name: 'Augusta' }))).toBe(lock + 1);
    expect((await store.answers.history(accountId)).map((row) => [row.answer_key, row.new_value])).toEqual([
      ['first_name', '"Ada"'],
      ['middle_name', '"King"'],
      ['first_name', '"Augusta"'],
      ['middle_name', null],
    ]);
    expect(removedFrom).toHaveLength(3);
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
});
