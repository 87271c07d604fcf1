import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWER_BASE_HEADER, answerBaseOf, answerFingerprint } from '../../common/answer-base';
import type { Answers } from '../../common/api';
import { answerMessages } from '../../backend/applicant/answer-service';
import { loggedInApplicant } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import type { ApiClient } from '../../scripts/support/http-client';
import { startTestServer, type TestServer } from './support/test-server';

type Profile = { answer: Answers };

/**
 * Issue 17, item 8: a save queued while offline carries the answers its changes were made on
 * (X-Answer-Base); a key another tab saved since is kept, not overwritten, and sent back.
 */
describe.each(dialects)('conditional saves on %s', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const answersOf = async (client: ApiClient) => (await client.get<Profile>('/api/profile')).body.answer;
  const saveOn = (client: ApiClient, patch: Answers, base: unknown) =>
    client.request<Record<string, unknown>>('PUT', '/api/answer', patch, {
      [ANSWER_BASE_HEADER]: typeof base === 'string' ? base : JSON.stringify(base),
    });

  it('stores a key whose stored answer is still its base, and says nothing is newer', async () => {
    const client = await loggedInApplicant(server);
    await client.put('/api/answer', { first_name: 'Ada' });
    const known = await answersOf(client);
    const patch = { first_name: 'Augusta', middle_name: 'King' };
    const response = await saveOn(client, patch, answerBaseOf(patch, known));
    expect(response).toMatchObject({ status: 200, body: { message: answerMessages.saved, newer: {} } });
    expect(await answersOf(client)).toEqual({ first_name: 'Augusta', middle_name: 'King' });
  });

  it('keeps a key saved elsewhere since the base, stores the others, and returns the kept answer', async () => {
    const queued = await loggedInApplicant(server);
    const known = await answersOf(queued);
    const patch = { middle_name: 'Queued', last_name: 'Lovelace' };
    const base = answerBaseOf(patch, known);

    // Another tab of the same applicant saves the middle name after the queued change was made.
    const otherTab = queued;
    await otherTab.put('/api/answer', { middle_name: 'Newer' });

    const response = await saveOn(queued, patch, base);
    expect(response).toMatchObject({ status: 200, body: { newer: { middle_name: 'Newer' } } });
    expect(await answersOf(queued)).toEqual({ middle_name: 'Newer', last_name: 'Lovelace' });
  });

  it('keeps a key cleared elsewhere since the base (newer: null), and a choice with its label', async () => {
    const client = await loggedInApplicant(server);
    await client.put('/api/answer', { middle_name: 'Old', gender: 'F' });
    const known = await answersOf(client);
    expect(known.gender_desc).toEqual(expect.any(String));
    const patch = { middle_name: 'Queued', gender: 'M' };
    const base = answerBaseOf(patch, known);
    await client.put('/api/answer', { middle_name: null, gender: 'X' });
    const stored = await answersOf(client);

    const response = await saveOn(client, patch, base);
    expect(response.body.newer).toEqual({ middle_name: null, gender: 'X', gender_desc: stored.gender_desc });
    expect(await answersOf(client)).toEqual(stored);
  });

  it('applies queued saves of one key in order: each is based on the one before', async () => {
    const client = await loggedInApplicant(server);
    const first = { middle_name: 'K' };
    const second = { middle_name: 'King' };
    const firstBase = answerBaseOf(first, {});
    const secondBase = answerBaseOf(second, first);
    expect((await saveOn(client, first, firstBase)).body.newer).toEqual({});
    expect((await saveOn(client, second, secondBase)).body.newer).toEqual({});
    expect(await answersOf(client)).toEqual({ middle_name: 'King' });
  });

  it('saves a key without a base unconditionally, as a save without the header does', async () => {
    const client = await loggedInApplicant(server);
    await client.put('/api/answer', { middle_name: 'Stored' });
    const response = await saveOn(client, { middle_name: 'Mine', first_name: 'Ada' }, { first_name: null });
    expect(response.body.newer).toEqual({});
    expect(await answersOf(client)).toEqual({ middle_name: 'Mine', first_name: 'Ada' });
    // Without the header the response still names what is newer: nothing.
    expect((await client.put('/api/answer', { first_name: 'Grace' })).body).toEqual({ message: answerMessages.saved, newer: {} });
  });

  it.each([
    ['not JSON', '{middle_name'],
    ['an array', '[]'],
    ['a number for a key', '{"middle_name": 7}'],
    ['a fingerprint too long', `{"middle_name": "${'a'.repeat(12)}"}`],
    ['a fingerprint with other characters', '{"middle_name": "ab-c"}'],
  ])('refuses a base that is %s with 400 and changes nothing', async (_label, header) => {
    const client = await loggedInApplicant(server);
    await client.put('/api/answer', { middle_name: 'Stored' });
    const response = await saveOn(client, { middle_name: 'Other' }, header);
    expect(response).toMatchObject({ status: 400, body: { message: answerMessages.badBase } });
    expect(await answersOf(client)).toEqual({ middle_name: 'Stored' });
  });

  it('fingerprints the same answer the same way on both ends, and no answer as null', () => {
    expect(answerFingerprint('King')).toBe(answerFingerprint('King'));
    expect(answerFingerprint('King')).not.toBe(answerFingerprint('king'));
    expect(answerFingerprint(true)).not.toBe(answerFingerprint('true'));
    expect(answerFingerprint('')).toBeNull();
    expect(answerFingerprint(null)).toBeNull();
    expect(answerFingerprint('x'.repeat(7000))).toMatch(/^[0-9a-z]{1,11}$/);
  });
});
