import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecommendationListResponse } from '../../common/recommendation-api';
import { checklistPaths, type ChecklistResponse } from '../../common/checklist-api';
import { checklistNext } from '../../common/checklist/checklist-messages';
import { purgeExpired } from '../../backend/housekeeping/housekeeping';
import { HOUR_MS } from '../../backend/platform/clock';
import { createLogger } from '../../backend/platform/log';
import { GOOD_PASSWORD } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import { startSmtpServer, type TestSmtpServer } from './support/smtp-server';
import { startTestServer, type TestServer } from './support/test-server';
import { listOf, nameRecommender, recommender, submittedApplicant } from './support/recommendations';
import { until } from './support/until';

/** Issue 28 item 2: an invitation the mail server refused for good shows on the applicant's list, and stays there. */
describe.each(dialects)('a refused invitation on %s', (dialect) => {
  let server: TestServer;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    // The applicant's confirmation code goes through; every invitation after it is refused with 550.
    smtp = await startSmtpServer({ reply: (offer) => (offer === 0 ? null : 550) });
    server = await startTestServer(dialect, { env: { SMTP_URL: smtp.url }, mail: { retry: { firstDelayMs: 50, maxDelayMs: 50, maxAttempts: 2 } } });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('shows the refusal while the mail is retried and after it is given up, and keeps it when the outbox forgets the mail', async () => {
    const { client, username } = await submittedApplicant(server, {}, true, () => smtp.received.map((mail) => mail.raw));
    const named = await nameRecommender(client, recommender('bounced'));
    expect(named.delivery_failure).toBeNull();
    const refused = await until('the refusal on the list', async () => {
      const [request] = (await listOf(client)).recommendations;
      return request?.delivery_failure ? request : undefined;
    });
    expect(refused.delivery_failure).toContain('550');
    expect(refused.state).toBe('invited');
    // The applicant's checklist says so, with what to do (issue 28's done-when).
    const checklist = (await client.get<ChecklistResponse>(checklistPaths.applicant)).body;
    expect(checklist.items.find((item) => item.id === `letter:${refused.id}`)).toMatchObject({ state: 'refused', next: checklistNext.letterRefused(refused.email) });

    // A week later housekeeping deletes the finished mail; the request keeps what the server said.
    await until('the mail given up', async () => ((await server.store.mailOutbox.countUnsent()) === 0 ? true : undefined));
    server.advance(8 * 24 * HOUR_MS);
    await purgeExpired({ store: server.store, objects: server.objects, config: server.config, clock: server.clock, logger: createLogger('silent') });
    expect((await client.post('/public/login', { username, password: GOOD_PASSWORD })).status).toBe(200);
    const [kept] = (await client.get<RecommendationListResponse>('/api/recommendations')).body.recommendations;
    expect(kept!.delivery_failure).toBe(refused.delivery_failure);
  });
});
