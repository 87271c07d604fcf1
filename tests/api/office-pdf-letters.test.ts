import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, fillPath, type ApplicationPdfResponse, type ConversionStatusResponse } from '../../common/api';
import { checklistDocumentAnswerKey, checklistPaths, letterAnswerKey } from '../../common/checklist-api';
import { staffParamPaths, staffPaths, type AccessLogResponse, type StaffApplicationResponse } from '../../common/staff-api';
import { buildPdf } from '../../scripts/support/documents';
import { uniqueEmail } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import { ApiClient } from '../../scripts/support/http-client';
import { APPLICATION_PDF_END_BOUND_MS, CONVERSION_END_BOUND_MS, convertThroughApi, untilEnded, uploadFile } from '../../scripts/support/uploads';
import { pdfText } from '../support/poppler';
import { sendLetterFile } from './support/letter-files';
import { letterPath, mailedToken, nameRecommender, submittedApplicant } from './support/recommendations';
import { loggedInStaff } from './support/staff';
import { startTestServer, type TestServer } from './support/test-server';

const FORM_DOCUMENT = 'The resume uploaded in the form.';
const LATER_DOCUMENT = 'The essay sent after submission.';
const TYPED = 'Ada reasons about engines as others about arithmetic.';
const UPLOADED = 'Ada wrote the first published program.';

/** Issue 28 item 4: the office's PDF appends the letters after the documents; the applicant's never carries one. */
describe.each(dialects)('letters in the application PDF on %s', { timeout: 2 * APPLICATION_PDF_END_BOUND_MS + CONVERSION_END_BOUND_MS }, (dialect) => {
  let server: TestServer;
  let staff: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(dialect, { conversions: true, applicationPdfs: { pollMs: 20 } });
    staff = (await loggedInStaff(server)).client;
  });
  afterAll(() => server.close());

  /** Waits for the office's PDF up to the render's own end (APPLICATION_PDF_END_BOUND_MS), not a guess at its length. */
  async function poll<T>(read: () => Promise<T | null>, what: string): Promise<T> {
    const value = await untilEnded(read, (read) => read !== null, APPLICATION_PDF_END_BOUND_MS, 100);
    if (value === null) throw new Error(`${what} was not ready within the render's own limits`);
    return value;
  }

  const officePdfText = (id: string) =>
    poll(async () => {
      const response = await fetch(`${server.baseUrl}${fillPath(staffParamPaths.applicationPdf, { id })}`, { headers: { cookie: staff.cookieHeader() } });
      if (response.status === 202) return null;
      expect(response.status).toBe(200);
      return pdfText(Buffer.from(await response.arrayBuffer()));
    }, 'the office PDF');

  const applicantPdfText = (client: ApiClient) =>
    poll(async () => {
      const { body } = await client.get<ApplicationPdfResponse>(apiPaths.pdf);
      expect(body.status).not.toBe('FAILED');
      if (body.status !== 'COMPLETED') return null;
      const response = await fetch(server.baseUrl + body.url!, { headers: { cookie: client.cookieHeader() } });
      expect(response.status).toBe(200);
      return pdfText(Buffer.from(await response.arrayBuffer()));
    }, 'the applicant PDF');

  /** Where each text begins in the PDF's text, in the order given; -1 when absent. */
  const positions = (text: string, parts: readonly string[]) => parts.map((part) => text.replace(/\s+/g, ' ').indexOf(part));

  it('appends the documents sent later, then a typed and an uploaded letter, for the office only', async () => {
    const { client, accountId } = await submittedApplicant(server, { counselor_request_waiver: 'Y' }, false);
    expect(await convertThroughApi(server, client, 'resume_doc', await buildPdf([FORM_DOCUMENT]), 'resume.pdf')).toMatchObject({ status: 'COMPLETED' });
    expect((await server.store.submissions.submit(accountId, server.clock(), () => ({}))).kind).toBe('submitted');

    const later = checklistDocumentAnswerKey('essay_compscience');
    const fileKey = await uploadFile(server, client, later, await buildPdf([LATER_DOCUMENT]));
    const laterPath = fillPath(checklistPaths.applicantDocument, { key: 'essay_compscience' });
    expect((await client.post(laterPath, { file_key: fileKey, file_name: 'essay.pdf' })).status).toBe(202);
    await poll(async () => ((await client.get<ConversionStatusResponse>(laterPath)).body.status === 'COMPLETED' ? true : null), 'the later essay');

    const typist = { name: 'Grace Hopper', email: uniqueEmail('typist'), relationship: 'Thesis advisor' };
    const uploader = { name: 'Charles Babbage', email: uniqueEmail('uploader'), relationship: 'Collaborator' };
    await nameRecommender(client, typist);
    await nameRecommender(client, uploader);
    const browser = new ApiClient(server.baseUrl);

    expect((await browser.post(letterPath(await mailedToken(server, typist.email)), { letter_text: TYPED })).status).toBe(201);
    const withTyped = await officePdfText(accountId);
    const typedOrder = positions(withTyped, [FORM_DOCUMENT, LATER_DOCUMENT, 'Letter of recommendation from Grace Hopper', TYPED]);
    expect(typedOrder.every((position) => position >= 0)).toBe(true);
    expect(typedOrder).toEqual([...typedOrder].sort((a, b) => a - b));
    expect(withTyped).not.toContain(UPLOADED);

    // The letter arriving changes what the office's PDF is made from: the next one carries it.
    expect(await sendLetterFile(server, browser, await mailedToken(server, uploader.email), await buildPdf([UPLOADED]), 'letter.pdf')).toMatchObject({ status: 'COMPLETED' });
    const office = await poll(async () => {
      const text = await officePdfText(accountId);
      return text.includes(UPLOADED) ? text : null;
    }, 'the office PDF with the uploaded letter');
    const order = positions(office, [FORM_DOCUMENT, LATER_DOCUMENT, 'Letter of recommendation from Grace Hopper', TYPED, UPLOADED]);
    expect(order.every((position) => position >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));

    const own = await applicantPdfText(client);
    expect(positions(own, [FORM_DOCUMENT, LATER_DOCUMENT]).every((position) => position >= 0)).toBe(true);
    for (const letter of [TYPED, UPLOADED, 'Letter of recommendation']) expect(own).not.toContain(letter);
  });

  /** GET of one document of an application, as the staff view's links ask for it. */
  const staffDocument = async (client: ApiClient, id: string, key: string) => {
    const response = await fetch(`${server.baseUrl}${fillPath(staffParamPaths.applicationDocument, { id, key })}`, { headers: { cookie: client.cookieHeader() } });
    const bytes = Buffer.from(await response.arrayBuffer());
    return { status: response.status, type: response.headers.get('content-type'), disposition: response.headers.get('content-disposition'), text: response.status === 200 ? await pdfText(bytes) : bytes.toString('utf8') };
  };

  it('lets staff open a document sent later and an uploaded letter on their own, each logged; nothing of another application or not yet converted', async () => {
    const { client, accountId } = await submittedApplicant(server, { counselor_request_waiver: 'Y' });
    const later = checklistDocumentAnswerKey('essay_compscience');
    const laterPath = fillPath(checklistPaths.applicantDocument, { key: 'essay_compscience' });
    expect((await client.post(laterPath, { file_key: await uploadFile(server, client, later, await buildPdf([LATER_DOCUMENT])), file_name: 'essay.pdf' })).status).toBe(202);
    await poll(async () => ((await client.get<ConversionStatusResponse>(laterPath)).body.status === 'COMPLETED' ? true : null), 'the later essay');
    const uploader = { name: 'Mary Somerville', email: uniqueEmail('somerville'), relationship: 'Tutor' };
    const typist = { name: 'Augustus De Morgan', email: uniqueEmail('de-morgan'), relationship: 'Teacher' };
    await nameRecommender(client, uploader);
    await nameRecommender(client, typist);
    const browser = new ApiClient(server.baseUrl);
    expect(await sendLetterFile(server, browser, await mailedToken(server, uploader.email), await buildPdf([UPLOADED]), 'letter.pdf')).toMatchObject({ status: 'COMPLETED' });
    expect((await browser.post(letterPath(await mailedToken(server, typist.email)), { letter_text: TYPED })).status).toBe(201);

    // The staff view says which documents came later; the letters say which arrived as a file.
    const view = (await staff.get<StaffApplicationResponse>(fillPath(staffParamPaths.application, { id: accountId }))).body;
    expect(view.documents_sent_later).toEqual(['essay_compscience']);
    const uploaded = view.recommendations.find((request) => request.name === uploader.name)!;
    const typed = view.recommendations.find((request) => request.name === typist.name)!;

    expect(await staffDocument(staff, accountId, later)).toMatchObject({ status: 200, type: 'application/pdf', text: expect.stringContaining(LATER_DOCUMENT) });
    const letter = await staffDocument(staff, accountId, letterAnswerKey(uploaded.id));
    expect(letter).toMatchObject({ status: 200, type: 'application/pdf', text: expect.stringContaining(UPLOADED) });
    // Shown in the browser, not forced to download; the plain filename keeps to safe characters.
    expect(letter.disposition).toBe(`inline; filename="Letter_of_recommendation_from_Mary_Somerville.pdf"; filename*=UTF-8''Letter%20of%20recommendation%20from%20Mary%20Somerville.pdf`);

    // A typed letter has no file; another application's keys, a request that is not this one's, a
    // document never sent and a made-up key are all 404, as for any document.
    const other = await submittedApplicant(server);
    for (const [id, key] of [
      [accountId, letterAnswerKey(typed.id)],
      [other.accountId, letterAnswerKey(uploaded.id)],
      [other.accountId, later],
      [accountId, checklistDocumentAnswerKey('resume')],
      [accountId, 'letter:../../etc/passwd'],
      [accountId, 'checklist:'],
    ] as const) {
      expect(await staffDocument(staff, id, key), `${id} ${key}`).toMatchObject({ status: 404 });
    }
    // The applicant's own session reaches no staff route.
    expect((await staffDocument(client, accountId, later)).status).toBe(401);

    const admin = (await loggedInStaff(server, 'admin')).client;
    const log = await admin.get<AccessLogResponse>(staffPaths.accessLog);
    const opened = log.body.entries.filter((entry) => entry.application_id === accountId && entry.action === 'document').map((entry) => entry.detail);
    expect(opened.sort()).toEqual([later, letterAnswerKey(uploaded.id)].sort());
  });
});
