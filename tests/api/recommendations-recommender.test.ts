import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieName } from '../../common/session-cookies';
import { recommendationLimits, type LetterReceipt, type RecommenderView } from '../../common/recommendation-api';
import { recommendationMessages } from '../../common/recommendations/recommendation-rules';
import { recommendationCallMessages } from '../../backend/recommendations/recommendation-messages';
import { TOKEN_GUESSES_PER_ADDRESS } from '../../backend/recommendations/recommendation-limits';
import { staffCookieName } from '../../backend/staff/staff-cookie';
import { dialects } from '../../scripts/support/databases';
import { ApiClient } from '../../scripts/support/http-client';
import { startTestServer, type TestServer } from './support/test-server';
import { invitedRecommender, letterPath, listOf, openedPath, viewPath } from './support/recommendations';

const DAY_MS = 24 * 60 * 60_000;
const LETTER = 'I taught Ada for three years.\n\nShe is the best student I have had.\tWarmly, G. H.';

/** Issue 28 items 2 and 5, the recommender's side: a link opens its own request, and nothing else. */
describe.each(dialects)('letters of recommendation, the recommender on %s', (dialect) => {
  let server: TestServer;
  let browser: ApiClient;

  /** A submitted applicant with one recommender named; the recommender's token. */
  const invited = (answers = {}) => invitedRecommender(server, answers);

  beforeAll(async () => {
    server = await startTestServer(dialect);
    browser = new ApiClient(server.baseUrl);
  });
  afterAll(() => server.close());

  it('shows the applicant\'s name, the program and the waiver, and nothing else of the application', async () => {
    const { token } = await invited({ counselor_request_waiver: 'Y', birth_date: '1990-04-01', city: 'Fairfax' });
    const view = await browser.get<RecommenderView>(viewPath(token));
    expect(view.status).toBe(200);
    expect(view.headers.get('cache-control')).toBe('no-store');
    expect(view.body).toEqual({ recommender_name: 'Grace Hopper', applicant_name: 'Ada Lovelace', program: 'Computer Science (M.S.)', waived: true, opened_at: null, letter_file: null });
  });

  it('opens only its own request: the letter lands on that applicant alone', async () => {
    const first = await invited({ first_name: 'Ada' });
    const second = await invited({ first_name: 'Emmy', last_name: 'Noether' });
    expect((await browser.get<RecommenderView>(viewPath(second.token))).body.applicant_name).toBe('Emmy Noether');
    expect((await browser.post(openedPath(first.token), {})).status).toBe(204);
    expect((await browser.post(letterPath(first.token), { letter_text: LETTER })).status).toBe(201);
    const [firstRequest] = (await listOf(first.client)).recommendations;
    const [secondRequest] = (await listOf(second.client)).recommendations;
    expect(firstRequest).toMatchObject({ state: 'received', letter_text: null });
    expect(secondRequest).toMatchObject({ state: 'invited', opened_at: null, received_at: null, letter_text: null });
  });

  it('records the opening and the letter, with their dates, and confirms', async () => {
    const { client, token } = await invited();
    expect((await browser.post(openedPath(token), {})).status).toBe(204);
    let [request] = (await listOf(client)).recommendations;
    expect(request).toMatchObject({ state: 'opened', received_at: null });
    expect(Date.parse(request!.opened_at!)).toBeGreaterThan(Date.now() - 60_000);
    const receipt = await browser.post<LetterReceipt>(letterPath(token), { letter_text: LETTER });
    expect(receipt.status).toBe(201);
    [request] = (await listOf(client)).recommendations;
    // Not waived, and still never the letter: the office reads letters, the applicant does not.
    expect(request).toMatchObject({ state: 'received', received_at: receipt.body.received_at, letter_text: null });
    expect(await browser.get(viewPath(token))).toMatchObject({ status: 409, body: { message: recommendationCallMessages.letterReceived } });
    expect(await browser.post(letterPath(token), { letter_text: 'Again.' })).toMatchObject({ status: 409, body: { message: recommendationCallMessages.letterReceived } });
  });

  it('never gives the applicant a waived letter\'s text', async () => {
    const { client, token } = await invited({ counselor_request_waiver: 'Y' });
    expect((await browser.post(letterPath(token), { letter_text: 'Confidential: a remarkable mind.' })).status).toBe(201);
    const list = await client.get(`/api/recommendations`);
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain('remarkable');
    expect(list.body).toMatchObject({ waived: true, recommendations: [{ state: 'received', letter_text: null }] });
  });

  it('takes text only, within the length limit', async () => {
    const { client, token } = await invited();
    expect(await browser.post(letterPath(token), { letter_text: 'A bell\u0007.' })).toMatchObject({ status: 400 });
    expect(await browser.post(letterPath(token), { letter_text: '   ' })).toMatchObject({ status: 400, body: { message: recommendationMessages.letterRequired } });
    const tooLong = 'a'.repeat(recommendationLimits.letterMax + 1);
    expect(await browser.post(letterPath(token), { letter_text: tooLong })).toMatchObject({ status: 400, body: { message: recommendationMessages.letterTooLong } });
    expect((await listOf(client)).recommendations[0]).toMatchObject({ state: 'invited' });
  });

  it('refuses a browser holding an applicant\'s or a staff session, so an applicant cannot write their own letter', async () => {
    const { client, token } = await invited();
    const asApplicant = (method: string, path: string, body?: unknown) => client.request(method, path, body);
    for (const response of [await asApplicant('GET', viewPath(token)), await asApplicant('POST', openedPath(token), {}), await asApplicant('POST', letterPath(token), { letter_text: LETTER })])
      expect(response).toMatchObject({ status: 403, body: { message: recommendationCallMessages.sessionPresent } });
    const prefix = server.config.cookiePrefix;
    for (const cookie of [`${sessionCookieName(prefix)}=anything`, `${staffCookieName(prefix)}=anything`]) {
      const response = await browser.request('POST', letterPath(token), { letter_text: LETTER }, { cookie });
      expect(response).toMatchObject({ status: 403, body: { message: recommendationCallMessages.sessionPresent } });
    }
    expect((await listOf(client)).recommendations[0]).toMatchObject({ state: 'invited', letter_text: null });
  });

  it('says an unknown link is not valid', async () => {
    const unknown = randomBytes(32).toString('base64url');
    expect(await browser.get(viewPath(unknown))).toMatchObject({ status: 404, body: { message: recommendationCallMessages.linkUnknown } });
    expect(await browser.get(viewPath('short'))).toMatchObject({ status: 404, body: { message: recommendationCallMessages.linkUnknown } });
  });

  it('expires a link after its days', async () => {
    const { token } = await invited();
    server.advance((recommendationLimits.linkDays + 1) * DAY_MS);
    expect(await browser.get(viewPath(token))).toMatchObject({ status: 410, body: { message: recommendationCallMessages.linkExpired } });
    expect(await browser.post(letterPath(token), { letter_text: LETTER })).toMatchObject({ status: 410, body: { message: recommendationCallMessages.linkExpired } });
  });

  it('limits token guessing per address', async () => {
    const guess = () => browser.get(viewPath(randomBytes(32).toString('base64url')));
    for (let i = 0; i < TOKEN_GUESSES_PER_ADDRESS.max; i++) expect((await guess()).status).toBe(404);
    const limited = await guess();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
  });
});
