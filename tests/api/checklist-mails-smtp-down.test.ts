import { afterEach, describe, expect, it } from 'vitest';
import { checklistPaths, type ChecklistResponse } from '../../common/checklist-api';
import type { RetrySchedule } from '../../backend/mail/retry-schedule';
import { freePort } from '../../scripts/support/backend-process';
import { dialects } from '../../scripts/support/databases';
import { linksTo, letterPath, nameRecommender, submittedApplicant } from './support/recommendations';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from './support/smtp-server';
import { startTestServer, type TestServer } from './support/test-server';
import { until } from './support/until';
import { ApiClient } from '../../scripts/support/http-client';
import { completeApplication } from '../../scripts/support/complete-application';

/** Short waits, so a test sees several attempts in a second or two. */
const quickRetries: RetrySchedule = { firstDelayMs: 100, maxDelayMs: 400, maxAttempts: 100 };
const RECEIPT = /^Subject: We received your application/m;
const ARRIVED = /^Subject: A letter of recommendation from Wangari Maathai has arrived/m;

const to = (received: ReceivedMail[], address: string, subject: RegExp) => received.filter((mail) => mail.to.includes(address) && subject.test(mail.raw));

/**
 * Issue 28's mails to the applicant (the receipt at Submit, the note when a letter arrives) with the
 * mail server down: the applicant is told at once what happened, the mails wait in the outbox and
 * are tried again, and each is delivered once when a real SMTP server is back on its port.
 */
describe.each(dialects)('the receipt and the letter note with the mail server down, on %s', (dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  async function smtpOn(port: number): Promise<TestSmtpServer> {
    const started = await startSmtpServer({ port });
    cleanups.push(() => started.close());
    return started;
  }

  /** Waits until the applicant's unsent mails have each been tried at least twice, none sent. */
  const triedWhileDown = (server: TestServer, address: string, count: number) =>
    until('the mails tried again while the server is down', async () => {
      const rows = (await server.store.mailOutbox.listFor(address)).filter((row) => row.status !== 'SENT');
      return rows.length === count && rows.every((row) => row.attempts >= 2 && row.last_error) ? rows : undefined;
    });

  it('submits and receives the letter at once, and delivers the receipt and the note once the server is back', async () => {
    const port = await freePort();
    let smtp = await smtpOn(port);
    const server = await startTestServer(dialect, { env: { SMTP_URL: smtp.url }, mail: { retry: quickRetries } });
    cleanups.unshift(() => server.close());
    const mails = () => smtp.received.map((mail) => mail.raw);
    // A complete Computer Science application, for the Submit button's checks.
    const answers = { ...completeApplication(), first_name: 'Wanjiru', last_name: 'Kamau', applied_major: 'MSCS', essay_compscience: 'Groundwater maps for every county.', resume: 'Hydrologist, 2019 to 2025.' };
    const { client, username } = await submittedApplicant(server, answers, false, mails);

    // Down at Submit: the applicant is told it was submitted, and the checklist shows it.
    await smtp.close();
    expect((await client.post('/api/submit', {})).status).toBe(200);
    expect((await client.get<ChecklistResponse>(checklistPaths.applicant)).body.items[0]).toMatchObject({ id: 'application', state: 'received' });
    await triedWhileDown(server, username, 1);
    smtp = await smtpOn(port);
    await until('the receipt after the server came back', () => (to(smtp.received, username, RECEIPT).length === 1 ? true : undefined));

    // Up for the invitation; down when the letter arrives.
    const email = `wangari.maathai.${Date.now()}@example.ac.ke`;
    await nameRecommender(client, { name: 'Wangari Maathai', email, relationship: 'Thesis advisor' });
    const token = await until('the invitation', () => linksTo(mails(), email, server.baseUrl)[0]);
    await smtp.close();
    expect((await new ApiClient(server.baseUrl).post(letterPath(token), { letter_text: 'Wanjiru Kamau mapped every aquifer in the Rift Valley.' })).status).toBe(201);
    await triedWhileDown(server, username, 1);
    smtp = await smtpOn(port);
    await until('the note after the server came back', () => (to(smtp.received, username, ARRIVED).length === 1 ? true : undefined));

    // Each once: nothing was sent twice for the attempts made while the server was down.
    await until('the outbox sent', async () => ((await server.store.mailOutbox.countUnsent()) === 0 ? true : undefined));
    expect(to(smtp.received, username, RECEIPT)).toHaveLength(0);
    expect(to(smtp.received, username, ARRIVED)).toHaveLength(1);
  });
});
