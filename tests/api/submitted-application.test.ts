import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationPdfResponse } from '../../common/api';
import { applicationPdfMessages } from '../../common/application-pdf-messages';
import type { MintedTokenResponse, ServiceApplicationResponse } from '../../common/token-api';
import { tokenMessages } from '../../backend/access-tokens/token-messages';
import { completeApplication } from '../../scripts/support/complete-application';
import { pdfTextByPage } from '../support/poppler';
import { loggedInApplicant, uniqueEmail } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import { ApiClient } from '../../scripts/support/http-client';
import { APPLICATION_PDF_END_BOUND_MS, untilEnded } from '../../scripts/support/uploads';
import { startTestServer, type TestServer } from './support/test-server';

const ADMIN_KEY = 'test-admin-key-0123456789-abcdefghijklmnop';

/**
 * After submission, staff and the PDF see the application as it was submitted: the snapshot, not
 * whatever the live rows hold later. A staff service token downloads the whole-application PDF.
 */
describe.each(dialects)('a submitted application seen by staff on %s', (dialect) => {
  let server: TestServer;
  let applicant: ApiClient;
  let serviceToken: string;

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { ADMIN_API_KEY: ADMIN_KEY }, applicationPdfs: { pollMs: 20 } });
    const username = uniqueEmail('submitted');
    applicant = await loggedInApplicant(server, username);
    expect((await applicant.put('/api/answer', completeApplication())).status).toBe(200);
    expect((await applicant.post('/api/submit', {})).status).toBe(200);

    // Something changes the live rows after submission (only the store itself can now).
    const accountId = (await server.store.accounts.findByUsername(username))!.id;
    await server.store.answers.merge(accountId, { last_name: 'Changed-Afterwards' }, 'test', Date.now());

    const minted = await new ApiClient(server.baseUrl).request<MintedTokenResponse>(
      'POST',
      '/admin/service-tokens',
      { username, days: 1 },
      { authorization: `Bearer ${ADMIN_KEY}` },
    );
    expect(minted.status).toBe(201);
    serviceToken = new URL(minted.body.url).searchParams.get('service_token')!;
  });
  afterAll(() => server.close());

  it('shows staff the submitted answers, not later changes to the live rows', async () => {
    const view = await new ApiClient(server.baseUrl).get<ServiceApplicationResponse>(`/service/tmp-pdf?service_token=${serviceToken}`);
    expect(view.status).toBe(200);
    expect(view.body.answer).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' });
  });

  it('lays the PDF out from the submitted answers, for the applicant and for a service token', async () => {
    // Up to the render's own end, not a guess at its length.
    const status = await untilEnded(async () => (await applicant.get<ApplicationPdfResponse>('/api/pdf')).body, (body) => body.status === 'COMPLETED' || body.status === 'FAILED', APPLICATION_PDF_END_BOUND_MS, 100);
    expect(status.status).toBe('COMPLETED');

    const staff = await fetch(`${server.baseUrl}/service/pdf?service_token=${serviceToken}`);
    expect(staff.status).toBe(200);
    expect(staff.headers.get('content-type')).toBe('application/pdf');
    const text = (await pdfTextByPage(new Uint8Array(await staff.arrayBuffer()))).join('\n');
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain('Page 1 of');
    expect(text).not.toContain('Changed-Afterwards');
  }, APPLICATION_PDF_END_BOUND_MS + 30_000);

  it('answers 202 with the status while the PDF is prepared, and refuses a wrong or missing token', async () => {
    const other = await loggedInApplicant(server, uniqueEmail('fresh'));
    const otherName = (await other.get<{ username: string }>('/api/profile')).body.username;
    const minted = await new ApiClient(server.baseUrl).request<MintedTokenResponse>(
      'POST',
      '/admin/service-tokens',
      { username: otherName, days: 1 },
      { authorization: `Bearer ${ADMIN_KEY}` },
    );
    const token = new URL(minted.body.url).searchParams.get('service_token')!;
    const first = await fetch(`${server.baseUrl}/service/pdf?service_token=${token}`);
    expect(first.status).toBe(202);
    expect(first.headers.get('retry-after')).toBe('2');
    expect(await first.json()).toMatchObject({ message: applicationPdfMessages.preparing });

    const wrong = await fetch(`${server.baseUrl}/service/pdf?service_token=${'a'.repeat(token.length)}`);
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: tokenMessages.serviceUnknown });
    const missing = await fetch(`${server.baseUrl}/service/pdf`);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ message: tokenMessages.serviceMalformed });
  });
});
