import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../common/api';
import { accountMessages } from '../../backend/auth/account-messages';
import { uniqueEmail } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import { ApiClient } from '../../scripts/support/http-client';
import { sameLimitEverywhere } from './support/rate-limits';
import { startTestServer, type TestServer } from './support/test-server';

/** Pairs of calls, one for an account and one for an unknown address, made back to back. */
const PAIRS = 80;
/**
 * The largest median difference within a pair taken as "the same time": a third of a call, or a
 * floor for the fastest store. Before the outbox, a known address took 115 to 190 % of a call longer
 * on SQLite (2.6 to 4.2 ms) and about 100 % on PostgreSQL (13 ms): its mail was written in the
 * request. After it, the store's work differs by 0.02 ms; the rest is the noise of a machine shared
 * by several test runs (up to 25 % of a call at a load of 14 on two cores).
 */
const TOLERANCE = { fraction: 0.35, floorMs: 0.5 };

/** No limit gets in the way of the measurement (the rate limits have their own tests). */
const unlimited = sameLimitEverywhere({ max: 100_000, windowMs: 60 * 60_000 });

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

describe.each(dialects)('account mails take no longer for an existing account on %s', (dialect) => {
  let server: TestServer;
  let client: ApiClient;

  beforeAll(async () => {
    // No mail sender in this process: the client shares the server's thread here, so a mail sent
    // after an answer would be timed with the next call. The request path alone is measured.
    server = await startTestServer(dialect, { rateLimits: unlimited, mail: false });
    client = new ApiClient(server.baseUrl);
  });
  afterAll(() => server.close());

  /** Accounts awaiting confirmation, written straight to the store (sign-up's hashing is not measured here). */
  async function accounts(count: number): Promise<string[]> {
    const usernames = Array.from({ length: count }, () => uniqueEmail('known').toLowerCase());
    const now = server.clock();
    for (const username of usernames) {
      await server.store.accounts.create({ id: randomUUID(), username, password_hash: 'not-a-hash', confirmed_at: null, created_at: now, updated_at: now });
    }
    return usernames;
  }

  /**
   * Times a call for each account paired with one for a new unknown address, in alternating order;
   * every answer must be `expected`. The median difference within a pair stands against the load
   * of a shared machine, which slows both calls of a pair alike.
   */
  async function measure(path: string, known: string[], expected: string) {
    const call = async (username: string) => {
      const started = performance.now();
      const response = await client.post(path, { username });
      const elapsed = performance.now() - started;
      expect(response).toMatchObject({ status: 200, body: { message: expected } });
      return elapsed;
    };
    // A few calls first, so neither kind pays for warming the server's code paths.
    for (let i = 0; i < 5; i += 1) await call(uniqueEmail('warm-up'));
    const pairs: { known: number; unknown: number }[] = [];
    for (const [index, username] of known.entries()) {
      if (index % 2 === 0) {
        const knownMs = await call(username);
        pairs.push({ known: knownMs, unknown: await call(uniqueEmail('ghost')) });
      } else {
        const unknownMs = await call(uniqueEmail('ghost'));
        pairs.push({ known: await call(username), unknown: unknownMs });
      }
    }
    const result = {
      known: median(pairs.map((pair) => pair.known)),
      unknown: median(pairs.map((pair) => pair.unknown)),
      difference: median(pairs.map((pair) => pair.known - pair.unknown)),
    };
    console.info(`${path} on ${dialect}: median ${result.known.toFixed(2)} ms known, ${result.unknown.toFixed(2)} ms unknown, ${result.difference.toFixed(2)} ms within a pair`);
    return result;
  }

  const tolerance = (result: { known: number; unknown: number }) => Math.max(TOLERANCE.floorMs, TOLERANCE.fraction * Math.min(result.known, result.unknown));

  it('forgot-password answers an existing and an unknown address in the same time', async () => {
    const result = await measure(apiPaths.forgotPassword, await accounts(PAIRS), accountMessages.resetSent);
    expect(Math.abs(result.difference)).toBeLessThan(tolerance(result));
  });

  it('resend-code answers an account awaiting confirmation and an unknown address in the same time', async () => {
    const result = await measure(apiPaths.resendConfirm, await accounts(PAIRS), accountMessages.codeResent);
    expect(Math.abs(result.difference)).toBeLessThan(tolerance(result));
  });
});
