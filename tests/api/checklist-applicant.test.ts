import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '../../common/api';
import { checklistPaths, type ChecklistResponse } from '../../common/checklist-api';
import { checklistMessages, checklistNext } from '../../common/checklist/checklist-messages';
import { checklistStateText } from '../../common/checklist/checklist-words';
import { recommendationPaths } from '../../common/recommendation-api';
import { staffPaths } from '../../common/staff-api';
import { dialects } from '../../scripts/support/databases';
import { ApiClient } from '../../scripts/support/http-client';
import { decodeMailBody, mailTo, waitForMail } from '../../scripts/support/mail';
import { secondCollege, submittedThroughSubmit } from './support/checklist';
import { letterPath, mailedToken, nameRecommender, recommender, submittedApplicant } from './support/recommendations';
import { loggedInStaff } from './support/staff';
import { startTestServer, type TestServer } from './support/test-server';

/** Issue 28 items 1 and 4, the applicant's side: the checklist after submission and the receipt mail. */
describe.each(dialects)('the applicant\'s checklist on %s', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('is asked for with a session, and after submission only', async () => {
    expect((await new ApiClient(server.baseUrl).get(checklistPaths.applicant)).status).toBe(401);
    const { client } = await submittedApplicant(server, {}, false);
    expect(await client.get(checklistPaths.applicant)).toMatchObject({ status: 409, body: { message: checklistMessages.notSubmitted } });
  });

  it('lists the application, the fee and a transcript for each of two colleges, from a real complete application', async () => {
    const { client } = await submittedThroughSubmit(server, { first_name: 'Zoë', last_name: 'Ñúñez', completion_signature: 'Zoë Ñúñez', ...secondCollege('Universidad Nacional Autónoma de México') });
    const response = await client.get<ChecklistResponse>(checklistPaths.applicant);
    expect(response.status).toBe(200);
    const { items, summary, submitted_at } = response.body;
    expect(items.map((item) => [item.id, item.label, item.state])).toEqual([
      ['application', 'Application', 'received'],
      ['fee', 'Application fee', 'awaiting'],
      ['transcript:1', 'Transcript from Towson University', 'awaiting'],
      ['transcript:2', 'Transcript from Universidad Nacional Autónoma de México', 'awaiting'],
    ]);
    expect(items[0]).toMatchObject({ since: submitted_at, next: checklistNext.applicationPdf });
    expect(summary).toEqual({ complete: false, fee_awaiting: true, transcripts_missing: 2, letters_missing: 0, documents_missing: 0, outstanding: 3 });
  });

  it('mails a receipt at submission listing the checklist, once however often Submit is pressed', async () => {
    const { client, username } = await submittedThroughSubmit(server, { first_name: '小龙', last_name: '李', completion_signature: '李小龙' });
    expect((await client.post(apiPaths.submit, {})).status).toBe(200);
    const receipts = await waitForMail(server.outbox, (mails) => {
      const mine = mailTo(mails, username).filter((mail) => decodeMailBody(mail).includes('we received your application'));
      if (mine.length === 0) throw new Error('no receipt yet');
      return mine;
    });
    const body = decodeMailBody(receipts[0]!);
    expect(body).toContain('Dear 小龙 李,');
    // Each state in the words the screens use, since when on the office's calendar.
    const transcript = (await client.get<ChecklistResponse>(checklistPaths.applicant)).body.items.find((item) => item.id === 'transcript:1')!;
    expect(body).toContain(`Transcript from Towson University: ${checklistStateText(transcript)}\n`);
    expect(checklistStateText(transcript)).toMatch(/^Awaiting since [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(body).toContain(checklistNext.feeAwaiting);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const all = mailTo(await server.outbox(), username).map(decodeMailBody).filter((text) => text.includes('we received your application'));
    expect(all).toHaveLength(1);
  });

  it('mails the receipt once even when the inbox made the file\'s summary first', async () => {
    const { client, username, accountId } = await submittedApplicant(server, { first_name: 'Zoë', last_name: 'Ñúñez' });
    const { client: staff } = await loggedInStaff(server, 'reader');
    expect((await staff.get(`${staffPaths.applications}?q=${encodeURIComponent(username)}`)).status).toBe(200);
    expect(await server.store.checklist.withoutSummary(10_000)).not.toContain(accountId);
    for (let press = 0; press < 2; press++) expect((await client.post(apiPaths.submit, {})).status).toBe(200);
    const receipts = await waitForMail(server.outbox, (mails) => {
      const mine = mailTo(mails, username).map(decodeMailBody).filter((text) => text.includes('we received your application'));
      if (mine.length === 0) throw new Error('no receipt yet');
      return mine;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailTo(await server.outbox(), username).map(decodeMailBody).filter((text) => text.includes('we received your application'))).toHaveLength(1);
    expect(receipts[0]).toContain('Dear Zoë Ñúñez,');
  });

  it('shows each letter\'s state to the applicant, never its text', async () => {
    const { client, accountId } = await submittedApplicant(server, { first_name: 'Ngozi', last_name: 'Okonkwo-Adébáyọ̀', counselor_request_waiver: 'Y' });
    const input = recommender();
    const named = await nameRecommender(client, input);
    const token = await mailedToken(server, input.email);
    expect((await new ApiClient(server.baseUrl).post(letterPath(token), { letter_text: 'A confidential letter for Ngozi.' })).status).toBe(201);
    const response = await client.get<ChecklistResponse>(checklistPaths.applicant);
    const letters = response.body.items.filter((item) => item.kind === 'letter');
    expect(letters.map((item) => [item.id, item.state])).toEqual([[`letter:${named.id}`, 'received'], ['letter:open:2', 'awaiting']]);
    expect(JSON.stringify(response.body)).not.toContain('confidential letter');
    expect(response.body.summary.letters_missing).toBe(1);
    expect((await client.get(recommendationPaths.applicantList)).status).toBe(200);
    expect(accountId).toBeTruthy();
  });
});
