import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refuseClearSensitiveAnswers, clearAnswersMessage } from '../../backend/applicant/clear-answers-check';
import { resealAll } from '../../backend/applicant/reseal';
import { openStore, type Store } from '../../backend/open-store';
import { createLogger } from '../../backend/platform/log';
import { createAnswerSealer, sealedKeyId } from '../../backend/security/sealed-answers';
import { parseSealingKeys } from '../../backend/platform/sealing-settings';
import { SEALING_KEY_FILE } from '../../backend/security/sealing-keys';
import type { Db } from '../../backend/store/db';
import { uniqueEmail } from '../../scripts/support/accounts';
import { createTestDatabase, dialects, TEST_DATABASE_URL, type TestDatabase } from '../../scripts/support/databases';

/** Issue 35 item 5: `npm run seal:rotate` reseals every sensitive answer at rest with the current key, and seals clear ones. */

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CLEAR_SSN = '111-22-3333';
const SEALED_SSN = '444-55-6666';

describe.each(dialects)('sealing rotation on %s', (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let db: Db;
  const legacy = randomUUID();
  const current = randomUUID();
  let oldKeys: string;
  const newKeys = `rotated:${randomBytes(32).toString('base64')}`;

  const storedValues = async (accountId: string) => {
    const answer = await db.kysely.selectFrom('answers').select('value').where('account_id', '=', accountId).where('answer_key', '=', 'ssn').executeTakeFirstOrThrow();
    const history = await db.kysely.selectFrom('answer_history').select(['old_value', 'new_value']).where('account_id', '=', accountId).where('answer_key', '=', 'ssn').execute();
    const submission = await db.kysely.selectFrom('submissions').select('answers').where('account_id', '=', accountId).executeTakeFirst();
    return [answer.value, ...history.flatMap((row) => [row.old_value, row.new_value]), submission && JSON.stringify((JSON.parse(submission.answers) as { ssn: string }).ssn)]
      .filter((value): value is string => typeof value === 'string')
      .map((value) => JSON.parse(value) as string);
  };

  const rotate = async (env: Record<string, string>) => {
    const databaseUrl = database.pgSchema ? `${TEST_DATABASE_URL}?options=${encodeURIComponent(`-c search_path=${database.pgSchema}`)}` : null;
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/seal-rotate.ts'], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', DATA_DIR: database.dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...env },
    });
    return stdout;
  };

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await database.open();
    db = database.openDb();
    oldKeys = fs.readFileSync(path.join(database.dataDir, SEALING_KEY_FILE), 'utf8').trim();
    const now = Date.now();
    for (const id of [legacy, current]) await store.accounts.create({ id, username: uniqueEmail('rotation'), password_hash: 'x', confirmed_at: now, created_at: now, updated_at: now });
    // Saved by a version before sealing: clear in the answers, the history and the submitted snapshot.
    await db.kysely.insertInto('answers').values({ account_id: legacy, answer_key: 'ssn', value: JSON.stringify(CLEAR_SSN), updated_at: now }).execute();
    await db.kysely.insertInto('answer_history').values({ account_id: legacy, answer_key: 'ssn', old_value: null, new_value: JSON.stringify(CLEAR_SSN), changed_by: 'applicant', changed_at: now }).execute();
    await db.kysely.insertInto('submissions').values({ account_id: legacy, answers: JSON.stringify({ ssn: CLEAR_SSN, first_name: 'Old' }), document_answers: '{}', tabs: '{}', add_another: '{}', submitted_at: now }).execute();
    // Saved since, sealed with the first key.
    await store.answers.merge(current, { ssn: SEALED_SSN, first_name: 'New' }, 'applicant', now);
    expect((await store.submissions.submit(current, now, () => ({}))).kind).toBe('submitted');
  }, 60_000);
  afterAll(async () => {
    await db.close();
    await store.close();
    await database.drop();
  });

  it('refuses to start production while a sensitive answer is stored clear, naming the command that seals it', async () => {
    expect(await store.sealing.clearCount()).toBe(3);
    await expect(refuseClearSensitiveAnswers(store, { environment: 'production' }, createLogger('silent'))).rejects.toThrow(clearAnswersMessage(3));
    await expect(refuseClearSensitiveAnswers(store, { environment: 'development' }, createLogger('silent'))).resolves.toBeUndefined();
  });

  it('reseals every value with the new key in batches, seals the clear ones, and changes nothing when run again', async () => {
    const first = await rotate({ SEALING_KEYS: `${oldKeys},${newKeys}`, SEALING_KEY_ID: 'rotated' });
    expect(first).toContain('answers: 1 sealed (stored clear before), 1 resealed with key "rotated", 0 already current.');
    expect(first).toContain('answer_history: 1 sealed (stored clear before), 1 resealed with key "rotated", 0 already current.');
    expect(first).toContain('submissions: 1 sealed (stored clear before), 1 resealed with key "rotated", 0 already current.');

    const problems: string[] = [];
    const rotated = createAnswerSealer(parseSealingKeys(newKeys, null, problems)!);
    for (const [accountId, ssn] of [[legacy, CLEAR_SSN], [current, SEALED_SSN]] as const) {
      const values = await storedValues(accountId);
      expect(values).toHaveLength(3);
      for (const value of values) {
        expect(sealedKeyId(value)).toBe('rotated');
        expect(rotated.open(accountId, 'ssn', value)).toBe(ssn);
      }
    }
    expect(await store.sealing.clearCount()).toBe(0);

    const again = await rotate({ SEALING_KEYS: newKeys });
    expect(again).toContain('answers: 0 sealed (stored clear before), 0 resealed with key "rotated", 2 already current.');
    expect(again).toContain('submissions: 0 sealed (stored clear before), 0 resealed with key "rotated", 2 already current.');
  }, 60_000);

  it('works through any number of batches', async () => {
    const newer = `newer:${randomBytes(32).toString('base64')}`;
    const problems: string[] = [];
    const sealer = createAnswerSealer(parseSealingKeys(`${newKeys},${newer}`, 'newer', problems)!);
    const reopened = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir, ...(database.pgSchema ? { pgSchema: database.pgSchema } : {}), sealer });
    try {
      const counts = await resealAll(reopened, 1);
      expect(counts.answers).toEqual({ sealed: 0, resealed: 2, current: 0 });
      expect(counts.answer_history).toEqual({ sealed: 0, resealed: 2, current: 0 });
      expect(counts.submissions).toEqual({ sealed: 0, resealed: 2, current: 0 });
      expect((await reopened.answers.list(current)).ssn).toBe(SEALED_SSN);
    } finally {
      await reopened.close();
    }
  });

  it('refuses to start production without SEALING_KEYS, and the rotation too', async () => {
    const refused = await rotate({}).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused?.code).toBe(2);
    expect(refused?.stderr).toContain('SEALING_KEYS must be set in production');
  });
});
