import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checklistPaths, type ChecklistResponse } from '../../common/checklist-api';
import { checklistNext } from '../../common/checklist/checklist-messages';
import { BOUNCE_BODY_LIMIT_BYTES, type BounceResponse } from '../../common/mail-bounce-api';
import { tokenPaths } from '../../common/token-api';
import { createMailer } from '../../backend/mail/mailer';
import { createLogger } from '../../backend/platform/log';
import { bounceMessages } from '../../backend/bounces/bounce-routes';
import type { ApiClient } from '../../scripts/support/http-client';
import { dialects } from '../../scripts/support/databases';
import { bounceCorpusFiles, corpusBounceTo, eximBounce, postfixBounce } from './support/bounces';
import { listOf, nameRecommender, recommender, resendPath, submittedApplicant } from './support/recommendations';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from './support/smtp-server';
import { startTestServer, type TestServer } from './support/test-server';
import { until } from './support/until';

const ADMIN_KEY = 'bounce-test-admin-key-0123456789abcdef';
const BOUNCE_ADDRESS = 'bounces@grad.example.edu';
const verp = (mailId: string) => `bounces+${mailId}@grad.example.edu`;

interface Invited {
  client: ApiClient;
  email: string;
  requestId: string;
  mailId: string;
  received: ReceivedMail;
}

/** Issue 28 item 2: a bounce that comes back after the relay accepted the invitation shows on the applicant's checklist. */
describe.each(dialects)('bounces after the relay accepted the mail on %s', (dialect) => {
  let server: TestServer;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer(dialect, { env: { SMTP_URL: smtp.url, ADMIN_API_KEY: ADMIN_KEY, MAIL_BOUNCE_ADDRESS: BOUNCE_ADDRESS } });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  /** A submitted applicant's recommender, invited: the invitation as the relay took it, once the outbox says SENT. */
  async function invite(label: string, applicant?: ApiClient): Promise<Invited> {
    const client = applicant ?? (await submittedApplicant(server, {}, true, () => smtp.received.map((mail) => mail.raw))).client;
    const input = recommender(label);
    const request = await nameRecommender(client, input);
    const sent = await until('the invitation sent', async () => {
      const rows = await server.store.mailOutbox.listFor(input.email);
      const last = rows[rows.length - 1];
      return last?.status === 'SENT' ? last : undefined;
    });
    const received = smtp.received.find((mail) => mail.raw.includes(sent.id))!;
    return { client, email: input.email, requestId: request.id, mailId: sent.id, received };
  }

  const postBounce = (body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.baseUrl}${tokenPaths.adminMailBounces}`, { method: 'POST', body, headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'message/rfc822', ...headers } });

  async function letterItem(invited: Invited) {
    const checklist = (await invited.client.get<ChecklistResponse>(checklistPaths.applicant)).body;
    return checklist.items.find((item) => item.id === `letter:${invited.requestId}`);
  }

  async function expectRefused(invited: Invited, response: Response, status: string) {
    expect(response.status).toBe(200);
    const body = (await response.json()) as BounceResponse;
    expect(body).toMatchObject({ recorded: true, mail_id: invited.mailId, request_id: invited.requestId, status });
    expect(await letterItem(invited)).toMatchObject({ state: 'refused', next: checklistNext.letterRefused(invited.email) });
    const [request] = (await listOf(invited.client)).recommendations.filter((each) => each.id === invited.requestId);
    expect(request!.delivery_failure).toContain(status);
  }

  async function expectUntouched(invited: Invited) {
    expect((await letterItem(invited))?.state).not.toBe('refused');
    const [request] = (await listOf(invited.client)).recommendations.filter((each) => each.id === invited.requestId);
    expect(request!.delivery_failure).toBeNull();
    expect((await server.store.mailOutbox.listFor(invited.email)).map((row) => [row.status, row.refused_at])).toEqual([['SENT', null]]);
  }

  it('sends each invitation from its own VERP envelope sender, naming the outbox mail in a header; From stays', async () => {
    const invited = await invite('verp');
    expect(invited.received.from).toBe(verp(invited.mailId));
    // Header names are case-insensitive (nodemailer writes X-Gradapp-Mail-ID).
    expect(invited.received.raw).toMatch(new RegExp(`^X-Gradapp-Mail-Id: ${invited.mailId}$`, 'mi'));
    expect(invited.received.raw).toMatch(/^From: Graduate Admissions <no-reply@localhost>$/m);
  });

  it('marks the invitation refused on a Postfix report that only quotes the mail id, and a resend clears it', async () => {
    const invited = await invite('postfix');
    const other = await invite('postfix-other');
    const report = postfixBounce({ returnPath: BOUNCE_ADDRESS, recipient: invited.email, mailId: invited.mailId });
    await expectRefused(invited, await postBounce(report, { 'content-type': 'text/plain; charset=utf-8' }), '5.1.1');
    // Another applicant's invitation is not touched.
    await expectUntouched(other);
    const [row] = await server.store.mailOutbox.listFor(invited.email);
    expect(row).toMatchObject({ status: 'FAILED', last_error: expect.stringContaining('User unknown') as unknown });
    expect(row!.refused_at).not.toBeNull();
    // The applicant corrects nothing and resends: the new invitation goes out and the refusal is gone.
    expect((await invited.client.post(resendPath(invited.requestId), {})).status).toBe(200);
    const [resent] = (await listOf(invited.client)).recommendations.filter((each) => each.id === invited.requestId);
    expect(resent!.delivery_failure).toBeNull();
    expect((await letterItem(invited))?.state).toBe('invited');
    // The old invitation's bounce, coming again late, marks only its own mail: the new link stands.
    const late = await postBounce(report);
    expect([late.status, await late.json()]).toEqual([200, expect.objectContaining({ recorded: true, mail_id: invited.mailId, request_id: null }) as unknown]);
    expect((await letterItem(invited))?.state).toBe('invited');
  });

  it('marks the invitation refused on an Exim report returned to its VERP address', async () => {
    const invited = await invite('exim');
    await expectRefused(invited, await postBounce(eximBounce({ returnPath: verp(invited.mailId), recipient: invited.email })), '5.2.2');
  });

  it('marks the invitation refused on real bounces: a commented Action, a gateway without a Status, a report forwarded as an attachment, OpenSMTPD', async () => {
    for (const [file, status] of [['dsn_01.txt', '5.0.0'], ['dsn_12.txt', '5.1.1'], ['dsn_14.txt', '5.1.1'], ['dsn_15.txt', '5.1.1'], ['dsn_18.txt', '5.0.0']] as const) {
      const invited = await invite(file.replace(/\W/g, ''));
      await expectRefused(invited, await postBounce(corpusBounceTo(file, verp(invited.mailId))), status);
    }
  });

  it('answers every bounce of the real corpus: each DSN read as GNU Mailman reads it, every other format refused as not a report, nothing changed', async () => {
    const invited = await invite('corpus');
    // Returned to a VERP address of no mail of ours: a permanent failure answers no-matching-mail.
    const nobody = verp(randomUUID());
    const read: Record<string, string> = {};
    let notReports = 0;
    const files = bounceCorpusFiles();
    for (const file of files) {
      const response = await postBounce(corpusBounceTo(file, nobody));
      const body = (await response.json()) as BounceResponse & { message?: string };
      if (response.status === 400 && body.message === bounceMessages.notReport) notReports += 1;
      else read[file] = `${response.status} ${body.recorded === false ? body.reason : 'recorded'} ${body.status}`;
    }
    const unknown = (status: string) => `202 no-matching-mail ${status}`;
    const temporary = (status: string | null) => `202 not-permanent ${status}`;
    expect(read).toEqual({
      'dsn_01.txt': unknown('5.0.0'),
      'dsn_02.txt': temporary('4.4.7'),
      // "Action: failure" with "Status: 553": no status code to go by, so not taken as permanent.
      'dsn_03.txt': temporary(null),
      'dsn_04.txt': unknown('5.0.0'),
      'dsn_05.txt': temporary('4.4.1'),
      'dsn_06.txt': temporary('4.4.0'),
      'dsn_07.txt': temporary('4.4.1'),
      'dsn_08.txt': temporary('4.0.0'),
      'dsn_09.txt': unknown('5.0.0'),
      'dsn_10.txt': unknown('5.0.0'),
      'dsn_11.txt': unknown('5.1.1'),
      'dsn_12.txt': unknown('5.1.1'),
      'dsn_13.txt': unknown('5.1.1'),
      'dsn_14.txt': unknown('5.1.1'),
      'dsn_15.txt': unknown('5.1.1'),
      'dsn_16.txt': unknown('5.0.0'),
      'dsn_17.txt': temporary('4.3.0'),
      'dsn_18.txt': unknown('5.0.0'),
      'simple_42.txt': unknown('5.0.0'),
    });
    expect(notReports).toBe(files.length - Object.keys(read).length);
    expect(notReports).toBeGreaterThan(90);
    await expectUntouched(invited);
  });

  it('changes nothing for a delay, a temporary failure, or a report of no mail of ours (202)', async () => {
    const invited = await invite('delayed');
    const delayed = postfixBounce({ returnPath: verp(invited.mailId), recipient: invited.email }, '4.4.7', 'delayed', 'X-Postfix; delivery temporarily suspended: connect to mx.example.org[192.0.2.1]:25: Connection timed out');
    const answers = [await postBounce(delayed)];
    answers.push(await postBounce(corpusBounceTo('dsn_02.txt', verp(invited.mailId))), await postBounce(corpusBounceTo('dsn_05.txt', verp(invited.mailId))));
    for (const answer of answers) expect([answer.status, await answer.json()]).toEqual([202, { recorded: false, reason: 'not-permanent', status: expect.stringMatching(/^4\./) as unknown }]);
    const stranger = await postBounce(postfixBounce({ returnPath: verp(randomUUID()), recipient: invited.email, mailId: randomUUID() }));
    expect([stranger.status, await stranger.json()]).toEqual([202, { recorded: false, reason: 'no-matching-mail', status: '5.1.1' }]);
    await expectUntouched(invited);
  });

  it('refuses garbage, a huge body, another type, and a missing or wrong key, and changes nothing', async () => {
    const invited = await invite('hostile');
    const report = postfixBounce({ returnPath: verp(invited.mailId), recipient: invited.email, mailId: invited.mailId });
    const garbage = ['', 'hello', 'Content-Type: multipart/report; boundary=x\n\n--x\nContent-Type: message/delivery-status\n\nReporting-MTA: dns; x\n--x--\n', '\u0000\uffff'.repeat(1000)];
    for (const body of garbage) {
      const answer = await postBounce(body);
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { message: string }).message).toMatch(/not a delivery status notification/);
    }
    const huge = report + 'x'.repeat(BOUNCE_BODY_LIMIT_BYTES);
    expect((await postBounce(huge)).status).toBe(413);
    expect((await postBounce(report, { 'content-type': 'application/json' })).status).toBe(415);
    expect((await postBounce(report, { authorization: '' })).status).toBe(401);
    expect((await postBounce(report, { authorization: `Bearer ${ADMIN_KEY}x` })).status).toBe(401);
    await expectUntouched(invited);
  });
});

describe('the envelope sender without MAIL_BOUNCE_ADDRESS', () => {
  it('stays the From address, and the mail id header is still there', async () => {
    const smtp = await startSmtpServer();
    try {
      const mailer = createMailer({ smtpUrl: smtp.url, from: 'Graduate Admissions <no-reply@grad.example.edu>', bounceAddress: null, outboxDir: '/nonexistent', logger: createLogger('silent') });
      const id = randomUUID();
      await mailer.send({ id, to: 'someone@example.org', subject: 'Hello', text: 'Hello' });
      expect(smtp.received[0]!.from).toBe('no-reply@grad.example.edu');
      expect(smtp.received[0]!.raw).toMatch(new RegExp(`^X-Gradapp-Mail-Id: ${id}$`, 'mi'));
    } finally {
      await smtp.close();
    }
  });
});
