import { randomUUID } from 'node:crypto';
import { DefaultQueryExecutor, type CompiledQuery, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Store } from '../../backend/open-store';
import { answerStore } from '../../backend/applicant/answers-store';
import { applicationStore } from '../../backend/applicant/applications-store';
import type { Db } from '../../backend/store/db';
import { createTestDatabase, dialects, type TestDatabase } from '../../scripts/support/databases';
import { dataDirSealer } from '../../backend/security/sealing-keys';

/** Each statement Kysely runs, as its kind and the table it names first. */
class StatementLog implements KyselyPlugin {
  readonly statements: string[] = [];

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    this.statements.push(describeNode(node));
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

function describeNode(node: RootOperationNode): string {
  const name = (table: unknown) => (table as { table?: { identifier?: { name?: string } } } | undefined)?.table?.identifier?.name ?? '?';
  switch (node.kind) {
    case 'InsertQueryNode':
      return `insert ${name(node.into)}`;
    case 'DeleteQueryNode':
      return `delete ${name(node.from.froms[0])}`;
    case 'UpdateQueryNode':
      return `update ${name(node.table)}`;
    case 'SelectQueryNode':
      return `select ${name(node.from?.froms[0])}`;
    default:
      return node.kind;
  }
}

/**
 * A statement written as text (no plugin sees it built), as the kind and table of each write it
 * makes: one for a plain statement, several for PostgreSQL's data-modifying CTEs (a save's writes
 * in one statement, issue 37); 'RawNode' for a text that writes nothing.
 */
function describeText(text: string): string[] {
  // A write starts the text or follows a CTE's parenthesis; an upsert's "do update set" is not one.
  const writes = [...text.matchAll(/(?:^|[()])\s*(insert into|delete from|update)\s+"?(\w+)"?/gi)].map((write) => `${write[1]!.split(' ')[0]!.toLowerCase()} ${write[2]}`);
  return writes.length > 0 ? writes : ['RawNode'];
}

/** What `work` returns, and the statements written as text that it ran (the store's writes of a save). */
async function withTextStatements<T>(work: () => Promise<T>): Promise<{ result: T; texts: string[][] }> {
  const spy = vi.spyOn(DefaultQueryExecutor.prototype, 'executeQuery');
  try {
    const result = await work();
    const texts = spy.mock.calls.map(([query]) => query as CompiledQuery).filter((query) => query.query.kind === 'RawNode');
    return { result, texts: texts.map((query) => describeText(query.sql)) };
  } finally {
    spy.mockRestore();
  }
}

describe.each(dialects)('the store\'s statements on %s', (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await database.open();
    db = database.openDb();
  });
  afterAll(async () => {
    await db.close();
    await store.close();
    await database.drop();
  });

  async function newAccount(): Promise<string> {
    const id = randomUUID();
    await store.accounts.create({ id, username: `${id}@example.edu`, password_hash: 'h', confirmed_at: null, created_at: 1, updated_at: 1 });
    return id;
  }

  it('writes what changed in one statement a table: the values, the cleared keys, the history', async () => {
    const accountId = await newAccount();
    await store.answers.merge(accountId, { first_name: 'Ada', last_name: 'Byron', middle_name: 'King', city: 'London' }, 'applicant', 10);

    const log = new StatementLog();
    const answers = answerStore(db.kysely.withPlugin(log), dialect, dataDirSealer(database.dataDir));
    const patch = { first_name: 'Ada', last_name: 'Lovelace', middle_name: null, city: null, preferred_name: 'Ada', suffix: 'II' };
    const { result: changes, texts } = await withTextStatements(() => answers.merge(accountId, patch, 'applicant', 20, () => new Error('submitted')));

    expect(changes.map((change) => change.key).sort()).toEqual(['city', 'last_name', 'middle_name', 'preferred_name', 'suffix']);
    const writes = [...log.statements, ...texts.flat()].filter((statement) => !statement.startsWith('select') && statement !== 'RawNode');
    expect(writes.sort()).toEqual(['delete answers', 'insert answer_history', 'insert answers']);
    // On PostgreSQL the three writes are one statement, one round trip (issue 37 item 2).
    const writingTexts = texts.filter((described) => described.some((statement) => statement !== 'RawNode'));
    expect(writingTexts.length).toBe(dialect === 'postgres' ? 1 : 3);

    expect(await store.answers.list(accountId)).toEqual({ first_name: 'Ada', last_name: 'Lovelace', preferred_name: 'Ada', suffix: 'II' });
    const history = (await store.answers.history(accountId)).filter((row) => row.changed_at === 20);
    expect(history.map(({ answer_key, old_value, new_value }) => ({ answer_key, old_value, new_value })).sort((a, b) => a.answer_key.localeCompare(b.answer_key))).toEqual([
      { answer_key: 'city', old_value: '"London"', new_value: null },
      { answer_key: 'last_name', old_value: '"Byron"', new_value: '"Lovelace"' },
      { answer_key: 'middle_name', old_value: '"King"', new_value: null },
      { answer_key: 'preferred_name', old_value: null, new_value: '"Ada"' },
      { answer_key: 'suffix', old_value: null, new_value: '"II"' },
    ]);
  });

  it('writes nothing when nothing changed', async () => {
    const accountId = await newAccount();
    await store.answers.merge(accountId, { first_name: 'Ada' }, 'applicant', 10);
    const log = new StatementLog();
    const { result, texts } = await withTextStatements(() => answerStore(db.kysely.withPlugin(log), dialect, dataDirSealer(database.dataDir)).merge(accountId, { first_name: 'Ada', middle_name: null }, 'applicant', 20));
    expect(result).toEqual([]);
    expect([...log.statements, ...texts.flat()].filter((statement) => /^(insert|update|delete)/.test(statement))).toEqual([]);
  });

  it('refuses a save of a submitted application, writing nothing', async () => {
    const accountId = await newAccount();
    await store.answers.merge(accountId, { first_name: 'Ada' }, 'applicant', 10);
    const outcome = await store.submissions.submit(accountId, 30, () => ({}));
    expect(outcome.kind).toBe('submitted');
    await expect(store.answers.merge(accountId, { first_name: 'Grace' }, 'applicant', 40, () => new Error('submitted'))).rejects.toThrow('submitted');
    expect(await store.answers.list(accountId)).toEqual({ first_name: 'Ada' });
  });

  it('reads a profile in one query: what the readers of each part read, in their order', async () => {
    const accountId = await newAccount();
    await store.answers.merge(accountId, { first_name: 'Ada', accented_name_checkbox: true, last_name: 'Lovelace' }, 'applicant', 10);
    await store.accounts.recordLogin(accountId, 300);
    await store.accounts.recordLogin(accountId, 100);
    await store.accounts.recordLogin(accountId, 200);
    await store.applications.addWebStatus(accountId, 'validating', 50);
    await store.applications.addWebStatus(accountId, 'started', 40);
    await store.applications.setLastPage(accountId, '/education', 60);

    const log = new StatementLog();
    const profile = await applicationStore(db.kysely.withPlugin(log), dialect, dataDirSealer(database.dataDir)).profile(accountId);
    expect(log.statements).toEqual(['select accounts']);
    expect(profile).toEqual({
      username: `${accountId}@example.edu`,
      answers: await store.answers.list(accountId),
      documentAnswers: await store.conversions.documentAnswers(accountId),
      logins: [100, 200, 300],
      webStatus: [
        { web_status: 'started', created_at: 40 },
        { web_status: 'validating', created_at: 50 },
      ],
      lastPage: '/education',
    });
    expect(profile?.answers).toEqual({ first_name: 'Ada', accented_name_checkbox: true, last_name: 'Lovelace' });
  });

  it('reads the profile of a new account as empty, and none for an unknown account', async () => {
    const accountId = await newAccount();
    expect(await store.applications.profile(accountId)).toEqual({
      username: `${accountId}@example.edu`,
      answers: {},
      documentAnswers: {},
      logins: [],
      webStatus: [],
      lastPage: null,
    });
    expect(await store.applications.profile(randomUUID())).toBeUndefined();
  });
});
