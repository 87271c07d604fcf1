import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PresignedUpload } from '../../common/api';
import { answerFields } from '../../common/form/model';
import { loggedInApplicant, uniqueEmail } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import {
  PROTOTYPE_KEYS,
  anyValue,
  deepJsonText,
  extraEntries,
  foreignOrigin,
  hostileString,
  invalidBody,
  invalidJsonText,
  nonString,
  objectText,
  oddQueryValue,
  wrongContentType,
} from './support/fuzz-arbitraries';
import { accountCount, describeRequest, firstRawAnswer, refusalProblem, send, sendRaw, type FuzzRequest } from './support/fuzz-http';
import { ApiClient } from '../../scripts/support/http-client';
import { sameLimitEverywhere } from './support/rate-limits';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Issue 9 part 2: property-based fuzzing of every endpoint with bad input. Every generated
 * request is invalid by construction, so each must be answered 4xx with a JSON `message`, within
 * a per-request timeout; after each batch the server still answers /health and the fuzzed
 * applicant's answers, documents, tabs, add-another counts and web status, and the number of
 * accounts, are what they were before.
 */

const BODY_LIMIT = 64 * 1024;
/** Huge strings stay below the body limit on their own (several in one body may pass it: 413). */
const MAX_HUGE = 60_000;
const MAX_DEPTH = 1_000;
/** Nesting sent as text (JSON.parse and the validators must not overflow): within the body limit. */
const MAX_TEXT_DEPTH = 12_000;
const ADMIN_KEY = 'fuzz-admin-key-0123456789abcdefghijklmnop';
/** Runs per property; the request count per store is about 14 times this. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const UPLOAD_KEYS = answerFields.filter((field) => field.type === 'upload').map((field) => field.key);

const generousLimits = sameLimitEverywhere({ max: 1_000_000, windowMs: 60_000 });

interface Snapshot {
  answers: unknown;
  validations: unknown;
  documents: unknown;
  tabs: unknown;
  addAnother: unknown;
  profile: unknown;
  accounts: number;
  uploadedObject: unknown;
}

describe.each(dialects)('fuzzing every endpoint with bad input on %s', (dialect) => {
  let server: TestServer;
  let applicant: ApiClient;
  let username: string;
  let accountId: string;
  let serviceToken: string;
  let presigned: PresignedUpload;
  /** A second applicant for calls the fuzzer cannot make surely invalid (its store may change). */
  let other: ApiClient;
  let before: Snapshot;
  let sent = 0;
  let adminCalls = 0;

  async function snapshot(): Promise<Snapshot> {
    const read = async (path: string) => {
      const response = await applicant.get(path);
      expect(response.status, path).toBe(200);
      return response.body;
    };
    return {
      answers: await server.store.answers.list(accountId),
      validations: await server.store.answers.validationErrors(accountId),
      documents: await read('/api/document-answer'),
      tabs: await read('/api/tabs'),
      addAnother: await read('/api/add-another'),
      profile: await read('/api/profile'),
      accounts: await accountCount(server, username),
      uploadedObject: await server.objects.exists(presigned.fields.key!),
    };
  }

  /** Sends one request and fails unless it is refused with a 4xx and a JSON message. */
  async function expectRefused(request: FuzzRequest): Promise<void> {
    if (request.target.startsWith('/admin/')) {
      // The admin guard allows 300 calls per 15 minutes and address: move the clock past the window.
      adminCalls += 1;
      if (adminCalls % 250 === 0) {
        server.advance(16 * 60_000);
        // Keep both sessions inside their 60-minute idle limit across the jumps.
        for (const client of [applicant, other]) expect((await client.post('/api/keep-alive', {})).status).toBe(200);
      }
    }
    sent += 1;
    const answer = await send(server, applicant, request);
    // Request headers (the URL included) over Node's 16 kB limit are refused by Node's own parser
    // with a bare 431 before the application sees them: a 4xx, but no JSON is possible.
    if (answer.status === 431 && answer.text === '' && request.target.length > 8_000) return;
    const problem = refusalProblem(answer);
    if (problem) throw new Error(`${problem}: ${answer.text.slice(0, 300)}\n  for ${describeRequest(request)}`);
  }

  const json = (origin: string) => ({ 'content-type': 'application/json', origin });
  const property = <T>(arbitrary: fc.Arbitrary<T>, run: (value: T) => Promise<void>, numRuns = RUNS) =>
    fc.assert(fc.asyncProperty(arbitrary, run), {
      numRuns,
      endOnFailure: true,
      // The default report prints the whole counterexample, which can be 60 kB.
      reporter: (details) => {
        if (!details.failed) return;
        const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
        throw new Error(`property failed after ${details.numRuns} runs (seed ${details.seed}, path ${details.counterexamplePath}): ${cause.slice(0, 3000)}`);
      },
    });

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      env: { BODY_LIMIT_BYTES: String(BODY_LIMIT), ADMIN_API_KEY: ADMIN_KEY },
      rateLimits: generousLimits,
    });
    other = await loggedInApplicant(server);
    username = uniqueEmail('fuzzed');
    applicant = await loggedInApplicant(server, username);
    accountId = (await server.store.accounts.findByUsername(username))!.id;
    // Something in every part of the snapshot, so a change (not only an addition) would show.
    expect((await applicant.put('/api/answer', { first_name: 'Ada', last_name: 'Lovelace' })).status).toBe(200);
    expect((await applicant.put('/api/tabs', { tab_id: 'personal_statement', chosen_tab: 'upload' })).status).toBe(200);
    expect((await applicant.put('/api/add-another', { button_id: 'college', num_components: 2 })).status).toBe(200);
    expect((await applicant.post('/api/web-status', { web_status: 'started' })).status).toBe(200);
    expect((await applicant.post('/api/validations', { first_name: ['fine'] })).status).toBe(200);
    const presign = await applicant.post<PresignedUpload>('/api/presigned-url', { answer_key: UPLOAD_KEYS[0] });
    expect(presign.status).toBe(200);
    presigned = presign.body;
    const admin = await applicant.request<{ url: string }>('POST', '/admin/service-tokens', { username }, { authorization: `Bearer ${ADMIN_KEY}` });
    expect(admin.status).toBe(201);
    serviceToken = new URL(admin.body.url).searchParams.get('service_token')!;
    expect(serviceToken).toBeTruthy();
    before = await snapshot();
  });

  afterEach(async () => {
    // Never a crash: the server still answers, and nothing the fuzzer sent changed the store.
    const health = await fetch(`${server.baseUrl}/health`, { signal: AbortSignal.timeout(10_000) });
    expect(health.status).toBe(200);
    expect(await snapshot()).toEqual(before);
  });

  afterAll(async () => {
    console.info(`fuzz (${dialect}): ${sent} malformed requests`);
    await server?.close();
  });

  it('refuses JSON bodies of the wrong shape on every endpoint that takes one', async () => {
    const anyOf = (...values: unknown[]) => fc.constantFrom(...values);
    const badUsername = fc.oneof(nonString(MAX_DEPTH), hostileString(MAX_HUGE).filter((text) => !text.includes('@')));
    const body = (decisive: string, badValue: fc.Arbitrary<unknown>, otherFields: string[]) =>
      invalidBody({ decisive, badValue, otherFields, maxHuge: MAX_HUGE, maxDepth: MAX_DEPTH });
    const unknownKey = fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 20 }).map((text) => `fuzz_${text}`));
    const realKey = fc.constantFrom(...answerFields.map((field) => field.key));
    // A patch with at least one key outside the data model: refused whole, nothing stored.
    const badAnswers = fc.oneof(
      fc
        .tuple(fc.array(fc.tuple(realKey, anyValue(MAX_HUGE, 50)), { maxLength: 4 }), unknownKey, anyValue(MAX_HUGE, 50), fc.nat({ max: 4 }))
        .map(([entries, key, value, at]) => {
          const all: [string, unknown][] = [...entries];
          all.splice(Math.min(at, all.length), 0, [key, value]);
          return objectText(all);
        }),
      nonString(MAX_DEPTH)
        .filter((value) => value === null || typeof value !== 'object' || Array.isArray(value))
        .map((value) => JSON.stringify(value)),
      fc.string({ maxLength: 30 }).map((text) => JSON.stringify(text)),
    );
    const badStatus = fc.oneof(
      nonString(MAX_DEPTH),
      anyOf('submitted', 'SUBMITTED', 'start', 'done', 'validated', 'started\u0000', ''),
      hostileString(MAX_HUGE).filter((text) => !['started', 'validating'].includes(text.trim().toLowerCase())),
    );
    const badPage = fc.oneof(nonString(MAX_DEPTH), hostileString(MAX_HUGE).filter((text) => !/about|education|final-steps/i.test(text)), anyOf('/submitted', '/login', 'about', '//about', '/about/../login'));
    const badErrors = nonString(MAX_DEPTH).filter((value) => value !== null && !(Array.isArray(value) && value.every((item) => typeof item === 'string')));
    const badCount = anyOf(-1, -0.5, 0.5, 1e300, 'two', [2], {}, true, null, '');
    const badPrefill = nonString(MAX_DEPTH).filter(
      (value) => value === null || typeof value !== 'object' || Array.isArray(value) || Object.keys(value as object).length > 0,
    );

    const endpoints: [string, string, fc.Arbitrary<string>, boolean][] = [
      // method, path, body, with the applicant's session
      ['POST', '/public/signup', body('username', badUsername, ['password']), false],
      ['POST', '/public/confirm', body('username', badUsername, ['code']), false],
      ['POST', '/public/resend-confirm', body('username', badUsername, []), false],
      ['POST', '/public/login', body('username', badUsername, ['password']), false],
      ['POST', '/public/forgot-password', body('username', badUsername, []), false],
      ['POST', '/public/reset-password', body('username', badUsername, ['password', 'id']), false],
      ['POST', '/public/reset-password', body('id', fc.oneof(nonString(MAX_DEPTH), hostileString(MAX_HUGE)), ['password']), false],
      ['POST', '/api/web-status', body('web_status', badStatus, []), true],
      ['PUT', '/api/last-page', body('last_page', badPage, []), true],
      ['PUT', '/api/answer', badAnswers, true],
      ['POST', '/api/validations', body('first_name', badErrors, ['last_name']), true],
      ['POST', '/api/presigned-url', body('answer_key', fc.oneof(nonString(MAX_DEPTH), hostileString(MAX_HUGE)), []), true],
      ['PUT', '/api/tabs', body('tab_id', fc.oneof(nonString(MAX_DEPTH), hostileString(MAX_HUGE)), ['chosen_tab']), true],
      ['PUT', '/api/tabs', body('chosen_tab', fc.oneof(nonString(MAX_DEPTH), hostileString(MAX_HUGE)), []).map((text) => text.replace(/^\{/, '{"tab_id":"personal_statement",').replace(',}', '}')), true],
      ['PUT', '/api/add-another', body('button_id', fc.oneof(nonString(MAX_DEPTH), hostileString(MAX_HUGE)), ['num_components']), true],
      ['PUT', '/api/add-another', invalidBody({ decisive: 'num_components', badValue: badCount, otherFields: [], maxHuge: 100, maxDepth: 50, nonObject: false }).map((text) => text.replace(/^\{/, '{"button_id":"college",')), true],
      ['POST', `/api/pdf/document-answer/${UPLOAD_KEYS[0]}`, body('file_key', fc.oneof(nonString(MAX_DEPTH), hostileString(MAX_HUGE)), ['file_name']), true],
      ['POST', '/admin/service-tokens', body('username', badUsername, ['days']), false],
      ['POST', '/admin/prefill-tokens', body('answers', badPrefill, ['days']), false],
    ];
    for (const [method, path, bodies, session] of endpoints) {
      await property(fc.oneof({ weight: 9, arbitrary: bodies }, { weight: 1, arbitrary: deepJsonText(MAX_TEXT_DEPTH) }), async (text) => {
        const headers: Record<string, string> = json(server.origin);
        if (path.startsWith('/admin/')) headers.authorization = `Bearer ${ADMIN_KEY}`;
        await expectRefused({ method, target: path, headers, body: text.replace(/^\{,/, '{'), session });
      });
    }
  });

  it('never answers 5xx to answers with real keys and hostile values (checked per request)', async () => {
    // These may be valid (a string value of a real key is stored), so they go to the other
    // applicant: each answer is a 2xx, or a 4xx with a message, never a 5xx or a hang.
    const patch = fc
      .array(fc.tuple(fc.constantFrom(...answerFields.map((field) => field.key)), anyValue(MAX_HUGE / 4, 50)), { minLength: 1, maxLength: 4 })
      .map(objectText);
    // A lone surrogate has no UTF-8 form: sent as the bytes a careless client would send.
    const encodeSegment = (text: string) => {
      try {
        return encodeURIComponent(text);
      } catch {
        return '%ED%A0%80';
      }
    };
    const call = fc.oneof(
      patch.map((text) => ['PUT', '/api/answer', text] as const),
      fc.tuple(fc.constantFrom(...UPLOAD_KEYS), hostileString(2000), hostileString(300)).map(([key, fileKey, fileName]) => ['POST', `/api/pdf/document-answer/${key}`, JSON.stringify({ file_key: fileKey, file_name: fileName })] as const),
      fc.tuple(fc.constantFrom(...UPLOAD_KEYS), hostileString(2000)).map(([key, text]) => ['DELETE', `/api/document-answer/${encodeSegment(text) || key}`, undefined] as const),
    );
    await property(call, async ([method, path, text]) => {
      sent += 1;
      const answer = await send(server, other, { method, target: path, headers: json(server.origin), body: text, session: true });
      if (answer.status >= 200 && answer.status < 300) return;
      const problem = refusalProblem(answer);
      if (problem) throw new Error(`${problem}: ${answer.text.slice(0, 300)}\n  for ${describeRequest({ method, target: path, body: text })}`);
    });
  });

  it('refuses bodies that are not JSON, not sent as JSON, too large, or from another site', async () => {
    // Valid calls, each of which would change something: every one of them must be refused here.
    const validCalls: [string, string, unknown][] = [
      ['PUT', '/api/answer', { first_name: 'Mallory' }],
      ['PUT', '/api/tabs', { tab_id: 'personal_statement', chosen_tab: 'text' }],
      ['PUT', '/api/add-another', { button_id: 'college', num_components: 3 }],
      ['POST', '/api/web-status', { web_status: 'validating' }],
      ['PUT', '/api/last-page', { last_page: '/education' }],
      ['POST', '/api/validations', { first_name: ['changed'] }],
      ['POST', '/api/keep-alive', {}],
      ['POST', '/api/submit', {}],
      ['POST', '/public/signup', { username: 'fuzz.new@example.edu', password: 'Correct-Horse-42' }],
      ['POST', '/admin/prefill-tokens', { answers: { first_name: 'Eve' } }],
    ];
    const call = fc.constantFrom(...validCalls);
    const mangled = fc.oneof(
      fc.tuple(call, invalidJsonText).map(([[method, path], text]) => ({ method, path, text, headers: json(server.origin) })),
      fc.tuple(call, wrongContentType).map(([[method, path, value], type]) => ({ method, path, text: JSON.stringify(value), headers: { 'content-type': type, origin: server.origin } })),
      fc.tuple(call, foreignOrigin(server.origin, server.config.allowedOrigins)).map(([[method, path, value], origin]) => ({ method, path, text: JSON.stringify(value), headers: json(origin) })),
      call.map(([method, path, value]) => ({ method, path, text: JSON.stringify(value), headers: { ...json(server.origin), 'sec-fetch-site': 'cross-site' } })),
      fc.tuple(call, fc.integer({ min: BODY_LIMIT + 1, max: BODY_LIMIT * 3 })).map(([[method, path, value], size]) => {
        const text = JSON.stringify(value);
        return { method, path, text: `${text.slice(0, -1)},"padding":"${'x'.repeat(size)}"}`, headers: json(server.origin) };
      }),
      // A body on a call without one that a proxy might still forward: no content type at all.
      call.map(([method, path, value]) => ({ method, path, text: JSON.stringify(value), headers: { origin: server.origin, 'content-type': '' } })),
    );
    await property(
      mangled,
      async ({ method, path, text, headers }) => {
        const allHeaders: Record<string, string> = { ...headers };
        if (path.startsWith('/admin/')) allHeaders.authorization = `Bearer ${ADMIN_KEY}`;
        await expectRefused({ method, target: path, headers: allHeaders, body: text, session: path.startsWith('/api/') });
      },
      RUNS * 3,
    );
  });

  it('refuses odd query strings and paths on the lookup, prefill, service and document calls', async () => {
    const param = (name: string) =>
      fc.oneof(
        fc.constant(''),
        oddQueryValue.map((value) => `${name}=${value}`),
        fc.tuple(oddQueryValue, oddQueryValue).map(([a, b]) => `${name}=${a}&${name}=${b}`),
        fc.constant(`${name}[]=x`),
        fc.constant(`${name}[a]=x`),
        fc.constant(name),
      );
    const isWholeNumber = (value: string) => {
      try {
        const decoded = decodeURIComponent(value.replace(/\+/g, ' ')).trim();
        return /^\d+$/.test(decoded) && Number(decoded) >= 1;
      } catch {
        return false;
      }
    };
    const join = (...parts: string[]) => parts.filter((part) => part !== '').join('&');
    const category = fc.oneof(
      fc.constant(''),
      oddQueryValue.filter((value) => !['college_ceeb', 'hs_ceeb', 'address'].includes(value)).map((value) => `category=${value}`),
      fc.constant('category=college_ceeb&category=hs_ceeb'),
      fc.constant('category[]=college_ceeb'),
    );
    const validCategory = fc.constantFrom('category=college_ceeb', 'category=hs_ceeb', 'category=address');
    // Each lookup query is invalid in at least one way: category, text/id, or max_results.
    const lookupQuery = fc.oneof(
      fc.tuple(category, param('text'), param('id'), param('max_results')).map((parts) => join(...parts)),
      fc.tuple(validCategory, fc.constantFrom('', 'text=%20%20', 'text=', 'id=', 'text=a&id=b', 'text=a&text=b', `text=${'a'.repeat(101)}`, 'text=a&max_results=0', 'text=a&max_results=-1', 'text=a&max_results=abc', 'text=a&max_results=1&max_results=2', 'id=%20', 'id=a&id=b')).map((parts) => join(...parts)),
      fc.tuple(validCategory, fc.constantFrom('text=a', 'id=x'), oddQueryValue.filter((value) => !isWholeNumber(value))).map(([category, what, max]) => join(category, what, `max_results=${max}`)),
    );
    const tokenQuery = (name: string) =>
      fc.oneof(
        param(name),
        fc.constantFrom(`${name}=${serviceToken}&${name}=${serviceToken}`, `${name}=${serviceToken}x`, `${name}=${serviceToken.slice(0, -1)}`, `${name}=%20${serviceToken}`),
      );
    // Segments the URL parser would resolve away ("..", "%2e") are left out: they name another path.
    const staysInPlace = (segment: string) => {
      const pathname = new URL(`http://host/p/${segment}`).pathname;
      return pathname.startsWith('/p/') && pathname.length > 3;
    };
    const pathSegment = fc.oneof(oddQueryValue, fc.constantFrom('%2F', 'a%2Fb', '%00', '~', '%', '%E0%A4%A')).filter(staysInPlace);
    const target = fc.oneof(
      lookupQuery.map((query) => `/lookup/find?${query}`),
      fc.tuple(tokenQuery('token'), param('x')).map(([query, other]) => `/public/tmp?${join(query, other)}`),
      fc.tuple(fc.constantFrom('/service/tmp-pdf', '/service/pdf'), tokenQuery('service_token')).map(([path, query]) => `${path}?${query}`),
      fc.tuple(pathSegment, tokenQuery('service_token')).map(([key, query]) => `/service/document/${key}?${query}`),
      // A valid service token with a key that is not one of the applicant's documents.
      pathSegment.map((key) => `/service/document/${key}?service_token=${serviceToken}`),
      fc.constantFrom(...UPLOAD_KEYS).map((key) => `/service/document/${key}?service_token=${serviceToken}`),
      pathSegment.map((id) => `/api/pdf/file/${id}`),
      pathSegment.map((key) => `/api/pdf/document-answer/${key}`),
    );
    await property(
      target,
      async (path) => {
        await expectRefused({ method: 'GET', target: path, headers: { origin: server.origin }, session: path.startsWith('/api/') });
      },
      RUNS * 3,
    );
  });

  it('refuses the admin endpoints without the key or with a wrong one, whatever the body', async () => {
    const authorization = fc.oneof(
      fc.constant(null),
      fc.constantFrom('', 'Bearer', 'Bearer ', `Basic ${ADMIN_KEY}`, `Bearer ${ADMIN_KEY}x`, `Bearer ${ADMIN_KEY.slice(1)}`, `Bearer ${ADMIN_KEY} extra`, `Bearer${ADMIN_KEY}`, 'Bearer %00', `bearer  ${ADMIN_KEY.toUpperCase()}`),
      fc.string({ unit: 'grapheme-ascii', maxLength: 80 }).map((text) => `Bearer ${text}`),
    ).filter((value) => value === null || value.trim() !== `Bearer ${ADMIN_KEY}`);
    const adminBody = fc.oneof(
      fc.constant(JSON.stringify({ username })),
      fc.constant(JSON.stringify({ answers: { first_name: 'Eve' } })),
      extraEntries(MAX_HUGE, MAX_DEPTH).map(objectText),
      invalidJsonText,
    );
    await property(
      fc.tuple(fc.constantFrom('/admin/service-tokens', '/admin/prefill-tokens'), authorization, adminBody),
      async ([path, auth, text]) => {
        const headers: Record<string, string> = json(server.origin);
        if (auth !== null) headers.authorization = auth;
        await expectRefused({ method: 'POST', target: path, headers, body: text });
      },
      RUNS * 2,
    );
  });

  it('refuses malformed multipart uploads to the local store', async () => {
    const fresh = await applicant.post<PresignedUpload>('/api/presigned-url', { answer_key: UPLOAD_KEYS[0] });
    expect(fresh.status).toBe(200);
    const fields = Object.entries(presigned.fields);
    const boundary = '----fuzzboundary7MA4YWxkTrZu0gW';
    const part = (name: string, value: string | Buffer, fileName?: string, type?: string) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${fileName === undefined ? '' : `; filename="${fileName}"`}\r\n` +
            `${type ? `Content-Type: ${type}\r\n` : ''}\r\n`,
        ),
        Buffer.from(value),
        Buffer.from('\r\n'),
      ]);
    const end = Buffer.from(`--${boundary}--\r\n`);
    const file = (bytes = Buffer.from('%PDF-1.4 fuzz')) => part('file', bytes, 'upload.pdf', 'application/pdf');
    // Each mutation alone makes the form invalid.
    const mutation = fc.oneof(
      fc.nat({ max: fields.length - 1 }).map((index) => ({ kind: 'drop field', index })),
      fc.tuple(fc.constantFrom('x-amz-signature', 'policy', 'key'), hostileString(2000)).map(([name, value]) => ({ kind: 'change field', name, value })),
      fc.constant({ kind: 'no file' }),
      fc.constant({ kind: 'two files' }),
      fc.constant({ kind: 'file first' }),
      fc.constant({ kind: 'empty file' }),
      fc.constant({ kind: 'duplicate field' }),
      // Names a Content-Disposition can carry unquoted-safe (busboy skips a part it cannot read).
      fc.stringMatching(/^[a-z0-9_-]{0,20}$/).map((name) => ({ kind: 'unknown field', name: `fuzz-${name}` })),
      fc.constantFrom('upload', 'File', 'files', '').map((name) => ({ kind: 'file field name', name })),
      fc.constant({ kind: 'truncated' }),
      fc.constantFrom('text/plain', 'multipart/form-data', 'multipart/form-data; boundary=other', 'application/json', '').map((type) => ({ kind: 'content type', type })),
      fc.constant({ kind: 'no boundaries' }),
    );
    await property(
      mutation,
      async (change) => {
        let parts = fields.map(([name, value]) => part(name, value));
        let contentType = `multipart/form-data; boundary=${boundary}`;
        let tail = [file(), end];
        switch (change.kind) {
          case 'drop field':
            parts.splice((change as { index: number }).index, 1);
            break;
          case 'change field': {
            const { name, value } = change as { name: string; value: string };
            const current = presigned.fields[name];
            parts = fields.map(([field, original]) => part(field, field === name ? (value === current ? `${value}x` : value) : original));
            break;
          }
          case 'no file':
            tail = [end];
            break;
          case 'two files':
            tail = [file(), file(Buffer.from('second')), end];
            break;
          case 'file first':
            parts = [file(), ...parts];
            tail = [end];
            break;
          case 'empty file':
            tail = [file(Buffer.alloc(0)), end];
            break;
          case 'duplicate field':
            parts = [...parts, parts[0]!];
            break;
          case 'unknown field':
            parts = [...parts, part((change as { name: string }).name, 'x')];
            break;
          case 'file field name':
            tail = [part((change as { name: string }).name, Buffer.from('%PDF-1.4'), 'upload.pdf', 'application/pdf'), end];
            break;
          case 'truncated':
            tail = [file().subarray(0, 40)];
            break;
          case 'content type':
            contentType = (change as { type: string }).type;
            break;
          case 'no boundaries':
            parts = [Buffer.from('key=value&policy=x')];
            tail = [];
            break;
        }
        const headers: Record<string, string> = { origin: server.origin };
        if (contentType !== '') headers['content-type'] = contentType;
        await expectRefused({ method: 'POST', target: '/storage/upload', headers, body: Buffer.concat([...parts, ...tail]) });
      },
      RUNS * 2,
    );
  });

  it('answers content lengths that lie without hanging or crashing', async () => {
    const { host } = new URL(server.baseUrl);
    const head = (method: string, path: string, length: number, extra = '') =>
      `${method} ${path} HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${server.origin}\r\nContent-Type: application/json\r\nCookie: ${applicant.cookieHeader()}\r\nContent-Length: ${length}\r\n${extra}Connection: close\r\n\r\n`;
    const target = fc.constantFrom(['PUT', '/api/answer'], ['POST', '/public/signup'], ['POST', '/api/web-status'], ['PUT', '/api/tabs']);
    const lie = fc.oneof(
      // Declares more than the limit: refused at once from the header (413), however little follows.
      fc.tuple(target, fc.integer({ min: BODY_LIMIT + 1, max: 2 ** 40 }), fc.constantFrom('', '{}', '{"first_name":"Mallory"}')).map(([[method, path], length, body]) => ({ kind: 'over limit', bytes: head(method!, path!, length) + body })),
      // Declares less than is sent: the server reads a prefix that is not valid JSON.
      fc.tuple(target, fc.constantFrom('{"first_name":"Mallory"}', '{"web_status":"validating"}', '{"username":"x@example.edu","password":"Correct-Horse-42"}')).chain(([[method, path], body]) =>
        fc.integer({ min: 1, max: body.length - 1 }).map((length) => ({ kind: 'short', bytes: head(method!, path!, length) + body })),
      ),
      // Declares more than is sent, then the client stops sending: no answer is possible, no crash either.
      fc.tuple(target, fc.integer({ min: 30, max: 1000 })).map(([[method, path], length]) => ({ kind: 'half-closed', bytes: head(method!, path!, length) + '{"first_name":"Mall' })),
      // Two lengths, or a length and chunked encoding: Node's parser refuses these before the app.
      target.map(([method, path]) => ({ kind: 'conflicting', bytes: head(method!, path!, 2, 'Content-Length: 5\r\n') + '{}' })),
      fc.tuple(target, fc.constantFrom('-1', '1e3', 'abc', '0x10', '2 2', '+2')).map(([[method, path], length]) => ({ kind: 'bad length', bytes: head(method!, path!, 0).replace('Content-Length: 0', `Content-Length: ${length}`) + '{}' })),
    );
    await property(lie, async ({ kind, bytes }) => {
      sent += 1;
      const { text, timedOut } = await sendRaw(server, Buffer.from(bytes, 'latin1'), { halfClose: kind === 'half-closed', timeoutMs: 10_000 });
      expect(timedOut, `no end to ${kind}: ${bytes.slice(0, 200)}`).toBe(false);
      if (kind === 'half-closed') return;
      const answer = firstRawAnswer(text);
      expect(answer, `${kind}: ${text.slice(0, 200)}`).not.toBeNull();
      expect(answer!.status, `${kind}: ${text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
      expect(answer!.status, `${kind}: ${text.slice(0, 300)}`).toBeLessThan(500);
      // Node's own parser answers protocol errors with a bare 400 before the application sees them
      // (for a short length, the rest of the body is read as the next request and refused so).
      if (kind === 'over limit') expect(refusalProblem(answer!), `${kind}: ${text.slice(0, 300)}`).toBeNull();
    });
  });

  it('answers wrong methods and unknown paths with 4xx JSON', async () => {
    const paths = [
      '/public/signup', '/public/login', '/api/answer', '/api/profile', '/api/tabs', '/api/submit', '/api/keep-alive',
      '/lookup/find', '/public/tmp', '/service/tmp-pdf', '/admin/service-tokens', '/health',
    ];
    const request = fc.oneof(
      fc.tuple(fc.constantFrom('DELETE', 'PATCH', 'PUT', 'POST', 'GET', 'PROPFIND', 'MKCOL'), fc.constantFrom(...paths)),
      fc.tuple(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'), fc.tuple(fc.constantFrom('/api/', '/public/', '/service/', '/admin/', '/lookup/'), fc.string({ maxLength: 20 }).map(encodeURIComponent)).map(([prefix, rest]) => prefix + rest)),
    );
    await property(
      request,
      async ([method, path]) => {
        // Only calls that are not routes of that method (those are fuzzed above).
        const routed = new Set(['POST /public/signup', 'POST /public/login', 'PUT /api/answer', 'GET /api/profile', 'GET /api/tabs', 'PUT /api/tabs', 'POST /api/submit', 'POST /api/keep-alive', 'GET /lookup/find', 'GET /public/tmp', 'GET /service/tmp-pdf', 'POST /admin/service-tokens', 'POST /storage/upload', 'GET /health']);
        fc.pre(!routed.has(`${method} ${path}`));
        await expectRefused({ method, target: path, headers: json(server.origin), body: ['GET', 'DELETE'].includes(method) ? undefined : '{"fuzz":1}', session: true });
      },
      RUNS * 2,
    );
  });
});
