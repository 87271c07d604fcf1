import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths, type ConversionStatusResponse, type DocumentAnswers } from '../../common/api';
import { letterAnswerKey, letterReplacementKey } from '../../common/checklist-api';
import type { RecommenderView } from '../../common/recommendation-api';
import { FEE_ITEM_ID } from '../../common/checklist/checklist-of';
import { roleKeys } from '../../common/form/answer-roles';
import { UPLOAD_MAX_BYTES } from '../../common/constants';
import { uploadMessages } from '../../common/uploads/upload-messages';
import { conversionJobMessages } from '../../backend/conversions/conversion-messages';
import { LETTER_FILES_PER_LINK } from '../../backend/recommendations/recommendation-limits';
import { convertedPdfKey } from '../../backend/conversions/convert-job';
import { createLogger } from '../../backend/platform/log';
import { createLetterArrival } from '../../backend/recommendations/letter-arrival';
import { recommendationCallMessages } from '../../backend/recommendations/recommendation-messages';
import { staffCookieName } from '../../backend/staff/staff-cookie';
import { hasSharedCorpus, SHARED_CORPUS_DIR } from '../../scripts/support/corpus-files';
import { buildPdf } from '../../scripts/support/documents';
import { dialects } from '../../scripts/support/databases';
import { ApiClient } from '../../scripts/support/http-client';
import { decodeMailBody, mailTo, waitForMail } from '../../scripts/support/mail';
import { checklistSummaryRow, letterFilePath, letterUploadPath, sendLetterFile, uploadLetter } from './support/letter-files';
import { invitedRecommender, letterPath, listOf, viewPath } from './support/recommendations';
import { startTestServer, type TestServer } from './support/test-server';

const ARRIVED = 'A letter of recommendation from Grace Hopper has arrived';

/** Issue 28 item 2: the recommender's letter as an upload, checked and converted as every document. */
describe.each(dialects)('a recommender\'s uploaded letter on %s', (dialect) => {
  let server: TestServer;
  let browser: ApiClient;

  const invited = (answers = {}) => invitedRecommender(server, answers);

  /** The note mailed to the applicant that a letter arrived, once it has. */
  const arrivalNote = (username: string) =>
    waitForMail(server.outbox, (mails) => {
      const note = mailTo(mails, username).map(decodeMailBody).find((body) => body.includes(ARRIVED));
      if (!note) throw new Error(`no letter-arrived note to ${username} yet`);
      return note;
    });

  /** The applicant's one request once received: the loop receives it just after it stores the conversion as COMPLETED. */
  const receivedRequest = (client: ApiClient) =>
    vi.waitUntil(async () => (await listOf(client)).recommendations.find((request) => request.state === 'received'), { timeout: 5_000, interval: 50 });

  beforeAll(async () => {
    server = await startTestServer(dialect, { conversions: true });
    browser = new ApiClient(server.baseUrl);
  });
  afterAll(() => server.close());

  it('converts an uploaded PDF letter; the letter is received then, and the applicant told without its words', async () => {
    const { client, username, accountId, token } = await invited({ counselor_request_waiver: 'Y' });
    expect(await checklistSummaryRow(server, accountId, 0)).toBeNull();
    const status = await sendLetterFile(server, browser, token, await buildPdf(['Ada is the ablest analyst I have taught.']), 'letter.pdf');
    expect(status).toMatchObject({ status: 'COMPLETED' });
    // The checklist's summary is refreshed: Computer Science needs two letters, one has arrived.
    expect(await checklistSummaryRow(server, accountId)).toMatchObject({ letters_missing: 1 });
    const request = await receivedRequest(client);
    expect(request).toMatchObject({ state: 'received', letter_text: null });
    const conversion = await server.store.conversions.find(accountId, letterAnswerKey(request.id));
    expect(Date.parse(request.received_at!)).toBeGreaterThanOrEqual(conversion!.updated_at);
    // The status still reads once received; the link takes no second letter.
    expect(await browser.get(letterFilePath(token))).toMatchObject({ status: 200, body: { status: 'COMPLETED' } });
    // A typed letter cannot follow it (a replacement is a file: see below).
    expect(await browser.post(letterPath(token), { letter_text: 'Again.' })).toMatchObject({ status: 409 });
    // Not an answer of the frozen application: neither the applicant's documents nor the answers name it.
    expect((await client.get<DocumentAnswers>(apiPaths.documentAnswers)).body).toEqual({});
    expect(Object.keys(await server.store.answers.list(accountId)).filter((key) => key.startsWith('letter'))).toEqual([]);
    const note = await arrivalNote(username);
    expect(note).not.toContain('ablest');
  });

  // A real Word letter, through LibreOffice where it is installed (DOCX_CONVERTER=auto), when the shared corpus is on this machine.
  it.skipIf(!hasSharedCorpus())('converts a Word letter and receives it', { timeout: 90_000 }, async () => {
    const { client, token } = await invited();
    const word = fs.readFileSync(path.join(SHARED_CORPUS_DIR, 'docx/mammoth-single-paragraph.docx'));
    expect(await sendLetterFile(server, browser, token, word, 'letter.docx', 80_000)).toMatchObject({ status: 'COMPLETED' });
    expect(await receivedRequest(client)).toMatchObject({ state: 'received' });
  });

  it('mails the applicant when a typed letter arrives, without its text', async () => {
    const { username, token } = await invited();
    expect((await browser.post(letterPath(token), { letter_text: 'A singular, luminous intellect.' })).status).toBe(201);
    const note = await arrivalNote(username);
    expect(note).toContain('Computer Science (M.S.)');
    expect(note).not.toContain('luminous');
  });

  it('fails a file that is not what its name says, with the message; the request stays open and a typed letter still goes', async () => {
    const { client, token } = await invited();
    const hostile = Buffer.from('<html><body><script>fetch("/api/answer")</script></body></html>');
    const status = await sendLetterFile(server, browser, token, hostile, 'letter.pdf');
    expect(status.status).toBe('FAILED');
    expect(status.message).not.toBe(conversionJobMessages.failed);
    expect((await listOf(client)).recommendations[0]).toMatchObject({ state: 'invited', received_at: null });
    expect((await browser.get(viewPath(token))).status).toBe(200);
    expect((await browser.post(letterPath(token), { letter_text: 'Typed after all.' })).status).toBe(201);
    expect((await listOf(client)).recommendations[0]).toMatchObject({ state: 'received' });
  });

  it('refuses an oversized file, a file it did not issue and a name that is not a name, with a 4xx, and changes nothing', async () => {
    const { client, accountId, request, token } = await invited();
    const oversized = await uploadLetter(server, browser, token, Buffer.alloc(UPLOAD_MAX_BYTES + 1, 0x25));
    expect(oversized.status).toBe(400);
    const unknownFile = { status: 400, body: { message: conversionJobMessages.unknownFile } };
    expect(await browser.post(letterFilePath(token), { file_key: oversized.fileKey, file_name: 'letter.pdf' })).toMatchObject(unknownFile);
    expect(await browser.post(letterFilePath(token), { file_key: `uploads/${accountId}/letter.${request.id}/made-up`, file_name: 'letter.pdf' })).toMatchObject(unknownFile);
    expect(await browser.post(letterFilePath(token), { file_key: 42 })).toMatchObject({ status: 400 });
    const { fileKey } = await uploadLetter(server, browser, token, await buildPdf(['A letter.']));
    expect(await browser.post(letterFilePath(token), { file_key: fileKey, file_name: ' ' })).toMatchObject({ status: 400, body: { message: conversionJobMessages.badFileName } });
    expect(await browser.post(letterFilePath(token), { file_key: fileKey, file_name: 'x'.repeat(300) })).toMatchObject({ status: 400, body: { message: uploadMessages.nameTooLong } });
    expect(await server.store.conversions.find(accountId, letterAnswerKey(request.id))).toBeNull();
    expect(await browser.get<ConversionStatusResponse>(letterFilePath(token))).toMatchObject({ status: 200, body: { status: 'NOT_ANSWERED' } });
    expect((await listOf(client)).recommendations[0]).toMatchObject({ state: 'invited', received_at: null });
  });

  it('lets a link neither see nor replace another request\'s letter', async () => {
    const first = await invited();
    const second = await invited({ first_name: 'Emmy', last_name: 'Noether' });
    const { fileKey } = await uploadLetter(server, browser, first.token, await buildPdf(['The first recommender\'s letter.']));
    expect(await browser.post(letterFilePath(second.token), { file_key: fileKey, file_name: 'letter.pdf' })).toMatchObject({ status: 400, body: { message: conversionJobMessages.unknownFile } });
    expect(await browser.get(letterFilePath(second.token))).toMatchObject({ status: 200, body: { status: 'NOT_ANSWERED' } });
    expect(await server.store.conversions.find(second.accountId, letterAnswerKey(second.request.id))).toBeNull();
    expect((await listOf(second.client)).recommendations[0]).toMatchObject({ state: 'invited' });
    // The first link's own letter is untouched by the attempt.
    expect((await browser.post(letterFilePath(first.token), { file_key: fileKey, file_name: 'letter.pdf' })).status).toBe(202);
  });

  // Issue 33 item 6: a received file may be replaced until the file is complete; the old one stays until the new one converted.
  it('replaces a received file letter, keeping the old until the new one converts, and refuses once the file is complete', async () => {
    // Public Administration takes letters and requires none: the file is complete once the fee is recorded.
    const { client, accountId, request, token } = await invited({ [roleKeys.program]: 'MPA' });
    expect(await sendLetterFile(server, browser, token, await buildPdf(['The first letter.']), 'first.pdf')).toMatchObject({ status: 'COMPLETED' });
    await receivedRequest(client);
    const first = (await server.store.conversions.find(accountId, letterAnswerKey(request.id)))!;
    // The link still opens the page, naming the file received.
    expect((await browser.get<RecommenderView>(viewPath(token))).body.letter_file).toMatchObject({ file_name: 'first.pdf' });
    // A replacement that fails loses nothing: the first letter is still the letter, its objects kept.
    expect((await sendLetterFile(server, browser, token, Buffer.from('<html>not a pdf</html>'), 'broken.pdf')).status).toBe('FAILED');
    expect(await server.store.conversions.find(accountId, letterAnswerKey(request.id))).toMatchObject({ id: first.id, status: 'COMPLETED', file_name: 'first.pdf' });
    expect(await server.objects.exists(first.pdf_key!)).not.toBeNull();
    // A replacement that converts takes its place; then the first one's objects are deleted.
    expect(await sendLetterFile(server, browser, token, await buildPdf(['The second letter.']), 'second.pdf')).toMatchObject({ status: 'COMPLETED' });
    const second = await vi.waitUntil(async () => {
      const row = await server.store.conversions.find(accountId, letterAnswerKey(request.id));
      return row?.file_name === 'second.pdf' ? row : undefined;
    }, { timeout: 5_000, interval: 50 });
    expect(second).toMatchObject({ status: 'COMPLETED' });
    expect(await server.store.conversions.find(accountId, letterReplacementKey(request.id))).toBeNull();
    expect(await server.objects.exists(first.pdf_key!)).toBeNull();
    expect(await server.objects.exists(first.file_key)).toBeNull();
    expect(await server.objects.exists(second.pdf_key!)).not.toBeNull();
    expect((await listOf(client)).recommendations[0]).toMatchObject({ state: 'received' });
    // Once the applicant's file is complete (here, the fee recorded), the letter is final.
    await server.store.checklist.record({ account_id: accountId, item_id: FEE_ITEM_ID, state: 'paid', recorded_at: server.clock(), recorded_by_staff_id: 'staff', recorded_by_email: 'staff@example.org' });
    const final = { status: 409, body: { message: recommendationCallMessages.fileComplete } };
    expect(await browser.post(letterUploadPath(token), {})).toMatchObject(final);
    expect(await browser.get(viewPath(token))).toMatchObject(final);
    expect(await browser.post(letterFilePath(token), { file_key: second.file_key, file_name: 'again.pdf' })).toMatchObject(final);
  });

  it('keeps a typed letter final: no file replaces it', async () => {
    const { token } = await invited();
    expect((await browser.post(letterPath(token), { letter_text: 'Typed and final.' })).status).toBe(201);
    expect(await browser.post(letterUploadPath(token), {})).toMatchObject({ status: 409, body: { message: recommendationCallMessages.typedLetterFinal } });
    expect(await browser.post(letterFilePath(token), { file_key: 'x', file_name: 'letter.pdf' })).toMatchObject({ status: 409, body: { message: recommendationCallMessages.typedLetterFinal } });
  });

  it('refuses a browser holding an applicant\'s or a staff session', async () => {
    const { client, token } = await invited();
    const staffCookie = `${staffCookieName(server.config.cookiePrefix)}=anything`;
    for (const [method, path] of [['POST', letterUploadPath(token)], ['POST', letterFilePath(token)], ['GET', letterFilePath(token)]] as const) {
      const body = method === 'POST' ? {} : undefined;
      for (const response of [await client.request(method, path, body), await browser.request(method, path, body, { cookie: staffCookie })])
        expect(response).toMatchObject({ status: 403, body: { message: recommendationCallMessages.sessionPresent } });
    }
    expect((await listOf(client)).recommendations[0]).toMatchObject({ state: 'invited' });
  });
});

describe.each(dialects)('a recommender\'s uploaded letter while it waits to be converted, on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('is not received at upload: only its conversion completing receives it', async () => {
    const { client, token } = await invitedRecommender(server);
    const browser = new ApiClient(server.baseUrl);
    const { fileKey } = await uploadLetter(server, browser, token, await buildPdf(['A letter.']));
    expect(await browser.post(letterFilePath(token), { file_key: fileKey, file_name: 'letter.pdf' })).toMatchObject({ status: 202, body: { status: 'UNPROCESSED' } });
    expect((await listOf(client)).recommendations[0]).toMatchObject({ state: 'invited', received_at: null });
    expect((await browser.get(viewPath(token))).status).toBe(200);
  });

  it('receives a letter whose conversion completed while no loop received it, once, with the applicant\'s note', async () => {
    const { client, username, accountId, request, token } = await invitedRecommender(server);
    const browser = new ApiClient(server.baseUrl);
    const letter = await buildPdf(['Converted, then the instance stopped.']);
    const { fileKey } = await uploadLetter(server, browser, token, letter);
    expect((await browser.post(letterFilePath(token), { file_key: fileKey, file_name: 'letter.pdf' })).status).toBe(202);
    // A worker stores the conversion as COMPLETED, then stops before receiving the letter.
    let claimed = await server.store.conversions.claim('stopping-worker', server.clock(), 60_000);
    while (claimed && claimed.file_key !== fileKey) claimed = await server.store.conversions.claim('stopping-worker', server.clock(), 60_000);
    await server.objects.put(convertedPdfKey(claimed!), letter, 'application/pdf');
    expect(await server.store.conversions.complete(claimed!, convertedPdfKey(claimed!), server.clock())).toBe(true);
    expect((await listOf(client)).recommendations[0]).toMatchObject({ state: 'invited' });

    const arrival = createLetterArrival({ store: server.store, objects: server.objects, clock: server.clock, logger: createLogger('silent'), onMailQueued: () => server.mail?.poke() });
    expect(await arrival.receiveConvertedLetters()).toBe(1);
    expect(await arrival.receiveConvertedLetters()).toBe(0);
    expect((await listOf(client)).recommendations[0]).toMatchObject({ id: request.id, state: 'received', letter_text: null });
    const notes = await waitForMail(server.outbox, (mails) => mailTo(mails, username).map(decodeMailBody).filter((body) => body.includes(ARRIVED)));
    expect(notes).toHaveLength(1);
    expect(await server.store.conversions.find(accountId, letterAnswerKey(request.id))).toMatchObject({ status: 'COMPLETED' });
  });

  it('limits the forms and conversions one link asks for in an hour', async () => {
    const { token } = await invitedRecommender(server);
    const browser = new ApiClient(server.baseUrl);
    const { fileKey } = await uploadLetter(server, browser, token, await buildPdf(['A letter.']));
    const start = () => browser.post(letterFilePath(token), { file_key: fileKey, file_name: 'letter.pdf' });
    for (let count = 1; count < LETTER_FILES_PER_LINK.max; count++) expect((await start()).status).toBe(202);
    const limited = await start();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    expect((await browser.post(letterUploadPath(token), {})).status).toBe(429);
  });
});
