import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleKeys } from '../../common/form/answer-roles';
import { recommendationPaths, type RecommenderView } from '../../common/recommendation-api';
import { recommendationMessages } from '../../common/recommendations/recommendation-rules';
import { recommendationCallMessages } from '../../backend/recommendations/recommendation-messages';
import { INVITATIONS_PER_DAY } from '../../backend/recommendations/recommendation-limits';
import { dialects } from '../../scripts/support/databases';
import { ApiClient } from '../../scripts/support/http-client';
import { mailTo, waitForMail } from '../../scripts/support/mail';
import { startTestServer, type TestServer } from './support/test-server';
import { letterPath, listOf, mailedToken, nameRecommender, recommender, requestPath, resendPath, submittedApplicant, viewPath } from './support/recommendations';

/** Issue 28 items 2 and 5, the applicant's side: naming, listing, resending, replacing and revoking recommenders. */
describe.each(dialects)('letters of recommendation, the applicant on %s', (dialect) => {
  let server: TestServer;
  let anonymous: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    anonymous = new ApiClient(server.baseUrl);
  });
  afterAll(() => server.close());

  it('are asked for after submission only, and with a session', async () => {
    const { client } = await submittedApplicant(server, {}, false);
    const refused = await client.post(recommendationPaths.applicantList, recommender());
    expect(refused).toMatchObject({ status: 409, body: { message: recommendationCallMessages.notSubmitted } });
    expect((await anonymous.get(recommendationPaths.applicantList)).status).toBe(401);
  });

  it('mail each recommender a link of their own, stored only as a hash, and list the request as invited', async () => {
    const { client, accountId } = await submittedApplicant(server);
    const input = recommender();
    const named = await nameRecommender(client, input);
    expect(named).toMatchObject({ name: input.name, email: input.email, relationship: input.relationship, state: 'invited', invitations_sent: 1, opened_at: null, received_at: null, letter_text: null });
    const token = await mailedToken(server, input.email);
    const rows = await server.store.recommendations.listFor(accountId);
    expect(JSON.stringify(rows)).not.toContain(token);
    const list = await listOf(client);
    expect(list.letters).toEqual({ required: 2, accepted: 3 });
    expect(list.recommendations.map((request) => request.id)).toEqual([named.id]);
  });

  it('refuse the applicant\'s own e-mail, as the username or the e-mail answer, in any case', async () => {
    const { client, username } = await submittedApplicant(server, { [roleKeys.email]: 'Ada.Home@Example.org' });
    for (const email of [username.toUpperCase(), ` ${username} `, 'ADA.HOME@example.ORG']) {
      const refused = await client.post(recommendationPaths.applicantList, { ...recommender(), email });
      expect(refused).toMatchObject({ status: 400, body: { message: recommendationMessages.ownEmail, errors: { email: [recommendationMessages.ownEmail] } } });
    }
    const named = await nameRecommender(client, recommender());
    const own = await client.request('PUT', requestPath(named.id), { ...recommender(), email: username });
    expect(own).toMatchObject({ status: 400, body: { message: recommendationMessages.ownEmail } });
    expect((await listOf(client)).recommendations).toHaveLength(1);
  });

  it('take at most the number of letters the program accepts, and none for a program that takes none', async () => {
    const { client } = await submittedApplicant(server);
    for (let i = 0; i < 3; i++) await nameRecommender(client, recommender());
    expect(await client.post(recommendationPaths.applicantList, recommender())).toMatchObject({ status: 409, body: { message: recommendationCallMessages.tooMany(3) } });
    const [first] = (await listOf(client)).recommendations;
    expect((await client.request('DELETE', requestPath(first!.id))).status).toBe(204);
    await nameRecommender(client, recommender());

    const certificate = await submittedApplicant(server, { [roleKeys.program]: 'GCNPM' });
    expect(await certificate.client.post(recommendationPaths.applicantList, recommender())).toMatchObject({ status: 409, body: { message: recommendationCallMessages.noLetters } });
  });

  it('reach only the applicant\'s own requests', async () => {
    const owner = await submittedApplicant(server);
    const other = await submittedApplicant(server);
    const named = await nameRecommender(owner.client, recommender());
    for (const response of [
      await other.client.request('PUT', requestPath(named.id), recommender()),
      await other.client.request('DELETE', requestPath(named.id)),
      await other.client.post(resendPath(named.id), {}),
    ])
      expect(response).toMatchObject({ status: 404, body: { message: recommendationCallMessages.unknownRequest } });
    expect((await listOf(other.client)).recommendations).toEqual([]);
  });

  it('replace a recommender or correct the address: the old link stops working, the new address gets its own', async () => {
    const { client } = await submittedApplicant(server);
    const first = recommender('typo');
    const named = await nameRecommender(client, first);
    const oldToken = await mailedToken(server, first.email);
    const corrected = recommender('corrected');
    const replaced = await client.request<{ id: string; email: string; state: string }>('PUT', requestPath(named.id), corrected);
    expect(replaced).toMatchObject({ status: 200, body: { email: corrected.email, state: 'invited' } });
    expect(await anonymous.get(viewPath(oldToken))).toMatchObject({ status: 410, body: { message: recommendationCallMessages.linkRevoked } });
    const newToken = await mailedToken(server, corrected.email);
    expect((await anonymous.get<RecommenderView>(viewPath(newToken))).status).toBe(200);
    expect((await listOf(client)).recommendations.map((request) => request.email)).toEqual([corrected.email]);
  });

  it('revoke a request: its link stops working at once and it leaves the list', async () => {
    const { client } = await submittedApplicant(server);
    const input = recommender();
    const named = await nameRecommender(client, input);
    const token = await mailedToken(server, input.email);
    expect((await client.request('DELETE', requestPath(named.id))).status).toBe(204);
    expect(await anonymous.get(viewPath(token))).toMatchObject({ status: 410, body: { message: recommendationCallMessages.linkRevoked } });
    expect((await listOf(client)).recommendations).toEqual([]);
  });

  it('change nothing once the letter is received', async () => {
    const { client } = await submittedApplicant(server);
    const input = recommender();
    const named = await nameRecommender(client, input);
    const token = await mailedToken(server, input.email);
    expect((await anonymous.post(letterPath(token), { letter_text: 'A fine student.' })).status).toBe(201);
    for (const response of [
      await client.request('PUT', requestPath(named.id), recommender()),
      await client.request('DELETE', requestPath(named.id)),
      await client.post(resendPath(named.id), {}),
    ])
      expect(response).toMatchObject({ status: 409, body: { message: recommendationCallMessages.alreadyReceived } });
  });

  it('resend a new link (the earlier one stops working), and limit the invitations per applicant', async () => {
    const { client } = await submittedApplicant(server);
    const input = recommender();
    const named = await nameRecommender(client, input);
    const first = await mailedToken(server, input.email);
    const resent = await client.post<{ invitations_sent: number }>(resendPath(named.id), {});
    expect(resent).toMatchObject({ status: 200, body: { invitations_sent: 2 } });
    const second = await mailedToken(server, input.email, 2);
    expect(second).not.toBe(first);
    expect((await anonymous.get(viewPath(first))).status).toBe(410);
    expect((await anonymous.get(viewPath(second))).status).toBe(200);
    for (let sent = 2; sent < INVITATIONS_PER_DAY; sent++) expect((await client.post(resendPath(named.id), {})).status).toBe(200);
    const limited = await client.post(resendPath(named.id), {});
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    expect((await client.post(recommendationPaths.applicantList, recommender())).status).toBe(429);
    const mails = await waitForMail(server.outbox, (all) => {
      const sent = mailTo(all, input.email);
      if (sent.length < INVITATIONS_PER_DAY) throw new Error(`${sent.length} mails`);
      return sent;
    });
    expect(mails).toHaveLength(INVITATIONS_PER_DAY);
  });
});
