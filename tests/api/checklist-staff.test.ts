import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath } from '../../common/api';
import { checklistPaths, type ChecklistResponse } from '../../common/checklist-api';
import { checklistMessages } from '../../common/checklist/checklist-messages';
import { staffParamPaths, staffPaths, type AccessLogResponse, type StaffApplicationResponse } from '../../common/staff-api';
import { recommendationCallMessages } from '../../backend/recommendations/recommendation-messages';
import { staffApplicationMessages } from '../../common/staff-api';
import { dialects } from '../../scripts/support/databases';
import { ApiClient } from '../../scripts/support/http-client';
import { documentPath, feePath, revokePath, secondCollege, submittedThroughSubmit, transcriptPath } from './support/checklist';
import { letterPath, mailedToken, nameRecommender, recommender, submittedApplicant, viewPath } from './support/recommendations';
import { loggedInStaff } from './support/staff';
import { startTestServer, type TestServer } from './support/test-server';

/** Issue 28 item 4: staff read the checklist and the letters, record what arrived, revoke a link; each in the access log. */
describe.each(dialects)('the office\'s complete file on %s', (dialect) => {
  let server: TestServer;
  let reader: ApiClient;
  let admin: ApiClient;
  let readerEmail: string;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const staff = await loggedInStaff(server, 'reader');
    reader = staff.client;
    readerEmail = staff.staff.email;
    admin = (await loggedInStaff(server, 'admin')).client;
  });
  afterAll(() => server.close());

  const stateOf = (checklist: ChecklistResponse, id: string) => checklist.items.find((item) => item.id === id)?.state;

  it('records the fee and each transcript named; a bad state or place is a 400 and a college not named a 404, changing nothing', async () => {
    const { client, accountId } = await submittedThroughSubmit(server, { first_name: 'Zoë', last_name: 'Ñúñez', completion_signature: 'Zoë Ñúñez', ...secondCollege('Université de Montréal') });
    const checklist = async () => (await client.get<ChecklistResponse>(checklistPaths.applicant)).body;
    const before = await checklist();

    for (const [path, body, message] of [
      [feePath(accountId), { state: 'received' }, checklistMessages.badFeeState],
      [feePath(accountId), { state: null }, checklistMessages.badFeeState],
      [transcriptPath(accountId, '1'), { state: 'paid' }, checklistMessages.badReceiptState],
      [transcriptPath(accountId, 'first'), { state: 'received' }, checklistMessages.badSlot],
      [transcriptPath(accountId, '9'), { state: 'received' }, checklistMessages.badSlot],
    ] as const) {
      expect(await reader.request('PUT', path, body), path).toMatchObject({ status: 400, body: { message } });
    }
    expect(await reader.request('PUT', transcriptPath(accountId, '3'), { state: 'received' })).toMatchObject({ status: 404, body: { message: checklistMessages.unknownTranscript } });
    expect(await reader.request('PUT', feePath('00000000-0000-4000-8000-000000000000'), { state: 'paid' })).toMatchObject({ status: 404, body: { message: staffApplicationMessages.notFound } });
    expect(await checklist()).toEqual(before);

    const paid = await reader.request<ChecklistResponse>('PUT', feePath(accountId), { state: 'paid' });
    expect(paid.status).toBe(200);
    expect(stateOf(paid.body, 'fee')).toBe('paid');
    expect((await reader.request('PUT', transcriptPath(accountId, '2'), { state: 'received' })).status).toBe(200);
    const after = await checklist();
    expect(after.items.map((item) => [item.id, item.state])).toEqual([['application', 'received'], ['fee', 'paid'], ['transcript:1', 'awaiting'], ['transcript:2', 'received']]);
    expect(after.summary).toMatchObject({ complete: false, fee_awaiting: false, transcripts_missing: 1, outstanding: 1 });

    const log = await admin.get<AccessLogResponse>(`${staffPaths.accessLog}?staff=${encodeURIComponent(readerEmail)}`);
    const mine = log.body.entries.filter((entry) => entry.application_id === accountId).map((entry) => [entry.action, entry.detail]);
    expect(mine).toEqual(expect.arrayContaining([['checklist.fee', 'paid'], ['checklist.transcript', '2 received']]));
    expect(mine).toHaveLength(2);
  });

  it('records a program document the program asks for, and no other', async () => {
    const { client, accountId } = await submittedApplicant(server);
    expect(await reader.request('PUT', documentPath(accountId, 'teacher_upload'), { state: 'received' })).toMatchObject({ status: 404, body: { message: checklistMessages.unknownDocument } });
    expect(await reader.request('PUT', documentPath(accountId, 'resume'), { state: 'mailed' })).toMatchObject({ status: 400, body: { message: checklistMessages.badReceiptState } });
    const recorded = await reader.request<ChecklistResponse>('PUT', documentPath(accountId, 'resume'), { state: 'received' });
    expect(recorded.status).toBe(200);
    expect(stateOf(recorded.body, 'document:resume')).toBe('received');
    expect(stateOf((await client.get<ChecklistResponse>(checklistPaths.applicant)).body, 'document:essay_compscience')).toBe('awaiting');
  });

  it('refuses the staff calls without a staff session, to an applicant\'s session, and a revoke to a reader', async () => {
    const { client, accountId } = await submittedApplicant(server);
    const anonymous = new ApiClient(server.baseUrl);
    for (const caller of [anonymous, client]) {
      expect((await caller.request('PUT', feePath(accountId), { state: 'paid' })).status).toBe(401);
      expect((await caller.request('PUT', transcriptPath(accountId, '1'), { state: 'received' })).status).toBe(401);
      expect((await caller.request('GET', fillPath(staffParamPaths.application, { id: accountId }))).status).toBe(401);
    }
    const named = await nameRecommender(client, recommender());
    expect((await reader.request('DELETE', revokePath(accountId, named.id))).status).toBe(403);
    expect(await submittedApplicant(server, {}, false).then(({ accountId: id }) => reader.request('PUT', feePath(id), { state: 'paid' }))).toMatchObject({ status: 409, body: { message: checklistMessages.applicationNotSubmitted } });
  });

  it('shows staff the checklist and the letters, a waived letter marked confidential; an admin\'s revoke makes the link answer 410', async () => {
    const { client, accountId } = await submittedApplicant(server, { first_name: '小龙', last_name: '李', counselor_request_waiver: 'Y' });
    const writer = recommender('writer');
    const written = await nameRecommender(client, writer);
    const letterText = 'Ngozi Okonkwo-Adébáyọ̀ writes: 李小龙 is the best student I have taught.';
    expect((await new ApiClient(server.baseUrl).post(letterPath(await mailedToken(server, writer.email)), { letter_text: letterText })).status).toBe(201);
    const waiting = recommender('waiting');
    const pending = await nameRecommender(client, waiting);
    const token = await mailedToken(server, waiting.email);

    const view = await reader.get<StaffApplicationResponse>(fillPath(staffParamPaths.application, { id: accountId }));
    expect(view.status).toBe(200);
    expect(view.body.checklist?.items.filter((item) => item.kind === 'letter').map((item) => item.state)).toEqual(['received', 'invited']);
    expect(view.body.recommendations).toEqual([
      expect.objectContaining({ id: written.id, state: 'received', letter_text: letterText, confidential: true }),
      expect.objectContaining({ id: pending.id, state: 'invited', letter_text: null, confidential: true }),
    ]);
    expect(JSON.stringify((await client.get(checklistPaths.applicant)).body)).not.toContain('best student');

    expect(await admin.request('DELETE', revokePath(accountId, written.id))).toMatchObject({ status: 409, body: { message: checklistMessages.letterAlreadyReceived } });
    expect(await admin.request('DELETE', revokePath(accountId, 'no-such-request'))).toMatchObject({ status: 404, body: { message: checklistMessages.unknownRecommendation } });
    expect((await admin.request('DELETE', revokePath(accountId, pending.id))).status).toBe(204);
    expect(await new ApiClient(server.baseUrl).get(viewPath(token))).toMatchObject({ status: 410, body: { message: recommendationCallMessages.linkRevoked } });
    const after = (await client.get<ChecklistResponse>(checklistPaths.applicant)).body;
    expect(after.items.filter((item) => item.kind === 'letter').map((item) => item.id)).toEqual([`letter:${written.id}`, 'letter:open:2']);

    const log = await admin.get<AccessLogResponse>(staffPaths.accessLog);
    const actions = log.body.entries.filter((entry) => entry.application_id === accountId).map((entry) => [entry.action, entry.detail]);
    expect(actions).toEqual(expect.arrayContaining([['view', null], ['recommendation.revoke', pending.id]]));
  });
});
