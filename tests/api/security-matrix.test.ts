import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, conversionPath, documentAnswerPath, fillPath, type ConversionStatusResponse } from '../../common/api';
import { checklistPaths, staffChecklistPaths } from '../../common/checklist-api';
import { recommendationPaths } from '../../common/recommendation-api';
import { staffParamPaths, staffPaths } from '../../common/staff-api';
import { tokenPaths, type MintedTokenResponse } from '../../common/token-api';
import { answerFields } from '../../common/form/model';
import { createApp } from '../../backend/app';
import { defaultRateLimits, type RateLimits } from '../../backend/security/rate-limiter';
import { hashSecret, randomToken } from '../../backend/security/secrets';
import { createLogger } from '../../backend/platform/log';
import { LOCAL_UPLOAD_PATH } from '../../backend/storage/local-store';
import { buildPdf } from '../../scripts/support/documents';
import { latestCode, latestResetLink } from '../../scripts/support/mail';
import { GOOD_PASSWORD, loggedInApplicant, uniqueEmail } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import { ApiClient, type ApiResponse } from '../../scripts/support/http-client';
import { logCapture } from './support/log-capture';
import { registeredRoutes } from './support/registered-routes';
import { startTestServer, type TestServer } from './support/test-server';
import { CONVERSION_END_BOUND_MS, conversionEnded, untilEnded, uploadFile } from '../../scripts/support/uploads';

/**
 * Issue 9 part 1: every route of the app, called by every kind of intruder, gets nothing of the
 * victim's application and changes nothing of it; plus the CSRF guards, cookie attributes,
 * security headers, brute-force limits and the absence of secrets from responses and logs.
 */

const ADMIN_KEY = 'matrix-admin-key-0123456789-abcdefghijklmnop';
const UPLOAD_KEY = answerFields.find((field) => field.type === 'upload')!.key;
const WRONG_PASSWORD = 'Wrong-Password-1!';
const NEW_PASSWORD = 'Brand-New-Password-9!';
const WINDOW = 15 * 60_000;
const IDLE_MINUTES = 60;
const limits: RateLimits = {
  ...defaultRateLimits,
  login: { account: { max: 4, windowMs: WINDOW }, address: { max: 300, windowMs: WINDOW } },
  confirm: { account: { max: 4, windowMs: WINDOW }, address: { max: 300, windowMs: WINDOW } },
  reset: { account: { max: 4, windowMs: WINDOW }, address: { max: 300, windowMs: WINDOW } },
};

interface Call {
  method: string;
  /** The route as the router registers it. */
  route: string;
  /** The path called (parameters filled in, maybe a query). */
  path: string;
  body?: unknown;
}

/** Every route, with a body that would change the victim's application if a guard were missing. */
function routeTable(victim: { username: string; fileKey: string; accountId: string }): Call[] {
  const call = (method: string, route: string, body?: unknown, pathCalled = route): Call => ({ method, route, path: pathCalled, body });
  const conversionRoute = '/api/pdf/document-answer/:key';
  return [
    call('GET', apiPaths.health),
    call('GET', apiPaths.ready),
    call('POST', apiPaths.signup, { username: uniqueEmail('intruder'), password: GOOD_PASSWORD }),
    call('POST', apiPaths.confirm, { username: victim.username, code: '000000' }),
    call('POST', apiPaths.resendConfirm, { username: victim.username }),
    call('POST', apiPaths.login, { username: victim.username, password: WRONG_PASSWORD }),
    call('POST', apiPaths.forgotPassword, { username: victim.username }),
    call('POST', apiPaths.resetPassword, { username: victim.username, password: NEW_PASSWORD, id: 'A'.repeat(43) }),
    call('GET', apiPaths.lookupFind, undefined, `${apiPaths.lookupFind}?category=address&text=1`),
    call('GET', apiPaths.profile),
    call('POST', apiPaths.webStatus, { web_status: 'validating' }),
    call('PUT', apiPaths.lastPage, { last_page: '/final-steps' }),
    call('PUT', apiPaths.answer, { first_name: 'Mallory' }),
    call('POST', apiPaths.validations, { first_name: ['hijacked'] }),
    call('POST', apiPaths.presignedUrl, { answer_key: UPLOAD_KEY }),
    call('GET', apiPaths.documentAnswers),
    call('GET', conversionRoute, undefined, conversionPath(UPLOAD_KEY)),
    call('POST', conversionRoute, { file_key: victim.fileKey, file_name: 'stolen.pdf' }, conversionPath(UPLOAD_KEY)),
    call('DELETE', conversionRoute, undefined, conversionPath(UPLOAD_KEY)),
    call('DELETE', `${apiPaths.documentAnswers}/:key`, undefined, documentAnswerPath(UPLOAD_KEY)),
    call('GET', apiPaths.tabs),
    call('PUT', apiPaths.tabs, { tab_id: 'personal_statement', chosen_tab: 'text' }),
    call('GET', apiPaths.addAnother),
    call('PUT', apiPaths.addAnother, { button_id: 'college', num_components: 3 }),
    call('POST', apiPaths.keepAlive, {}),
    call('POST', apiPaths.submit, {}),
    call('GET', apiPaths.pdf),
    call('GET', `${apiPaths.pdf}/file/:id`, undefined, `${apiPaths.pdf}/file/00000000-0000-4000-8000-000000000000`),
    // An applicant's own data (issue 35 item 4): only the caller's own; a wrong password deletes nothing.
    call('GET', apiPaths.myData),
    call('POST', apiPaths.deleteAccount, { password: WRONG_PASSWORD }),
    call('GET', tokenPaths.serviceApplication),
    call('GET', tokenPaths.servicePdf),
    call('GET', '/service/document/:key', undefined, `/service/document/${encodeURIComponent(UPLOAD_KEY)}`),
    call('GET', tokenPaths.prefill),
    call('POST', tokenPaths.adminServiceTokens, { username: victim.username }),
    call('POST', tokenPaths.adminPrefillTokens, { answers: { first_name: 'Mallory' } }),
    call('POST', tokenPaths.adminMailBounces, { bounce: `Final-Recipient: rfc822; ${victim.username}` }),
    // Letters of recommendation (issue 28): the applicant's behind the session; the recommender's by a token in the path, never with a session.
    call('GET', recommendationPaths.applicantList),
    call('POST', recommendationPaths.applicantList, { name: 'Mallory', email: uniqueEmail('mallory'), relationship: 'Intruder' }),
    call('PUT', recommendationPaths.applicantRequest, { name: 'Mallory', email: uniqueEmail('mallory'), relationship: 'Intruder' }, fillPath(recommendationPaths.applicantRequest, { id: victim.accountId })),
    call('DELETE', recommendationPaths.applicantRequest, undefined, fillPath(recommendationPaths.applicantRequest, { id: victim.accountId })),
    call('POST', recommendationPaths.applicantResend, {}, fillPath(recommendationPaths.applicantResend, { id: victim.accountId })),
    call('GET', recommendationPaths.recommender, undefined, fillPath(recommendationPaths.recommender, { token: 'A'.repeat(43) })),
    call('POST', recommendationPaths.recommenderOpened, {}, fillPath(recommendationPaths.recommenderOpened, { token: 'A'.repeat(43) })),
    call('POST', recommendationPaths.recommenderLetter, { letter_text: 'Mallory is great.' }, fillPath(recommendationPaths.recommenderLetter, { token: 'A'.repeat(43) })),
    call('POST', recommendationPaths.recommenderLetterUpload, {}, fillPath(recommendationPaths.recommenderLetterUpload, { token: 'A'.repeat(43) })),
    call('POST', recommendationPaths.recommenderLetterFile, { file_key: victim.fileKey, file_name: 'letter.pdf' }, fillPath(recommendationPaths.recommenderLetterFile, { token: 'A'.repeat(43) })),
    call('GET', recommendationPaths.recommenderLetterFile, undefined, fillPath(recommendationPaths.recommenderLetterFile, { token: 'A'.repeat(43) })),
    // Staff (issue 19): logins and invitations without a session, the rest behind a staff session only.
    call('POST', staffPaths.login, { email: victim.username, password: WRONG_PASSWORD, code: '123456' }),
    call('POST', staffPaths.invitation, { id: 'A'.repeat(43) }),
    call('POST', staffPaths.enrol, { id: 'A'.repeat(43), password: NEW_PASSWORD, code: '123456' }),
    call('GET', staffPaths.me),
    call('POST', staffPaths.keepAlive, {}),
    call('POST', staffPaths.password, { current_password: GOOD_PASSWORD, password: NEW_PASSWORD }),
    call('POST', staffPaths.logout, {}),
    call('GET', staffPaths.applications, undefined, `${staffPaths.applications}?q=${encodeURIComponent(victim.username)}`),
    call('GET', staffParamPaths.application, undefined, fillPath(staffParamPaths.application, { id: victim.accountId })),
    call('GET', staffParamPaths.applicationPdf, undefined, fillPath(staffParamPaths.applicationPdf, { id: victim.accountId })),
    call('GET', staffParamPaths.applicationDocument, undefined, fillPath(staffParamPaths.applicationDocument, { id: victim.accountId, key: UPLOAD_KEY })),
    call('GET', staffPaths.accessLog, undefined, `${staffPaths.accessLog}?applicant=${encodeURIComponent(victim.username)}`),
    call('GET', staffPaths.exportCsv, undefined, `${staffPaths.exportCsv}?from=2000-01-01&to=2100-01-01`),
    call('GET', staffPaths.exportJson, undefined, `${staffPaths.exportJson}?from=2000-01-01&to=2100-01-01`),
    call('GET', staffPaths.exportPdfs, undefined, `${staffPaths.exportPdfs}?from=2000-01-01&to=2100-01-01`),
    call('GET', staffPaths.serviceLinks),
    call('POST', staffPaths.serviceLinks, { application_id: victim.accountId }),
    call('DELETE', staffParamPaths.serviceLink, undefined, fillPath(staffParamPaths.serviceLink, { id: 'A'.repeat(43) })),
    call('POST', staffParamPaths.sensitiveAnswer, { reason: 'The financial aid office asked for it.' }, fillPath(staffParamPaths.sensitiveAnswer, { id: victim.accountId, key: 'ssn' })),

    call('GET', staffPaths.deletionRequests),
    call('GET', staffPaths.dataExpiry),
    call('POST', staffParamPaths.completeDeletion, {}, fillPath(staffParamPaths.completeDeletion, { id: victim.accountId })),
    // The checklist (issue 28 items 1 and 4): the applicant's own, after submission; staff records behind a staff session only.
    call('GET', checklistPaths.applicant),
    call('POST', checklistPaths.applicantDocument, { file_key: victim.fileKey, file_name: 'resume.pdf' }, fillPath(checklistPaths.applicantDocument, { key: 'resume' })),
    call('GET', checklistPaths.applicantDocument, undefined, fillPath(checklistPaths.applicantDocument, { key: 'resume' })),
    call('PUT', staffChecklistPaths.fee, { state: 'paid' }, fillPath(staffChecklistPaths.fee, { id: victim.accountId })),
    call('PUT', staffChecklistPaths.transcript, { state: 'received' }, fillPath(staffChecklistPaths.transcript, { id: victim.accountId, slot: '1' })),
    call('PUT', staffChecklistPaths.document, { state: 'received' }, fillPath(staffChecklistPaths.document, { id: victim.accountId, key: 'resume' })),
    call('DELETE', staffChecklistPaths.recommendation, undefined, fillPath(staffChecklistPaths.recommendation, { id: victim.accountId, request: victim.accountId })),
    // The local store's bucket stand-in: multipart, any origin, the signed policy is its authorization.
    call('POST', LOCAL_UPLOAD_PATH, { key: victim.fileKey }),
    // Last: it ends the caller's own session.
    call('GET', apiPaths.logout),
  ];
}

/** A client that records every answer, so the secrets check can read them all. */
class RecordingClient extends ApiClient {
  constructor(
    baseUrl: string,
    private readonly seen: { label: string; text: string }[],
    origin?: string,
  ) {
    super(baseUrl, origin);
  }

  override async request<T>(method: string, pathCalled: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const response = await super.request<T>(method, pathCalled, body, headers);
    const shownHeaders = [...response.headers].filter(([name]) => name !== 'set-cookie');
    this.seen.push({ label: `${method} ${pathCalled.split('?')[0]}`, text: JSON.stringify([response.status, shownHeaders, response.body]) });
    return response;
  }
}

describe.each(dialects)('security matrix on %s', (dialect) => {
  let server: TestServer;
  let victim: ApiClient;
  let other: ApiClient;
  let victimUsername: string;
  let otherUsername: string;
  let victimId: string;
  let victimFileKey: string;
  let otherServiceToken: string;
  let prefillToken: string;
  const victimMarker = `Victimia${randomToken().slice(0, 10).replace(/[^A-Za-z0-9]/g, 'x')}`;
  const otherMarker = `Othello${randomToken().slice(0, 10).replace(/[^A-Za-z0-9]/g, 'x')}`;
  const victimFileName = 'victim-statement.pdf';
  const logs = logCapture();
  const responses: { label: string; text: string }[] = [];
  const rendererDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradapp-matrix-renderer-'));

  async function mint(adminPath: string, body: unknown, param: string): Promise<string> {
    const minted = await new ApiClient(server.baseUrl).request<MintedTokenResponse>('POST', adminPath, body, { authorization: `Bearer ${ADMIN_KEY}` });
    expect(minted.status).toBe(201);
    return new URL(minted.body.url).searchParams.get(param)!;
  }

  /** Everything stored about the victim's application and account. */
  async function snapshot(accountId = victimId) {
    const store = server.store;
    return {
      account: await store.accounts.findById(accountId),
      answers: await store.answers.list(accountId),
      history: (await store.answers.history(accountId)).length,
      validations: await store.answers.validationErrors(accountId),
      documents: await store.conversions.documentAnswers(accountId),
      conversion: await store.conversions.find(accountId, UPLOAD_KEY),
      tabs: await store.formState.tabs(accountId),
      addAnother: await store.formState.addAnotherCounts(accountId),
      webStatus: await store.applications.listWebStatus(accountId),
      lastPage: await store.applications.getLastPage(accountId),
      logins: await store.accounts.listLogins(accountId),
      submission: await store.submissions.find(accountId),
      applicationPdfs: [await store.applicationPdfs.find(accountId, 'applicant'), await store.applicationPdfs.find(accountId, 'office')],
      recommendations: await store.recommendations.listFor(accountId),
      deletionRequest: await store.applicantData.findRequest(accountId),
      purges: await store.applicantData.purges(accountId),
    };
  }

  /** Nothing of the victim's in an answer. */
  function expectNoVictimData(label: string, response: ApiResponse<unknown>): void {
    const text = JSON.stringify([[...response.headers].filter(([name]) => name !== 'set-cookie'), response.body]);
    for (const secret of [victimMarker, victimUsername, victimId, victimFileKey, victimFileName]) {
      expect(text.includes(secret), `${label} answered with the victim's ${secret}`).toBe(false);
    }
  }

  beforeAll(async () => {
    fs.mkdirSync(path.join(rendererDir, 'assets'));
    fs.writeFileSync(
      path.join(rendererDir, 'index.html'),
      '<!doctype html><html><head><meta name="gradapp-cookie-prefix" content="gradapp-idp" /></head><body></body></html>',
    );
    server = await startTestServer(dialect, {
      env: { ADMIN_API_KEY: ADMIN_KEY, SESSION_IDLE_MINUTES: String(IDLE_MINUTES), RENDERER_DIR: rendererDir },
      conversions: true,
      rateLimits: limits,
      logDestination: logs.stream,
    });
    victimUsername = uniqueEmail('victim');
    otherUsername = uniqueEmail('other');
    victim = await loggedInApplicant(server, victimUsername);
    other = await loggedInApplicant(server, otherUsername);
    victimId = (await server.store.accounts.findByUsername(victimUsername))!.id;

    expect((await victim.put(apiPaths.answer, { first_name: victimMarker, last_name: 'Victim' })).status).toBe(200);
    expect((await victim.post(apiPaths.webStatus, { web_status: 'started' })).status).toBe(200);
    expect((await victim.put(apiPaths.lastPage, { last_page: '/about' })).status).toBe(200);
    expect((await victim.put(apiPaths.tabs, { tab_id: 'personal_statement', chosen_tab: 'upload' })).status).toBe(200);
    expect((await victim.put(apiPaths.addAnother, { button_id: 'college', num_components: 2 })).status).toBe(200);
    expect((await victim.post(apiPaths.validations, { last_name: ['A victim message.'] })).status).toBe(200);
    victimFileKey = await uploadFile(server, victim, UPLOAD_KEY, await buildPdf(['The victim statement.']));
    expect((await victim.post(conversionPath(UPLOAD_KEY), { file_key: victimFileKey, file_name: victimFileName })).status).toBe(202);
    const { status } = await untilEnded(async () => (await victim.get<ConversionStatusResponse>(conversionPath(UPLOAD_KEY))).body, conversionEnded, CONVERSION_END_BOUND_MS, 100);
    expect(status).toBe('COMPLETED');

    expect((await other.put(apiPaths.answer, { first_name: otherMarker })).status).toBe(200);
    otherServiceToken = await mint(tokenPaths.adminServiceTokens, { username: otherUsername }, 'service_token');
    prefillToken = await mint(tokenPaths.adminPrefillTokens, { answers: { first_name: 'Prefilled' } }, 'token');
  }, CONVERSION_END_BOUND_MS + 30_000);
  afterAll(async () => {
    await server.close();
    fs.rmSync(rendererDir, { recursive: true, force: true });
  });

  it('has a row in the table for every route the app registers', () => {
    const app = createApp({ config: server.config, store: server.store, objects: server.objects, logger: createLogger('silent') });
    const table = [...new Set(routeTable({ username: 'x@example.edu', fileKey: 'k', accountId: '00000000-0000-4000-8000-000000000000' }).map((call) => `${call.method} ${call.route}`))].sort();
    expect(table).toEqual(registeredRoutes(app));
  });

  type Intruder = 'other' | 'none' | 'service' | 'prefill';

  async function runMatrix(intruder: Intruder, client: ApiClient, extraHeaders: () => Record<string, string>, query = '') {
    const before = await snapshot();
    for (const call of routeTable({ username: victimUsername, fileKey: victimFileKey, accountId: victimId })) {
      const label = `${intruder}: ${call.method} ${call.path}`;
      const pathCalled = query ? `${call.path}${call.path.includes('?') ? '&' : '?'}${query}` : call.path;
      const response = await client.request(call.method, pathCalled, call.body, extraHeaders());
      expect(response.status, label).toBeLessThan(500);
      expectNoVictimData(label, response);
      if (call.route.startsWith('/api/') && intruder !== 'other') expect(response.status, label).toBe(401);
      // An applicant's session is no staff session.
      if (call.route.startsWith('/api/staff/')) expect(response.status, label).toBe(401);
      if (call.route.startsWith('/admin/')) expect(response.status, label).toBe(401);
      // The victim's upload key, named by someone else, is not theirs to convert.
      if (intruder === 'other' && call.method === 'POST' && call.route === '/api/pdf/document-answer/:key') expect(response.status, label).toBe(400);
      if (intruder === 'other' && call.route === `${apiPaths.pdf}/file/:id`) expect(response.status, label).toBe(404);
      if (call.route.startsWith('/service/')) {
        const expected = intruder === 'service' ? { [tokenPaths.serviceApplication]: 200, [tokenPaths.servicePdf]: 202 }[call.route] ?? 404 : intruder === 'prefill' ? 401 : 400;
        expect(response.status, label).toBe(expected);
        if (intruder === 'service' && call.route === tokenPaths.serviceApplication) {
          // The token works, for its own application only: the other applicant's answers as stored now.
          const otherId = (await server.store.accounts.findByUsername(otherUsername))!.id;
          expect((response.body as { answer: unknown }).answer).toEqual(await server.store.answers.list(otherId));
        }
      }
      if (call.route === tokenPaths.prefill) expect(response.status, label).toBe(intruder === 'prefill' ? 200 : intruder === 'service' ? 404 : 400);

      // The routers match paths whatever their case: the guards must as well (a GET of /API/... is the SPA's page).
      const shouted = pathCalled.replace(/^\/[a-z]+\//, (prefix) => prefix.toUpperCase());
      const variant = await client.request(call.method, shouted, call.body, extraHeaders());
      expect(variant.status, `${label} as ${shouted}`).toBeLessThan(500);
      expectNoVictimData(`${label} as ${shouted}`, variant);
      if (call.route.startsWith('/api/') && call.method !== 'GET' && intruder !== 'other') expect(variant.status, `${label} as ${shouted}`).toBe(401);
    }
    expect(await snapshot(), `${intruder} changed the victim's application`).toEqual(before);
  }

  it("another applicant's session gets nothing of the victim's application and changes nothing", async () => {
    await runMatrix('other', other, () => ({}));
    // The intruder's writes went to their own application, which shows the matrix really wrote.
    const otherId = (await server.store.accounts.findByUsername(otherUsername))!.id;
    expect((await server.store.answers.list(otherId)).first_name).toBe('Mallory');
  });

  it('no session gets 401 on every /api call and changes nothing', async () => {
    await runMatrix('none', new RecordingClient(server.baseUrl, responses), () => ({}));
  });

  it("a service token for another application, in the query, a Bearer header or the session cookie, opens nothing of the victim's", async () => {
    const token = otherServiceToken;
    // In the query under both names, as a Bearer header and as the session cookie's value.
    const cookie = `${server.config.cookiePrefix}.session=${token}`;
    await runMatrix('service', new RecordingClient(server.baseUrl, responses), () => ({ authorization: `Bearer ${token}`, cookie }), `service_token=${token}&token=${token}`);
  });

  it('a prefill token, in the query, a Bearer header or the session cookie, opens nothing', async () => {
    const token = prefillToken;
    // In the query under both names, as a Bearer header and as the session cookie's value.
    const cookie = `${server.config.cookiePrefix}.session=${token}`;
    await runMatrix('prefill', new RecordingClient(server.baseUrl, responses), () => ({ authorization: `Bearer ${token}`, cookie }), `service_token=${token}&token=${token}`);
  });

  it('refuses state-changing calls without a JSON content type (415) or from a foreign Origin (403), changing nothing', async () => {
    const before = await snapshot();
    const foreign = new ApiClient(server.baseUrl, 'https://evil.example');
    for (const [name, value] of victim.cookies) foreign.cookies.set(name, value);
    const calls = routeTable({ username: victimUsername, fileKey: victimFileKey, accountId: victimId }).filter(
      (call) => call.method !== 'GET' && call.route !== LOCAL_UPLOAD_PATH,
    );
    expect(calls.length).toBeGreaterThan(15);
    for (const call of calls) {
      const label = `${call.method} ${call.path}`;
      // The bounce route takes a mail (text/plain or message/rfc822), never a browser's form: it needs the
      // admin key's Authorization header, which no cross-site page can send without a preflight.
      if (call.body !== undefined && call.route !== tokenPaths.adminMailBounces) {
        const plain = await victim.request(call.method, call.path, JSON.stringify(call.body), { 'content-type': 'text/plain' });
        expect(plain.status, `text/plain ${label}`).toBe(415);
        const form = await victim.request(call.method, call.path, new URLSearchParams({ a: 'b' }).toString(), {
          'content-type': 'application/x-www-form-urlencoded',
        });
        expect(form.status, `form ${label}`).toBe(415);
      }
      const cross = await foreign.request(call.method, call.path, call.body, { authorization: `Bearer ${ADMIN_KEY}` });
      expect(cross.status, `foreign origin ${label}`).toBe(403);
      const crossSite = await victim.request(call.method, call.path, call.body, { 'sec-fetch-site': 'cross-site' });
      expect(crossSite.status, `cross-site ${label}`).toBe(403);
    }
    // A cross-site GET of logout does not end the session either.
    expect((await victim.request('GET', apiPaths.logout, undefined, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await victim.get(apiPaths.profile)).status).toBe(200);
    const after = await snapshot();
    expect(after).toEqual(before);
  });

  it('sends the security headers and CSP on every kind of response', async () => {
    const client = new ApiClient(server.baseUrl);
    const answers = [
      ['JSON', await victim.get(apiPaths.profile)],
      ['error', await client.get(apiPaths.profile)],
      ['bad request', await client.get(tokenPaths.serviceApplication)],
      ['SPA', await client.get('/about')],
      ['SPA root', await client.get('/')],
      ['API 404', await client.get('/api/no-such-thing')],
      ['404', await client.get('/no-such-file.png')],
      ['405', await client.request('DELETE', apiPaths.health)],
      ['415', await client.request('POST', apiPaths.login, 'x', { 'content-type': 'text/plain' })],
      ['403', await new ApiClient(server.baseUrl, 'https://evil.example').post(apiPaths.login, {})],
      ['health', await client.get(apiPaths.health)],
    ] as const;
    expect(answers.find(([name]) => name === 'SPA')![1].headers.get('content-type')).toMatch(/text\/html/);
    for (const [name, response] of answers) {
      const headers = response.headers;
      expect(headers.get('content-security-policy'), name).toMatch(/default-src 'self'.*frame-ancestors 'none'/);
      expect(headers.get('content-security-policy'), name).toMatch(/object-src 'none'/);
      expect(headers.get('x-content-type-options'), name).toBe('nosniff');
      expect(headers.get('x-frame-options'), name).toBe('DENY');
      expect(headers.get('referrer-policy'), name).toBe('no-referrer');
      expect(headers.get('cross-origin-opener-policy'), name).toBe('same-origin');
      expect(headers.get('cross-origin-resource-policy'), name).toBe('same-origin');
      expect(headers.get('permissions-policy'), name).toContain('camera=()');
      expect(headers.get('strict-transport-security'), name).toBeNull();
    }
  });

  it('marks the session cookie HttpOnly and both cookies SameSite=Lax, at login and at logout', async () => {
    const username = uniqueEmail('cookies');
    const client = await loggedInApplicant(server, username);
    const login = await new ApiClient(server.baseUrl).post(apiPaths.login, { username, password: GOOD_PASSWORD });
    const logout = await client.get(apiPaths.logout);
    for (const response of [login, logout]) {
      const cookies = response.headers.getSetCookie();
      expect(cookies).toHaveLength(2);
      const session = cookies.find((cookie) => /\.session=/.test(cookie))!;
      const presence = cookies.find((cookie) => /\.presence=/.test(cookie))!;
      expect(session).toMatch(/;\s*httponly/i);
      expect(presence).not.toMatch(/;\s*httponly/i);
      for (const cookie of cookies) {
        expect(cookie).toMatch(/;\s*samesite=lax/i);
        expect(cookie).toMatch(/;\s*path=\//i);
        expect(cookie).not.toMatch(/;\s*secure/i);
      }
    }
  });

  it('stops guessing of passwords, confirmation codes and reset ids with 429, even for the right secret', async () => {
    const username = uniqueEmail('brute');
    const client = new RecordingClient(server.baseUrl, responses);
    expect((await client.post(apiPaths.signup, { username, password: GOOD_PASSWORD })).status).toBe(201);
    const code = latestCode(await server.outbox(), username);
    const wrongCode = code === '123456' ? '654321' : '123456';
    for (let attempt = 0; attempt < limits.confirm.account.max; attempt += 1) {
      expect((await client.post(apiPaths.confirm, { username, code: wrongCode })).status).toBe(400);
    }
    const blockedConfirm = await client.post(apiPaths.confirm, { username, code });
    expect(blockedConfirm.status).toBe(429);
    expect(Number(blockedConfirm.headers.get('retry-after'))).toBeGreaterThan(0);

    // Login: the account is unconfirmed (403 with the right password), but guessing is stopped too.
    for (let attempt = 0; attempt < limits.login.account.max; attempt += 1) {
      expect((await client.post(apiPaths.login, { username, password: `${WRONG_PASSWORD}${attempt}` })).status).toBe(400);
    }
    expect((await client.post(apiPaths.login, { username, password: GOOD_PASSWORD })).status).toBe(429);
    expect(client.cookies.size).toBe(0);

    expect((await client.post(apiPaths.forgotPassword, { username })).status).toBe(200);
    const id = latestResetLink(await server.outbox(), username).searchParams.get('id')!;
    expect(id).toBeTruthy();
    for (let attempt = 0; attempt < limits.reset.account.max; attempt += 1) {
      const guess = await client.post(apiPaths.resetPassword, { username, password: NEW_PASSWORD, id: randomToken() });
      expect(guess.status).toBe(400);
    }
    expect((await client.post(apiPaths.resetPassword, { username, password: NEW_PASSWORD, id })).status).toBe(429);

    // None of it went through: the password and the confirmation are unchanged.
    server.advance(WINDOW);
    try {
      expect((await client.post(apiPaths.login, { username, password: NEW_PASSWORD })).status).toBe(400);
      expect((await client.post(apiPaths.login, { username, password: GOOD_PASSWORD })).status).toBe(403);
    } finally {
      server.advance(-WINDOW);
    }
  });

  it('keeps passwords, codes, reset ids, session and access tokens out of every answer and every log line', async () => {
    const username = uniqueEmail('secrets');
    const client = new RecordingClient(server.baseUrl, responses);
    await client.post(apiPaths.signup, { username, password: GOOD_PASSWORD });
    const code = latestCode(await server.outbox(), username);
    await client.post(apiPaths.confirm, { username, code: code === '111111' ? '222222' : '111111' });
    expect((await client.post(apiPaths.confirm, { username, code })).status).toBe(200);
    await client.post(apiPaths.login, { username, password: WRONG_PASSWORD });
    expect((await client.post(apiPaths.login, { username, password: GOOD_PASSWORD })).status).toBe(200);
    const sessionToken = [...client.cookies].find(([name]) => name.endsWith('.session'))![1];
    await client.get(apiPaths.profile);
    await client.post(apiPaths.forgotPassword, { username });
    const id = latestResetLink(await server.outbox(), username).searchParams.get('id')!;
    expect((await client.post(apiPaths.resetPassword, { username, password: NEW_PASSWORD, id })).status).toBe(200);
    await client.post(apiPaths.resetPassword, { username, password: NEW_PASSWORD, id }); // used twice
    await client.get(`/reset?username=${encodeURIComponent(username)}&id=${id}`);
    await client.get(`${tokenPaths.serviceApplication}?service_token=${otherServiceToken}`);
    await client.get(`${tokenPaths.prefill}?token=${prefillToken}`);
    await client.get(`/?service_token=${otherServiceToken}`);
    await client.get(`/about?token=${prefillToken}`);
    await client.request('POST', tokenPaths.adminServiceTokens, { username }, { authorization: `Bearer ${ADMIN_KEY.slice(0, -1)}x` });

    const secrets = {
      password: GOOD_PASSWORD,
      'new password': NEW_PASSWORD,
      'wrong password': WRONG_PASSWORD,
      'confirmation code': code,
      'reset id': id,
      'session token': sessionToken,
      'service token': otherServiceToken,
      'prefill token': prefillToken,
      'admin key': ADMIN_KEY,
    };
    expect(responses.length).toBeGreaterThan(50);
    for (const { label, text } of responses) {
      for (const [name, secret] of Object.entries(secrets)) {
        expect(text.includes(secret), `${label} answered with the ${name}`).toBe(false);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logs.lines.length).toBeGreaterThan(50);
    const log = logs.lines.join('');
    for (const [name, secret] of Object.entries(secrets)) expect(log.includes(secret), `the log holds the ${name}`).toBe(false);
    for (const secret of [victimMarker, victimFileKey]) expect(log.includes(secret), 'the log holds application data').toBe(false);
  });

  // Last: it moves the clock past the idle limit, which ends every session of this server.
  it("an expired session of the victim's own gets 401 everywhere and changes nothing", async () => {
    const calls = routeTable({ username: victimUsername, fileKey: victimFileKey, accountId: victimId });
    const now = Date.now(); // the server's clock: every earlier advance has been undone
    // One real session per call (the first use of an expired session deletes it), made now and left idle.
    const tokens = calls.map(() => randomToken());
    for (const token of tokens) {
      await server.store.sessions.create({ id_hash: hashSecret('session', token), account_id: victimId, created_at: now, last_seen_at: now, expires_at: now + 12 * 3_600_000 });
    }
    const cookieName = [...victim.cookies.keys()].find((name) => name.endsWith('.session'))!;
    const liveCookie = victim.cookieHeader();
    server.advance((IDLE_MINUTES + 1) * 60_000);
    try {
      const before = await snapshot();
      const client = new RecordingClient(server.baseUrl, responses);
      for (const [index, call] of calls.entries()) {
        const label = `expired: ${call.method} ${call.path}`;
        const response = await client.request(call.method, call.path, call.body, { cookie: `${cookieName}=${tokens[index]}` });
        expect(response.status, label).toBeLessThan(500);
        expectNoVictimData(label, response);
        if (call.route.startsWith('/api/')) {
          expect(response.status, label).toBe(401);
          // Both cookies are cleared (the staff calls never read the applicants' cookies).
          if (!call.route.startsWith('/api/staff/')) expect(response.headers.getSetCookie().join('\n'), label).toMatch(/\.session=;.*expires=Thu, 01 Jan 1970/i);
        }
      }
      // The victim's own session from login is gone as well.
      expect((await client.request('GET', apiPaths.profile, undefined, { cookie: liveCookie })).status).toBe(401);
      expect(await snapshot()).toEqual(before);
    } finally {
      server.advance(-(IDLE_MINUTES + 1) * 60_000);
    }
  });
});

describe.each(dialects)('cookies behind https on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { PUBLIC_URL: 'https://apply.example.edu' } });
  });
  afterAll(() => server.close());

  it('marks both cookies Secure (and the session one HttpOnly, both SameSite) at login and logout, with HSTS', async () => {
    const username = uniqueEmail('https');
    const client = new ApiClient(server.baseUrl);
    await client.post(apiPaths.signup, { username, password: GOOD_PASSWORD });
    await client.post(apiPaths.confirm, { username, code: latestCode(await server.outbox(), username) });
    const login = await client.post(apiPaths.login, { username, password: GOOD_PASSWORD });
    expect(login.status).toBe(200);
    const logout = await client.get(apiPaths.logout);
    const dead = await client.request('GET', apiPaths.profile, undefined, { cookie: `${server.config.cookiePrefix}.session=nonsense` });
    for (const response of [login, logout, dead]) {
      const cookies = response.headers.getSetCookie();
      expect(cookies).toHaveLength(2);
      for (const cookie of cookies) {
        expect(cookie).toMatch(/;\s*secure/i);
        expect(cookie).toMatch(/;\s*samesite=lax/i);
      }
      expect(cookies.find((cookie) => cookie.includes('.session='))).toMatch(/;\s*httponly/i);
      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    }
  });
});
