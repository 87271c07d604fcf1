import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, fillPath, paramPaths, type ErrorResponse, type PresignedUpload, type ProfileResponse } from '../../common/api';
import { checklistPaths, staffChecklistPaths } from '../../common/checklist-api';
import { recommendationPaths } from '../../common/recommendation-api';
import { staffParamPaths, staffPaths, type InboxResponse } from '../../common/staff-api';
import { tokenPaths, type MintedTokenResponse } from '../../common/token-api';
import { answerFields, isMultiLineKey } from '../../common/form/model';
import { labelOfKey } from '../../common/form/pages';
import { textCharacterMessages } from '../../common/validation/text-characters';
import { createApp } from '../../backend/app';
import { isMultiLineField, PATH_FIELD } from '../../backend/http/text-only';
import { createLogger } from '../../backend/platform/log';
import { LOCAL_UPLOAD_PATH } from '../../backend/storage/local-store';
import { GOOD_PASSWORD, loggedInApplicant, uniqueEmail } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import { ApiClient, type ApiResponse } from '../../scripts/support/http-client';
import { everyRow } from './support/every-row';
import { logCapture } from './support/log-capture';
import { registeredRoutes } from './support/registered-routes';
import { loggedInStaff } from './support/staff';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Issue 24 item 1, "text is text": every route that takes a string, sent each character that is not
 * text in each of its text parameters (body fields, query parameters, path parameters, and a query
 * parameter of its own on every route), answers 400 naming the field and stores nothing, on both
 * stores. The routes come from the app's routers; the table gives one plausible call per route and
 * a test checks it has one for every route registered, so a new route cannot be left out. Plus the
 * text that must pass (names in many scripts, emoji, an essay's tabs and line breaks), and the staff
 * inbox answering while one stored application cannot be written into it (a NUL saved before this
 * check existed).
 */

const ADMIN_KEY = 'text-is-text-admin-key-0123456789-abcdefghij';
const UPLOAD_KEY = answerFields.find((field) => field.type === 'upload')!.key;
/** A textarea the MBA reads (common/form/tenant.ts), so a save keeps it. */
const ESSAY_KEY = 'personal_statement';
const ESSAY_PROGRAM = { campus_preferrence: 'M', applied_major: 'MBA' };
const TOKEN_LIKE = 'A'.repeat(43);
const SOME_ID = '00000000-0000-4000-8000-000000000000';

/** What is never text, with how a test names it. */
const NEVER_TEXT: [string, string][] = [
  ['NUL', '\u0000'],
  ['U+0001', '\u0001'],
  ['ESC', '\u001b'],
  ['DEL', '\u007f'],
  ['CSI (C1)', '\u009b'],
];
/** Only a JSON string can carry these: a URL's percent-encoding is UTF-8, which has no lone surrogate. */
const LONE_SURROGATES: [string, string][] = [
  ['a lone high surrogate', '\ud800'],
  ['a lone low surrogate', '\udc00'],
];
/** Text of a multi-line field, not of a one-line one. */
const LINE_BREAKS: [string, string][] = [
  ['tab', '\t'],
  ['line feed', '\n'],
  ['carriage return', '\r'],
];

type Caller = 'applicant' | 'staff' | 'admin' | 'public';

interface Call {
  method: string;
  /** The route as its router registers it. */
  route: string;
  /** Values of the route's path parameters. */
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
}

/** One plausible call per route, with every text parameter it reads given a value. */
function routeTable(tokens: { service: string; prefill: string }): Call[] {
  const answers = { first_name: 'Ada', last_name: 'Lovelace', [ESSAY_KEY]: 'An essay.' };
  const range = { from: '2000-01-01', to: '2100-01-01' };
  return [
    { method: 'GET', route: apiPaths.health },
    { method: 'GET', route: apiPaths.ready },
    { method: 'POST', route: apiPaths.signup, body: { username: 'someone@example.edu', password: GOOD_PASSWORD } },
    { method: 'POST', route: apiPaths.confirm, body: { username: 'someone@example.edu', code: '123456' } },
    { method: 'POST', route: apiPaths.resendConfirm, body: { username: 'someone@example.edu' } },
    { method: 'POST', route: apiPaths.login, body: { username: 'someone@example.edu', password: GOOD_PASSWORD } },
    { method: 'POST', route: apiPaths.forgotPassword, body: { username: 'someone@example.edu' } },
    { method: 'POST', route: apiPaths.resetPassword, body: { username: 'someone@example.edu', password: GOOD_PASSWORD, id: TOKEN_LIKE } },
    { method: 'GET', route: apiPaths.lookupFind, query: { category: 'college_ceeb', text: 'State', max_results: '5' } },
    { method: 'GET', route: apiPaths.profile },
    { method: 'POST', route: apiPaths.webStatus, body: { web_status: 'started' } },
    { method: 'PUT', route: apiPaths.lastPage, body: { last_page: '/about' } },
    { method: 'PUT', route: apiPaths.answer, body: answers },
    { method: 'POST', route: apiPaths.validations, body: { first_name: ['First Name is required.'] } },
    { method: 'POST', route: apiPaths.presignedUrl, body: { answer_key: UPLOAD_KEY } },
    { method: 'GET', route: apiPaths.documentAnswers },
    { method: 'GET', route: paramPaths.conversion, params: { key: UPLOAD_KEY } },
    { method: 'POST', route: paramPaths.conversion, params: { key: UPLOAD_KEY }, body: { file_key: `uploads/${SOME_ID}`, file_name: 'statement.pdf' } },
    { method: 'DELETE', route: paramPaths.conversion, params: { key: UPLOAD_KEY } },
    { method: 'DELETE', route: paramPaths.documentAnswer, params: { key: UPLOAD_KEY } },
    { method: 'GET', route: apiPaths.tabs },
    { method: 'PUT', route: apiPaths.tabs, body: { tab_id: 'personal_statement', chosen_tab: 'text' } },
    { method: 'GET', route: apiPaths.addAnother },
    { method: 'PUT', route: apiPaths.addAnother, body: { button_id: 'college', num_components: 2 } },
    { method: 'POST', route: apiPaths.keepAlive, body: {} },
    { method: 'POST', route: apiPaths.submit, body: {} },
    { method: 'GET', route: apiPaths.pdf, query: { disposition: 'inline' } },
    { method: 'GET', route: apiPaths.myData },
    // A wrong password: were a character let through, the account would still stay.
    { method: 'POST', route: apiPaths.deleteAccount, body: { password: `${GOOD_PASSWORD}-wrong` } },
    { method: 'GET', route: paramPaths.applicationPdfFile, params: { id: SOME_ID }, query: { disposition: 'inline' } },
    { method: 'GET', route: tokenPaths.serviceApplication, query: { service_token: tokens.service } },
    { method: 'GET', route: tokenPaths.servicePdf, query: { service_token: tokens.service } },
    { method: 'GET', route: paramPaths.serviceDocument, params: { key: UPLOAD_KEY }, query: { service_token: tokens.service } },
    { method: 'GET', route: tokenPaths.prefill, query: { token: tokens.prefill } },
    { method: 'POST', route: tokenPaths.adminServiceTokens, body: { username: 'someone@example.edu', days: 3 } },
    { method: 'POST', route: tokenPaths.adminPrefillTokens, body: { answers, days: 3 } },
    // A bounce is a mail, not JSON (backend/bounces/bounce-routes.ts): what it keeps of one is cut to one line of text.
    { method: 'POST', route: tokenPaths.adminMailBounces },
    { method: 'POST', route: staffPaths.login, body: { email: 'officer@example.edu', password: GOOD_PASSWORD, code: '123456' } },
    { method: 'POST', route: staffPaths.invitation, body: { id: TOKEN_LIKE } },
    { method: 'POST', route: staffPaths.enrol, body: { id: TOKEN_LIKE, password: GOOD_PASSWORD, code: '123456' } },
    { method: 'GET', route: staffPaths.me },
    { method: 'POST', route: staffPaths.keepAlive, body: {} },
    { method: 'POST', route: staffPaths.password, body: { current_password: GOOD_PASSWORD, password: `${GOOD_PASSWORD}-new` } },
    {
      method: 'GET',
      route: staffPaths.applications,
      query: { q: 'Ada', status: 'submitted', program: 'MBA', campus: 'M', term: '2027FA', ...range, sort: 'name', order: 'asc', page: '1', page_size: '25' },
    },
    { method: 'GET', route: staffParamPaths.application, params: { id: SOME_ID } },
    { method: 'GET', route: staffParamPaths.applicationPdf, params: { id: SOME_ID }, query: { disposition: 'inline' } },
    { method: 'GET', route: staffParamPaths.applicationDocument, params: { id: SOME_ID, key: UPLOAD_KEY }, query: { disposition: 'inline' } },
    { method: 'GET', route: staffPaths.accessLog, query: { staff: 'officer@example.edu', applicant: 'someone@example.edu', page: '1', page_size: '25' } },
    { method: 'GET', route: staffPaths.exportCsv, query: { ...range, columns: 'first_name,last_name' } },
    { method: 'GET', route: staffPaths.exportJson, query: range },
    { method: 'GET', route: staffPaths.exportPdfs, query: range },
    { method: 'GET', route: staffPaths.serviceLinks },
    { method: 'POST', route: staffPaths.serviceLinks, body: { application_id: SOME_ID, days: 3 } },
    { method: 'DELETE', route: staffParamPaths.serviceLink, params: { id: TOKEN_LIKE } },
    { method: 'POST', route: staffParamPaths.sensitiveAnswer, params: { id: SOME_ID, key: 'ssn' }, body: { reason: 'The financial aid office asked for it.' } },

    { method: 'GET', route: staffPaths.deletionRequests },
    { method: 'GET', route: staffPaths.dataExpiry },
    { method: 'POST', route: staffParamPaths.completeDeletion, params: { id: SOME_ID }, body: {} },
    { method: 'GET', route: recommendationPaths.applicantList },
    { method: 'POST', route: recommendationPaths.applicantList, body: { name: 'Grace Hopper', email: 'grace@example.edu', relationship: 'Advisor' } },
    { method: 'PUT', route: recommendationPaths.applicantRequest, params: { id: SOME_ID }, body: { name: 'Grace Hopper', email: 'grace@example.edu', relationship: 'Advisor' } },
    { method: 'DELETE', route: recommendationPaths.applicantRequest, params: { id: SOME_ID } },
    { method: 'POST', route: recommendationPaths.applicantResend, params: { id: SOME_ID }, body: {} },
    { method: 'GET', route: recommendationPaths.recommender, params: { token: TOKEN_LIKE } },
    { method: 'POST', route: recommendationPaths.recommenderOpened, params: { token: TOKEN_LIKE }, body: {} },
    { method: 'GET', route: checklistPaths.applicant },
    { method: 'PUT', route: staffChecklistPaths.fee, params: { id: SOME_ID }, body: { state: 'paid' } },
    { method: 'PUT', route: staffChecklistPaths.transcript, params: { id: SOME_ID, slot: '1' }, body: { state: 'received' } },
    { method: 'PUT', route: staffChecklistPaths.document, params: { id: SOME_ID, key: 'resume' }, body: { state: 'received' } },
    { method: 'DELETE', route: staffChecklistPaths.recommendation, params: { id: SOME_ID, request: SOME_ID } },
    { method: 'POST', route: recommendationPaths.recommenderLetter, params: { token: TOKEN_LIKE }, body: { letter_text: 'A letter.' } },
    { method: 'POST', route: recommendationPaths.recommenderLetterUpload, params: { token: TOKEN_LIKE }, body: {} },
    { method: 'POST', route: recommendationPaths.recommenderLetterFile, params: { token: TOKEN_LIKE }, body: { file_key: 'uploads/x/letter.y/z', file_name: 'letter.pdf' } },
    { method: 'GET', route: recommendationPaths.recommenderLetterFile, params: { token: TOKEN_LIKE } },
    { method: 'POST', route: checklistPaths.applicantDocument, params: { key: 'resume' }, body: { file_key: 'uploads/x/checklist.resume/z', file_name: 'resume.pdf' } },
    { method: 'GET', route: checklistPaths.applicantDocument, params: { key: 'resume' } },
    // The local store's bucket stand-in reads multipart itself; its fields are signed (a changed one is refused by the signature).
    { method: 'POST', route: LOCAL_UPLOAD_PATH },
    // Last: were a character let through, these would end the sessions the calls above use.
    { method: 'POST', route: staffPaths.logout, body: {} },
    { method: 'GET', route: apiPaths.logout },
  ];
}

function callerOf(route: string): Caller {
  if (route.startsWith('/api/staff/')) return 'staff';
  if (route.startsWith('/api/')) return 'applicant';
  if (route.startsWith('/admin/')) return 'admin';
  return 'public';
}

/** One text parameter of a call, and how the refusal names it. */
interface TextParameter {
  where: 'body' | 'query' | 'path';
  /** The body's key path (dots), the query parameter, or the path parameter. */
  name: string;
  /** The field the 400's `errors` names, and the words its message names it with. */
  field: string;
  shownAs: string;
  multiLine: boolean;
}

/** The probe every route gets: a query parameter no route reads is still a string the server takes. */
const PROBE = 'probe';

function textParameters(call: Call): TextParameter[] {
  const found: TextParameter[] = [];
  const walk = (value: unknown, keyPath: string[]) => {
    if (typeof value === 'string') {
      const key = keyPath.at(-1)!;
      found.push({ where: 'body', name: keyPath.join('.'), field: keyPath.join('.'), shownAs: labelOfKey(key) ?? key, multiLine: isMultiLineField(key) });
    } else if (Array.isArray(value)) {
      value.forEach((item) => walk(item, keyPath));
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) walk(child, [...keyPath, key]);
    }
  };
  walk(call.body, []);
  for (const name of [...Object.keys(call.query ?? {}), PROBE]) found.push({ where: 'query', name, field: name, shownAs: name, multiLine: false });
  for (const name of Object.keys(call.params ?? {})) found.push({ where: 'path', name, field: PATH_FIELD, shownAs: 'The address', multiLine: false });
  return found;
}

/** The call with `text` in the one parameter (a body string is replaced wherever that key path leads). */
function withText(call: Call, parameter: TextParameter, text: string): { path: string; body?: unknown } {
  const params = { ...call.params };
  const query: Record<string, string> = { ...call.query, [PROBE]: 'x' };
  const body: unknown = call.body === undefined ? undefined : structuredClone(call.body);
  if (parameter.where === 'path') params[parameter.name] = `a${text}b`;
  if (parameter.where === 'query') query[parameter.name] = `a${text}b`;
  if (parameter.where === 'body') {
    const keys = parameter.name.split('.');
    let holder = body as Record<string, unknown>;
    for (const key of keys.slice(0, -1)) holder = holder[key] as Record<string, unknown>;
    const last = keys.at(-1)!;
    holder[last] = Array.isArray(holder[last]) ? [`a${text}b`] : `a${text}b`;
  }
  const search = new URLSearchParams(query).toString();
  return { path: `${fillPath(call.route, params)}?${search}`, body };
}

describe.each(dialects)('text is text on %s', (dialect) => {
  let server: TestServer;
  let applicant: ApiClient;
  let applicantName: string;
  let staff: ApiClient;
  let tokens: { service: string; prefill: string };
  const logs = logCapture();

  const clients = (): Record<Caller, { client: ApiClient; headers: Record<string, string> }> => ({
    applicant: { client: applicant, headers: {} },
    staff: { client: staff, headers: {} },
    admin: { client: new ApiClient(server.baseUrl), headers: { authorization: `Bearer ${ADMIN_KEY}` } },
    public: { client: new ApiClient(server.baseUrl), headers: {} },
  });

  async function mint(adminPath: string, body: unknown, param: string): Promise<string> {
    const minted = await new ApiClient(server.baseUrl).request<MintedTokenResponse>('POST', adminPath, body, { authorization: `Bearer ${ADMIN_KEY}` });
    expect(minted.status).toBe(201);
    return new URL(minted.body.url).searchParams.get(param)!;
  }

  /** Every row of every table: a refused request must leave all of them as they were. */
  async function everything(): Promise<string> {
    await server.outbox();
    return JSON.stringify(await everyRow(server.database));
  }

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { ADMIN_API_KEY: ADMIN_KEY }, logDestination: logs.stream });
    applicantName = uniqueEmail('text');
    applicant = await loggedInApplicant(server, applicantName);
    expect((await applicant.put(apiPaths.answer, { first_name: 'Ada', last_name: 'Lovelace' })).status).toBe(200);
    ({ client: staff } = await loggedInStaff(server, 'admin'));
    tokens = {
      service: await mint(tokenPaths.adminServiceTokens, { username: applicantName }, 'service_token'),
      prefill: await mint(tokenPaths.adminPrefillTokens, { answers: { first_name: 'Prefilled' } }, 'token'),
    };
  }, 60_000);
  afterAll(() => server.close());

  it('has a call in the table for every route the app registers', () => {
    const app = createApp({ config: server.config, store: server.store, objects: server.objects, logger: createLogger('silent') });
    const table = [...new Set(routeTable(tokens).map((call) => `${call.method} ${call.route}`))].sort();
    expect(table).toEqual(registeredRoutes(app));
  });

  it('refuses an object key that is not text, naming it', async () => {
    const response = await applicant.put<ErrorResponse>(apiPaths.answer, { first_name: 'Ada', 'last\u0000name': 'Lovelace' });
    expect(response.status).toBe(400);
    expect(response.body.errors?.['last\u0000name']).toEqual([textCharacterMessages.notAllowed('last\u0000name')]);
    expect((await applicant.get<ProfileResponse>(apiPaths.profile)).body.answer.first_name).toBe('Ada');
  });

  it('says which field, by its question label, when an answer holds a NUL', async () => {
    const response = await applicant.put<ErrorResponse>(apiPaths.answer, { middle_name: 'x\u0000' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Middle Name contains a character that is not allowed.');
    expect(response.body.errors).toEqual({ middle_name: ['Middle Name contains a character that is not allowed.'] });
    expect((await applicant.get<ProfileResponse>(apiPaths.profile)).body.answer.middle_name ?? null).toBeNull();
  });

  it('refuses a character that is not text in a field of the upload form (multipart), naming it', async () => {
    const presigned = await applicant.post<PresignedUpload>(apiPaths.presignedUrl, { answer_key: UPLOAD_KEY });
    expect(presigned.status).toBe(200);
    for (const [name, value] of Object.entries(presigned.body.fields)) {
      for (const [what, text] of [...NEVER_TEXT, ...LINE_BREAKS]) {
        const form = new FormData();
        for (const [other, otherValue] of Object.entries(presigned.body.fields)) form.append(other, other === name ? `${value}${text}` : otherValue);
        form.append('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.4'))]), 'upload.pdf');
        const response = await fetch(presigned.body.url, { method: 'POST', body: form, headers: { origin: server.origin } });
        const body = (await response.json()) as ErrorResponse;
        expect({ what, name, status: response.status, errors: body.errors }).toEqual({ what, name, status: 400, errors: { [name.toLowerCase()]: [textCharacterMessages.notAllowed(name.toLowerCase())] } });
      }
    }
  });

  it('takes text in any script, emoji (surrogate pairs) and an essay with tabs and line breaks', async () => {
    expect(isMultiLineKey(ESSAY_KEY)).toBe(true);
    const names = {
      ...ESSAY_PROGRAM,
      first_name: 'Zoë 小明 Łukasz',
      middle_name: 'Ἀριστοτέλης Мария',
      last_name: 'العربية עברית हिन्दी 😀👩🏽‍🎓',
      [ESSAY_KEY]: 'First paragraph.\n\n\tIndented line,\r\nwith a CRLF and an emoji 🎓.',
    };
    const saved = await applicant.put(apiPaths.answer, names);
    expect(saved.status).toBe(200);
    expect((await applicant.get<ProfileResponse>(apiPaths.profile)).body.answer).toMatchObject(names);
    const search = await staff.get<InboxResponse>(`${staffPaths.applications}?q=${encodeURIComponent('小明')}`);
    expect(search.status).toBe(200);
    expect(search.body.rows.map((row) => row.email)).toContain(applicantName);
    const lookup = await new ApiClient(server.baseUrl).get(`${apiPaths.lookupFind}?category=college_ceeb&text=${encodeURIComponent('Zoë 😀')}`);
    expect(lookup.status).toBe(200);
  });

  it('keeps the staff inbox answering when one stored application cannot be written into it (a NUL saved before this check)', async () => {
    const id = randomUUID();
    const email = uniqueEmail('nul-stored');
    const now = server.clock();
    await server.store.accounts.create({ id, username: email, password_hash: 'x', confirmed_at: now, created_at: now, updated_at: now });
    // Straight into the store, as a save before the check could: PostgreSQL text cannot hold U+0000.
    await server.store.answers.merge(id, { first_name: 'Nul', middle_name: 'x\u0000' }, 'applicant', now);
    const list = await staff.get<InboxResponse>(`${staffPaths.applications}?page_size=100`);
    expect(list.status).toBe(200);
    expect(list.body.rows.map((row) => row.email)).toContain(applicantName);
    const row = list.body.rows.find((candidate) => candidate.email === email);
    if (dialect === 'postgres') {
      // Refused as it is, logged, and written with what is not text shown as U+FFFD: the applicant stays in the inbox.
      expect(logs.entries().some((entry) => entry.accountId === id && entry.level === 40)).toBe(true);
      expect(row?.name).toBe('Nul x\ufffd');
    } else {
      expect(row?.name).toBe('Nul x\u0000');
    }
    // Again, and the application itself: the row never takes the inbox down.
    expect((await staff.get<InboxResponse>(staffPaths.applications)).status).toBe(200);
    expect((await staff.get(fillPath(staffParamPaths.application, { id }))).status).toBe(200);
    // Submitted, it is exported like any other.
    expect((await server.store.submissions.submit(id, server.clock(), () => ({}))).kind).toBe('submitted');
    for (const exportPath of [staffPaths.exportCsv, staffPaths.exportJson]) {
      const exported = await staff.get(`${exportPath}?from=2000-01-01&to=2100-01-01`);
      expect(exported.status, exportPath).toBe(200);
      expect(JSON.stringify(exported.body), exportPath).toContain(email);
    }
    expect((await staff.get<InboxResponse>(`${staffPaths.applications}?status=submitted&page_size=100`)).body.rows.map((candidate) => candidate.email)).toContain(email);
  });

  // Last: were a character let through, some of its calls would end the sessions (the logouts).
  it('refuses every character that is not text in every text parameter of every route: 400 naming the field, nothing stored', async () => {
    const before = await everything();
    const wrong: string[] = [];
    const serverErrors: string[] = [];
    let sent = 0;
    for (const call of routeTable(tokens)) {
      const { client, headers } = clients()[callerOf(call.route)];
      for (const parameter of textParameters(call)) {
        const hostile = [...NEVER_TEXT, ...(parameter.where === 'body' ? LONE_SURROGATES : []), ...(parameter.multiLine ? [] : LINE_BREAKS)];
        for (const [what, text] of hostile) {
          const { path, body } = withText(call, parameter, text);
          const label = `${call.method} ${call.route} ${parameter.where} ${parameter.name} with ${what}`;
          sent += 1;
          let response: ApiResponse<ErrorResponse>;
          try {
            response = await client.request<ErrorResponse>(call.method, path, body, headers);
          } catch (error) {
            serverErrors.push(`${label}: ${(error as Error).message}`); // the client throws on a 5xx
            continue;
          }
          const named = textCharacterMessages.notAllowed(parameter.shownAs);
          if (response.status !== 400) wrong.push(`${label}: ${response.status} ${JSON.stringify(response.body)}`);
          else if (response.body.errors?.[parameter.field]?.[0] !== named || !response.body.message.includes(parameter.shownAs)) {
            wrong.push(`${label}: ${JSON.stringify(response.body)}`);
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(300);
    expect(serverErrors).toEqual([]);
    expect(wrong).toEqual([]);
    expect(await everything()).toBe(before);
  }, 300_000);
});
