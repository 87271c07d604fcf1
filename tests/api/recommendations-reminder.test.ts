import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recommendationCallMessages } from '../../backend/recommendations/recommendation-messages';
import { remindRecommenders } from '../../backend/recommendations/reminders';
import { createLogger } from '../../backend/platform/log';
import { dialects } from '../../scripts/support/databases';
import { ApiClient } from '../../scripts/support/http-client';
import { decodeMailBody, mailTo } from '../../scripts/support/mail';
import { startTestServer, type TestServer } from './support/test-server';
import { letterPath, listOf, mailedToken, nameRecommender, recommender, resendPath, submittedApplicant, viewPath } from './support/recommendations';

const DAY_MS = 24 * 60 * 60_000;

/** Issue 28 item 2: a reminder goes to a recommender who has not written after the configured number of days. */
describe.each(dialects)('reminding recommenders on %s', (dialect) => {
  let server: TestServer;
  const browser = () => new ApiClient(server.baseUrl);
  const remind = () => remindRecommenders({ store: server.store, config: server.config, clock: server.clock, logger: createLogger('silent') });

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { RECOMMENDATION_REMINDER_DAYS: '5' } });
  });
  afterAll(() => server.close());

  it('mails one reminder with a new link after the days, to those who have not written, and only once', async () => {
    const { client } = await submittedApplicant(server);
    const [quiet, written, resent] = [recommender('quiet'), recommender('written'), recommender('resent')];
    for (const input of [quiet, written, resent]) await nameRecommender(client, input);
    const first = await mailedToken(server, quiet.email);
    expect((await browser().post(letterPath(await mailedToken(server, written.email)), { letter_text: 'Done.' })).status).toBe(201);
    const resentId = (await listOf(client)).recommendations.find((request) => request.email === resent.email)!.id;
    expect((await client.post(resendPath(resentId), {})).status).toBe(200);

    server.advance(4 * DAY_MS);
    expect(await remind()).toBe(0);
    server.advance(2 * DAY_MS);
    expect(await remind()).toBe(1);
    expect(await remind()).toBe(0);

    const reminderLink = await mailedToken(server, quiet.email, 2);
    const reminder = mailTo(await server.outbox(), quiet.email).at(-1)!;
    expect(reminder).toMatch(/^Subject: Reminder: letter of recommendation for Ada Lovelace$/m);
    expect(decodeMailBody(reminder)).toContain(reminderLink);
    expect(await browser().get(viewPath(first))).toMatchObject({ status: 410, body: { message: recommendationCallMessages.linkRevoked } });
    expect((await browser().get(viewPath(reminderLink))).status).toBe(200);
    // The applicant resent one themselves, and another has written: neither is reminded.
    expect(mailTo(await server.outbox(), resent.email)).toHaveLength(2);
    expect(mailTo(await server.outbox(), written.email)).toHaveLength(1);
  });
});

describe('reminding recommenders, switched off', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { env: { RECOMMENDATION_REMINDER_DAYS: '0' } });
  });
  afterAll(() => server.close());

  it('sends none when the number of days is 0', async () => {
    const { client } = await submittedApplicant(server);
    await nameRecommender(client, recommender());
    server.advance(60 * DAY_MS);
    expect(await remindRecommenders({ store: server.store, config: server.config, clock: server.clock, logger: createLogger('silent') })).toBe(0);
  });
});
