import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PDFDocument } from '@cantoo/pdf-lib';
import { apiPaths, type ApplicationPdfResponse } from '../../common/api';
import { accountMessages } from '../../backend/auth/account-messages';
import { applicationPdfMessages } from '../../common/application-pdf-messages';
import { buildEncryptedPdfOf, buildPdf, smallPng } from '../../scripts/support/documents';
import { pdfText, pdfTextByPage } from '../support/poppler';
import { completeApplication } from '../../scripts/support/complete-application';
import { loggedInApplicant } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import { ApiClient } from '../../scripts/support/http-client';
import { startTestServer, type TestServer } from './support/test-server';
import { APPLICATION_PDF_END_BOUND_MS, CONVERSION_END_BOUND_MS, convertThroughApi, untilEnded } from '../../scripts/support/uploads';

/**
 * A complete application for Computer Science (M.S.) asking the in-state rate as an active-duty
 * family: three documents (the essay and the resume uploaded in their tabs, the active-duty orders).
 */
const ANSWERS = {
  ...completeApplication(),
  college_ceeb: '5404',
  applied_major: 'MSCS',
  applied_major_desc: 'Computer Science (M.S.)',
  instate_tuition: 'Y',
  maryland_armed_forces: 'Y',
};
const DOCUMENTS = [
  { key: 'essay_compscience_doc', name: 'essay.pdf', pages: ['My essay, page one.', 'My essay, page two.'] },
  { key: 'resume_doc', name: 'resume.pdf', pages: ['My resume.'] },
  { key: 'active_duty_order', name: 'orders.png', pages: null },
] as const;

describe.each(dialects)('the application PDF on %s', { timeout: CONVERSION_END_BOUND_MS + APPLICATION_PDF_END_BOUND_MS }, (dialect) => {
  let server: TestServer;
  let generations = 0;

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      conversions: true,
      applicationPdfs: { pollMs: 20, onJob: (outcome) => outcome === 'completed' && (generations += 1) },
    });
  });
  afterAll(() => server.close());


  /** Uploads and converts a document, waiting for the conversion's end (convertThroughApi), not a guess at its length. */
  async function convert(client: ApiClient, answerKey: string, bytes: Buffer, fileName: string): Promise<void> {
    expect((await convertThroughApi(server, client, answerKey, bytes, fileName)).status, fileName).toBe('COMPLETED');
  }

  /**
   * Polls GET /api/pdf as the renderer does until the generation ends. The job loop counts a
   * generation only after the job has stored its file, so a client can see COMPLETED a moment
   * before `generations` moves: when this call saw the PDF being made, it waits for that count, so
   * the next test's `before` does not race the count of this one's generation.
   */
  async function finishedPdf(client: ApiClient): Promise<ApplicationPdfResponse> {
    const counted = generations;
    let made = false;
    const read = async () => {
      const response = await client.get<ApplicationPdfResponse>(apiPaths.pdf);
      expect(response.status).toBe(200);
      return response.body;
    };
    // Up to the render's own end (APPLICATION_PDF_END_BOUND_MS), not a guess at its length.
    const body = await untilEnded(read, (status) => {
      if (status.status === 'COMPLETED' || status.status === 'FAILED') return true;
      made = true;
      expect(status.url).toBeNull();
      return false;
    }, APPLICATION_PDF_END_BOUND_MS);
    if (body.status !== 'COMPLETED' && body.status !== 'FAILED') throw new Error('the application PDF was not made within its own limits');
    if (made && body.status === 'COMPLETED') await vi.waitUntil(() => generations > counted, { timeout: 5_000 });
    return body;
  }

  const download = (client: ApiClient | null, url: string) => fetch(server.baseUrl + url, { headers: client ? { cookie: client.cookieHeader() } : {} });

  let applicant: ApiClient;
  let first: ApplicationPdfResponse;
  let documentPages = 0;

  it('makes the PDF of a complete application with three converted documents: COMPLETED, then a url', async () => {
    applicant = await loggedInApplicant(server);
    expect((await applicant.put('/api/answer', ANSWERS)).status).toBe(200);
    for (const tabId of ['essay_compscience', 'resume']) expect((await applicant.put('/api/tabs', { tab_id: tabId, chosen_tab: 'upload' })).status).toBe(200);
    for (const document of DOCUMENTS) {
      const bytes = document.pages ? await buildPdf(document.pages) : smallPng();
      documentPages += document.pages ? document.pages.length : 1;
      await convert(applicant, document.key, bytes, document.name);
    }

    first = await finishedPdf(applicant);
    expect(first.status).toBe('COMPLETED');
    expect(first.url).toMatch(/^\/api\/pdf\/file\/[0-9a-f-]{36}$/);
  });

  it('downloads, for its owner, the print view with a header and page numbers, then the documents in form order', async () => {
    const response = await download(applicant, first.url!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="application-Lovelace-Ada.pdf"');
    const pdf = new Uint8Array(await response.arrayBuffer());
    const pages = await pdfTextByPage(pdf);
    const text = pages.join('\n');

    const formPages = Number(/Page 1 of (\d+)/.exec(pages[0]!)?.[1]);
    expect(pages[0]).toContain('Ada Lovelace');
    expect(pages.length).toBe((await PDFDocument.load(pdf)).getPageCount());
    pages.forEach((page, index) => expect(page).toContain(`Page ${index + 1} of ${pages.length}`));
    expect(pages.every((page) => page.includes('Ada Lovelace'))).toBe(true);

    expect(text).toContain('Towson University (5404)');
    expect(text).toContain('Computer Science (M.S.)');
    expect(text).toContain('[X] Yes');
    expect(text).toContain('[ ] No');
    expect(text).toContain('College 1');
    expect(text).toContain('File attached: essay.pdf');
    expect(text).toContain('File attached: resume.pdf');
    expect(text).toContain('File attached: orders.png');
    // The birth date as the print view shows it; no question of a hidden section (the mailing address).
    expect(text).toContain('04/01/1990');
    expect(text).not.toContain('Mailing Address Line 1');

    // The form pages, then each document's pages: the essay, the resume, the orders, in form order.
    const appended = pages.slice(pages.length - documentPages);
    expect(pages.length - documentPages).toBeGreaterThan(0);
    expect(appended[0]).toContain('My essay, page one.');
    expect(appended[1]).toContain('My essay, page two.');
    expect(appended[2]).toContain('My resume.');
    expect(Number.isNaN(formPages)).toBe(false);

    // The Print button's address: the same file, shown in the browser rather than saved.
    const inline = await download(applicant, `${first.url!}?disposition=inline`);
    expect(inline.headers.get('content-disposition')).toBe('inline; filename="application-Lovelace-Ada.pdf"');
  });

  it("appends a PDF that was encrypted with only an owner's password, its pages readable", async () => {
    const client = await loggedInApplicant(server);
    expect((await client.put('/api/answer', ANSWERS)).status).toBe(200);
    expect((await client.put('/api/tabs', { tab_id: 'essay_compscience', chosen_tab: 'upload' })).status).toBe(200);
    await convert(client, 'essay_compscience_doc', await buildEncryptedPdfOf('AES-256', 'An essay its writer locked against copying.'), 'essay.pdf');
    const made = await finishedPdf(client);
    expect(made.status).toBe('COMPLETED');
    const pdf = new Uint8Array(await (await download(client, made.url!)).arrayBuffer());
    const text = await pdfText(pdf);
    expect(text).toContain('File attached: essay.pdf');
    expect(text).toContain('An essay its writer locked against copying.');
  });

  it('answers the same cached file while nothing changes, and makes a new one when an answer changes', async () => {
    const before = generations;
    const again = await finishedPdf(applicant);
    expect(again).toEqual(first);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(generations).toBe(before);

    expect((await applicant.put('/api/answer', { college_major: 'Medieval History' })).status).toBe(200);
    const changed = await applicant.get<ApplicationPdfResponse>(apiPaths.pdf);
    expect(changed.body).toEqual({ status: 'UNPROCESSED', url: null });
    const remade = await finishedPdf(applicant);
    expect(remade.status).toBe('COMPLETED');
    expect(remade.url).not.toBe(first.url);
    await vi.waitUntil(() => generations > before, { timeout: 5_000 });
    expect(generations).toBe(before + 1);
    // The replaced file is gone; the new one says the new answer.
    expect((await download(applicant, first.url!)).status).toBe(404);
    const text = (await pdfTextByPage(new Uint8Array(await (await download(applicant, remade.url!)).arrayBuffer()))).join(' ');
    expect(text).toContain('Medieval History');
    first = remade;
  });

  it('lets no other applicant download it, and asks for a session without one', async () => {
    const other = await loggedInApplicant(server);
    const refused = await download(other, first.url!);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ message: applicationPdfMessages.notFound });
    expect((await download(other, '/api/pdf/file/not-an-id')).status).toBe(404);

    const anonymous = await download(null, first.url!);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: accountMessages.sessionInvalid });
    expect((await new ApiClient(server.baseUrl).get(apiPaths.pdf)).status).toBe(401);
  });

  it('makes a PDF of an application with no answers at all, headed with the username', async () => {
    const client = await loggedInApplicant(server, `empty.${dialect}.${Date.now()}@example.edu`);
    const done = await finishedPdf(client);
    expect(done.status).toBe('COMPLETED');
    const pages = await pdfTextByPage(new Uint8Array(await (await download(client, done.url!)).arrayBuffer()));
    expect(pages[0]).toContain(`empty.${dialect}.`);
    expect(pages[0]).toContain('Page 1 of');
  });
});

describe.each(dialects)('application PDF generations as jobs on %s', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  async function accountOf(client: ApiClient): Promise<string> {
    const username = (await client.get<{ username: string }>('/api/profile')).body.username;
    return (await server.store.accounts.findByUsername(username))!.id;
  }

  it('keeps a generation claimed by a stopped instance until its lease ends, then another claims it', async () => {
    const client = await loggedInApplicant(server);
    const accountId = await accountOf(client);
    expect((await client.get<ApplicationPdfResponse>(apiPaths.pdf)).body).toEqual({ status: 'UNPROCESSED', url: null });
    const now = Date.now();
    const claimed = await server.store.applicationPdfs.claim('stopped-instance', now, 60_000);
    expect(claimed).toMatchObject({ account_id: accountId, status: 'IN_PROGRESS', attempts: 1 });
    expect((await client.get<ApplicationPdfResponse>(apiPaths.pdf)).body.status).toBe('IN_PROGRESS');
    expect(await server.store.applicationPdfs.claim('other-instance', now + 30_000, 60_000)).toBeNull();
    const again = await server.store.applicationPdfs.claim('other-instance', now + 61_000, 60_000);
    expect(again).toMatchObject({ id: claimed!.id, claimed_by: 'other-instance', attempts: 2 });
    // The stopped instance's late finish no longer counts.
    expect(await server.store.applicationPdfs.complete(claimed!, 'application-pdfs/late.pdf', claimed!.fingerprint, now + 62_000)).toBe(false);
  });

  it('reports FAILED once and queues the generation again; a new answer replaces a running generation', async () => {
    const client = await loggedInApplicant(server);
    await client.get(apiPaths.pdf);
    const job = (await server.store.applicationPdfs.claim('instance', Date.now(), 60_000))!;
    expect(await server.store.applicationPdfs.fail(job, applicationPdfMessages.failed, Date.now())).toBe(true);
    expect((await client.get<ApplicationPdfResponse>(apiPaths.pdf)).body).toEqual({ status: 'FAILED', url: null });
    expect((await client.get<ApplicationPdfResponse>(apiPaths.pdf)).body).toEqual({ status: 'UNPROCESSED', url: null });

    const running = (await server.store.applicationPdfs.claim('instance', Date.now(), 60_000))!;
    expect((await client.put('/api/answer', { first_name: 'Grace' })).status).toBe(200);
    expect((await client.get<ApplicationPdfResponse>(apiPaths.pdf)).body).toEqual({ status: 'UNPROCESSED', url: null });
    expect(await server.store.applicationPdfs.complete(running, 'application-pdfs/stale.pdf', running.fingerprint, Date.now())).toBe(false);
  });
});
