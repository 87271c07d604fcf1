import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../backend/open-store';
import { createTestDatabase, dialects, type TestDatabase } from '../../scripts/support/databases';

describe.each(dialects)('store on %s', (dialect) => {
  let database: TestDatabase;
  let store: Store;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await database.open();
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  async function newAccount(username = `${randomUUID()}@example.edu`) {
    const account = { id: randomUUID(), username, password_hash: 'scrypt$x', confirmed_at: null, created_at: 1, updated_at: 1 };
    expect(await store.accounts.create(account)).toBe(true);
    return account;
  }

  it('runs its migrations once: opening the same database again changes nothing', async () => {
    const account = await newAccount();
    const again = await database.open();
    try {
      expect(await again.accounts.findById(account.id)).toEqual(account);
    } finally {
      await again.close();
    }
  });

  it('keeps usernames unique, also when two sign-ups race', async () => {
    const username = `${randomUUID()}@example.edu`;
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        store.accounts.create({ id: randomUUID(), username, password_hash: 'h', confirmed_at: null, created_at: 1, updated_at: 1 }),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('spends a reset id once, even when two resets race', async () => {
    const account = await newAccount();
    await store.secrets.createPasswordReset({ id_hash: 'reset-1', account_id: account.id, expires_at: 1000, used_at: null, created_at: 1 });
    const results = await Promise.all([1, 2, 3].map(() => store.secrets.consumePasswordReset('reset-1', account.id, 10)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('does not spend an expired reset id or one of another account', async () => {
    const account = await newAccount();
    const other = await newAccount();
    await store.secrets.createPasswordReset({ id_hash: 'reset-2', account_id: account.id, expires_at: 100, used_at: null, created_at: 1 });
    expect(await store.secrets.consumePasswordReset('reset-2', other.id, 10)).toBe(false);
    expect(await store.secrets.consumePasswordReset('reset-2', account.id, 100)).toBe(false);
  });

  it('replacing a confirmation code resets its attempts', async () => {
    const account = await newAccount();
    const code = { account_id: account.id, code_hash: 'a', expires_at: 100, attempts: 0, created_at: 1 };
    await store.secrets.replaceConfirmationCode(code);
    expect(await store.secrets.countConfirmationAttempt(account.id)).toBe(1);
    expect(await store.secrets.countConfirmationAttempt(account.id)).toBe(2);
    await store.secrets.replaceConfirmationCode({ ...code, code_hash: 'b' });
    expect(await store.secrets.findConfirmationCode(account.id)).toMatchObject({ code_hash: 'b', attempts: 0 });
  });

  it('counts rate-limit hits per window and starts again in the next one', async () => {
    const bucket = `login:account:${randomUUID()}`;
    expect(await store.rateLimits.hit(bucket, 1000)).toBe(1);
    expect(await store.rateLimits.hit(bucket, 1000)).toBe(2);
    const concurrent = await Promise.all([1, 2, 3].map(() => store.rateLimits.hit(bucket, 1000)));
    expect(concurrent.sort()).toEqual([3, 4, 5]);
    expect(await store.rateLimits.hit(bucket, 2000)).toBe(1);
  });

  it('adds each web status once and lists logins in order', async () => {
    const account = await newAccount();
    await store.applications.addWebStatus(account.id, 'started', 5);
    await store.applications.addWebStatus(account.id, 'started', 6);
    expect(await store.applications.listWebStatus(account.id)).toEqual([{ web_status: 'started', created_at: 5 }]);
    await store.accounts.recordLogin(account.id, 20);
    await store.accounts.recordLogin(account.id, 10);
    expect(await store.accounts.listLogins(account.id)).toEqual([10, 20]);
  });

  it('deletes sessions past their lifetime or idle cutoff', async () => {
    const account = await newAccount();
    await store.sessions.create({ id_hash: `s-live-${account.id}`, account_id: account.id, created_at: 0, last_seen_at: 90, expires_at: 1000 });
    await store.sessions.create({ id_hash: `s-idle-${account.id}`, account_id: account.id, created_at: 0, last_seen_at: 10, expires_at: 1000 });
    await store.sessions.create({ id_hash: `s-old-${account.id}`, account_id: account.id, created_at: 0, last_seen_at: 99, expires_at: 100 });
    await store.sessions.deleteExpired(100, 50);
    expect(await store.sessions.find(`s-live-${account.id}`)).toBeDefined();
    expect(await store.sessions.find(`s-idle-${account.id}`)).toBeUndefined();
    expect(await store.sessions.find(`s-old-${account.id}`)).toBeUndefined();
  });
});
