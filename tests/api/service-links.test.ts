// Issue 24, item 2: service links can be listed and revoked by an admin (a revoked link answers 403
// at once), every view through one names who minted it in the access log, and reading the access
// log is itself logged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath } from '../../common/api';
import { staffParamPaths, staffPaths, type AccessLogResponse, type ServiceLinksResponse } from '../../common/staff-api';
import { SERVICE_TOKEN_PARAM, serviceDocumentPath, tokenPaths, type MintedTokenResponse } from '../../common/token-api';
import { tokenMessages } from '../../backend/access-tokens/token-messages';
import { staffAccountMessages } from '../../backend/staff/staff-messages';
import { loggedInApplicant, uniqueEmail } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import { ApiClient } from '../../scripts/support/http-client';
import { loggedInStaff } from './support/staff';
import { startTestServer, type TestServer } from './support/test-server';

const ADMIN_KEY = 'test-admin-key-0123456789-abcdefghijklmnop';
const KEY_LABEL = 'Registrar CRM';

describe.each(dialects)('service links on %s', (dialect) => {
  let server: TestServer;
  let admin: ApiClient;
  let adminEmail: string;
  let reader: ApiClient;
  let applicantEmail: string;
  let applicationId: string;
  const visitor = () => new ApiClient(server.baseUrl);
  const view = (token: string) => visitor().get(`${tokenPaths.serviceApplication}?${SERVICE_TOKEN_PARAM}=${token}`);

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { ADMIN_API_KEY: ADMIN_KEY, ADMIN_API_KEY_LABEL: KEY_LABEL } });
    applicantEmail = uniqueEmail('linked');
    const applicant = await loggedInApplicant(server, applicantEmail);
    expect((await applicant.put('/api/answer', { first_name: 'Ada' })).status).toBe(200);
    applicationId = (await server.store.accounts.findByUsername(applicantEmail))!.id;
    ({ client: admin, staff: { email: adminEmail } } = await loggedInStaff(server, 'admin'));
    ({ client: reader } = await loggedInStaff(server, 'reader'));
  });
  afterAll(() => server.close());

  const mintByStaff = async () => {
    const minted = await admin.post<MintedTokenResponse>(staffPaths.serviceLinks, { application_id: applicationId, days: 2 });
    expect(minted.status).toBe(201);
    return minted.body;
  };
  const mintByKey = async () => {
    const minted = await visitor().request<MintedTokenResponse>('POST', tokenPaths.adminServiceTokens, { username: applicantEmail }, { authorization: `Bearer ${ADMIN_KEY}` });
    expect(minted.status).toBe(201);
    return minted.body;
  };

  it('lets an admin mint, list and revoke links; a revoked link answers 403 at once, everywhere', async () => {
    const byStaff = await mintByStaff();
    const byKey = await mintByKey();
    expect((await view(byStaff.token)).status).toBe(200);

    const listed = await admin.get<ServiceLinksResponse>(staffPaths.serviceLinks);
    expect(listed.status).toBe(200);
    expect(listed.headers.get('cache-control')).toBe('no-store');
    expect(JSON.stringify(listed.body)).not.toContain(byStaff.token);
    const mine = listed.body.links.filter((link) => link.application_id === applicationId);
    expect(mine.map((link) => link.created_by).sort()).toEqual([`admin API key "${KEY_LABEL}"`, adminEmail].sort());
    for (const link of mine) expect(link).toMatchObject({ applicant_email: applicantEmail, revoked_at: null, revoked_by: null });
    const staffLink = mine.find((link) => link.created_by === adminEmail)!;
    expect(staffLink.expires_at).toBe(byStaff.expires_at);

    // Readers neither list, mint nor revoke.
    expect((await reader.get(staffPaths.serviceLinks)).status).toBe(403);
    expect((await reader.post(staffPaths.serviceLinks, { application_id: applicationId })).status).toBe(403);
    expect((await reader.request('DELETE', fillPath(staffParamPaths.serviceLink, { id: staffLink.id }))).status).toBe(403);
    expect((await view(byStaff.token)).status).toBe(200);

    const revoked = await admin.request('DELETE', fillPath(staffParamPaths.serviceLink, { id: staffLink.id }));
    expect(revoked.status).toBe(200);
    for (const path of [`${tokenPaths.serviceApplication}?${SERVICE_TOKEN_PARAM}=${byStaff.token}`, `${tokenPaths.servicePdf}?${SERVICE_TOKEN_PARAM}=${byStaff.token}`, serviceDocumentPath('teacher_upload', byStaff.token)]) {
      expect(await visitor().get(path), path).toMatchObject({ status: 403, body: { message: tokenMessages.serviceRevoked } });
    }
    // The other link still works; the list says who revoked which.
    expect((await view(byKey.token)).status).toBe(200);
    const after = (await admin.get<ServiceLinksResponse>(staffPaths.serviceLinks)).body.links.find((link) => link.id === staffLink.id)!;
    expect(after).toMatchObject({ revoked_by: adminEmail });
    expect(Date.parse(after.revoked_at!)).not.toBeNaN();
    // Revoking again changes nothing; an unknown or malformed id is a 404, and bad bodies are 400s.
    expect((await admin.request('DELETE', fillPath(staffParamPaths.serviceLink, { id: staffLink.id }))).status).toBe(200);
    expect((await admin.get<ServiceLinksResponse>(staffPaths.serviceLinks)).body.links.find((link) => link.id === staffLink.id)).toEqual(after);
    for (const id of ['A'.repeat(43), "x' or '1'='1", 'short']) {
      expect(await admin.request('DELETE', fillPath(staffParamPaths.serviceLink, { id })), id).toMatchObject({ status: 404, body: { message: tokenMessages.noSuchLink } });
    }
    for (const body of [{}, { application_id: 'not-an-id' }, { application_id: '00000000-0000-4000-8000-000000000000' }, { application_id: applicationId, days: 31 }, []]) {
      const refused = await admin.post(staffPaths.serviceLinks, body);
      expect([400, 404], JSON.stringify(body)).toContain(refused.status);
    }
  });

  it('names who minted the link in every view of the access log, and logs each reading of the log', async () => {
    const byStaff = await mintByStaff();
    const byKey = await mintByKey();
    expect((await view(byStaff.token)).status).toBe(200);
    expect((await view(byKey.token)).status).toBe(200);

    const log = await admin.get<AccessLogResponse>(`${staffPaths.accessLog}?applicant=${encodeURIComponent(applicantEmail)}`);
    expect(log.status).toBe(200);
    const views = log.body.entries.filter((entry) => entry.actor === 'service-token' && entry.action === 'view').slice(0, 2);
    expect(views.map((entry) => entry.token_created_by)).toEqual([`admin API key "${KEY_LABEL}"`, adminEmail]);

    // The reading just made is in the log, with its filters; a reader's refused attempt is not a reading.
    expect((await reader.get(staffPaths.accessLog)).status).toBe(403);
    const read = async () =>
      (await admin.get<AccessLogResponse>(`${staffPaths.accessLog}?staff=${encodeURIComponent(adminEmail)}&page_size=100`)).body.entries.filter((entry) => entry.action === 'access-log');
    expect((await read()).map((entry) => entry.detail)).toEqual([`applicant=${encodeURIComponent(applicantEmail)}`]);
    const readings = await read();
    expect(readings.map((entry) => entry.detail)).toEqual([`staff=${encodeURIComponent(adminEmail)}&page_size=100`, `applicant=${encodeURIComponent(applicantEmail)}`]);
    expect(readings.every((entry) => entry.staff_email === adminEmail && entry.application_id === null)).toBe(true);
  });

  it('keeps a staff session out of the listing after it ends', async () => {
    expect((await visitor().get(staffPaths.serviceLinks))).toMatchObject({ status: 401, body: { message: staffAccountMessages.sessionInvalid } });
  });
});
