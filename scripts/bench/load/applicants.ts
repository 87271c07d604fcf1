// The simulated applicants of the load benchmark: their accounts, made through the API before the
// clock starts, and what each one does while autocannon drives it (one connection an applicant).
import type { Client, Request as CannonRequest } from 'autocannon';
import { apiPaths, conversionPath, type AnswerValue, type Answers, type ProfileResponse } from '../../../common/api';
import { DOCUMENT_ANSWERED, answerFields } from '../../../common/form/model';
import { formPages, pageOfKey } from '../../../common/form/pages';
import { keysToClear } from '../../../common/form/visibility';
import { ApiClient } from '../../support/http-client';
import { uploadFile } from '../../support/uploads';
import { completeApplication } from '../../support/complete-application';
import { buildPdf } from '../../support/documents';
import { latestCode, readOutbox, waitForMail } from '../../support/mail';
import { plainAnswerKeys } from '../../support/plain-answer-keys';
import { inBatches } from './in-batches';

export const PASSWORD = 'Load-Bench-Password-42';
/**
 * Every applicant's application: complete, for Computer Science, whose essay and resume questions
 * take documents (the complete application's MPA asks for none, and a hidden question's document is
 * removed at the next save).
 */
const applicationOf = (today: Date): Answers => ({ ...completeApplication(today), applied_major: 'MSCS' });
/** The upload questions every applicant's application shows, in the form's order. */
export const SHOWN_UPLOAD_KEYS: readonly string[] = (() => {
  const uploads = answerFields.filter((field) => field.type === 'upload').map((field) => field.key);
  const hidden = new Set(keysToClear(formPages, { ...applicationOf(new Date()), ...Object.fromEntries(uploads.map((key) => [key, DOCUMENT_ANSWERED])) }));
  const shown = uploads.filter((key) => !hidden.has(key));
  if (shown.length === 0) throw new Error('the load benchmark\'s application shows no upload question');
  return shown;
})();
/** The question whose document every applicant converts in the applicant runs: the first upload question shown. */
const DOCUMENT_KEY = SHOWN_UPLOAD_KEYS[0]!;
/** The text answers the saves change, one per save in turn, so every save stores something new. */
const MARKER_KEYS = plainAnswerKeys.slice(0, 5);

/** A complete application split by page: each save sends one page of it, as the renderer saves a page. */
function pagesOf(answers: Answers): Answers[] {
  const pages = new Map<string, Answers>();
  for (const [key, value] of Object.entries(answers)) {
    const page = pageOfKey(key)?.path ?? 'other';
    pages.set(page, { ...pages.get(page), [key]: value });
  }
  return [...pages.values()];
}

export type Activity = 'arriving' | 'applying' | 'profile' | 'saving';
export type Step = 'login' | 'profile' | 'convert' | 'save' | 'poll';
/** Per step, the milliseconds from sending a request to its whole answer, across all applicants. */
export type StepTimings = Map<Step, number[]>;
const EXPECTED_STATUS: Record<Step, number> = { login: 200, profile: 200, convert: 202, save: 200, poll: 200 };

/**
 * One applicant. Arriving: log in. Applying: load the profile, start the conversion of the uploaded
 * document, then save a page and poll the conversion in turn. The throughput runs repeat one call.
 * Every save's answers are remembered once acknowledged, for the final check against the store.
 */
export class SimulatedApplicant {
  cookie = '';
  activity: Activity = 'arriving';
  readonly acknowledged = new Map<string, AnswerValue>();
  /** Values sent in saves whose answer never came (a timeout): the store may hold them or not. */
  readonly unconfirmed = new Map<string, AnswerValue[]>();
  readonly problems: string[] = [];
  conversionStatus = '';
  saves = 0;
  /** When set, every answered call is added here too, with when it was sent (the spread run's timeline). */
  calls: { sentAt: number; ms: number }[] | null = null;
  private step: Step = 'profile';
  private inFlight: { step: Step; sentAt: number; patch?: Answers } | null = null;

  constructor(
    readonly index: number,
    readonly username: string,
    /** The applicant's own client address (X-Forwarded-For): 200 homes, not one office. */
    readonly address: string,
    readonly fileKey: string,
    private readonly pages: Answers[],
    private readonly origin: string,
    private readonly timings: StepTimings,
  ) {}

  /** The requests autocannon sends for this applicant: one, rebuilt before every send. */
  requests(): CannonRequest[] {
    return [
      {
        setupRequest: (request) => ({ ...request, ...this.nextRequest() }),
        onResponse: (status, body, _context, headers) => this.onResponse(status, body, headers),
      },
    ];
  }

  /** Applying from the start again: the profile, the conversion started anew, then saves and polls. */
  startApplying(): void {
    this.activity = 'applying';
    this.step = 'profile';
    this.conversionStatus = '';
  }

  /** After a run: a save still unanswered when it stopped may or may not have been stored. */
  settle(): void {
    if (this.inFlight?.patch) this.leaveUnconfirmed(this.inFlight.patch);
    this.inFlight = null;
  }

  nextRequest(): CannonRequest {
    this.settle();
    const sentAt = performance.now();
    const step: Step = ({ arriving: 'login', profile: 'profile', saving: 'save', applying: this.step } as const)[this.activity];
    const headers: Record<string, string> = { origin: this.origin, 'x-forwarded-for': this.address };
    if (this.cookie) headers.cookie = this.cookie;
    const json = (body: unknown) => ({ headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    switch (step) {
      case 'login':
        this.inFlight = { step, sentAt };
        return { method: 'POST', path: apiPaths.login, ...json({ username: this.username, password: PASSWORD }) };
      case 'profile':
        this.inFlight = { step, sentAt };
        return { method: 'GET', path: apiPaths.profile, headers };
      case 'convert':
        this.inFlight = { step, sentAt };
        return { method: 'POST', path: conversionPath(DOCUMENT_KEY), ...json({ file_key: this.fileKey, file_name: 'statement.pdf' }) };
      case 'save': {
        const patch = this.nextSave();
        this.inFlight = { step, sentAt, patch };
        return { method: 'PUT', path: apiPaths.answer, ...json(patch) };
      }
      case 'poll':
        this.inFlight = { step, sentAt };
        return { method: 'GET', path: conversionPath(DOCUMENT_KEY), headers };
    }
  }

  /** The next page of answers to save, with one text answer changed so the save stores something new. */
  nextSave(): Answers {
    const patch: Answers = { ...this.pages[this.saves % this.pages.length], [MARKER_KEYS[this.saves % MARKER_KEYS.length]!]: `applicant ${this.index}, save ${this.saves}` };
    this.saves += 1;
    return patch;
  }

  onResponse(status: number, body: string, headers: Record<string, unknown> | undefined): void {
    const sent = this.inFlight;
    this.inFlight = null;
    if (!sent) return;
    const timings = this.timings.get(sent.step) ?? [];
    if (timings.length === 0) this.timings.set(sent.step, timings);
    timings.push(performance.now() - sent.sentAt);
    this.calls?.push({ sentAt: sent.sentAt, ms: performance.now() - sent.sentAt });
    if (status !== EXPECTED_STATUS[sent.step]) {
      this.problems.push(`${sent.step} answered ${status}: ${body.slice(0, 200)}`);
      return;
    }
    if (sent.patch) this.acknowledge(sent.patch);
    if (sent.step === 'login') this.cookie = sessionCookie(headers);
    if (this.activity !== 'applying') return;
    switch (sent.step) {
      case 'profile':
        this.step = 'convert';
        break;
      case 'convert':
        this.step = 'save';
        break;
      case 'save':
        this.step = 'poll';
        break;
      case 'poll':
        this.conversionStatus = (JSON.parse(body) as { status: string }).status;
        this.step = 'save';
        break;
    }
  }

  /** Answers the server confirmed: the store must hold them (unless a later, unanswered save changed them). */
  acknowledge(patch: Answers): void {
    for (const [key, value] of Object.entries(patch)) {
      this.acknowledged.set(key, value);
      this.unconfirmed.delete(key);
    }
  }

  /** A save whose answer never came (or was an error): the store may hold its values or not. */
  leaveUnconfirmed(patch: Answers): void {
    for (const [key, value] of Object.entries(patch)) this.unconfirmed.set(key, [...(this.unconfirmed.get(key) ?? []), value]);
  }
}

/**
 * The arrival run: every connection logs in the next applicant who has not arrived yet, so logins
 * come at the rate the run sets rather than all in the same instant.
 */
export function arrivals(applicants: readonly SimulatedApplicant[]): (client: Client) => void {
  const waiting = [...applicants];
  for (const applicant of applicants) applicant.activity = 'arriving';
  return (client) => {
    let current: SimulatedApplicant | undefined;
    client.setRequests([
      {
        setupRequest: (request) => {
          current = waiting.shift() ?? current;
          if (!current) throw new Error('more logins asked for than applicants');
          return { ...request, ...current.nextRequest() };
        },
        onResponse: (status, body, _context, headers) => current?.onResponse(status, body, headers),
      },
    ]);
  };
}

function sessionCookie(headers: Record<string, unknown> | undefined): string {
  const entry = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'set-cookie')?.[1];
  const cookies = (Array.isArray(entry) ? entry : entry ? [entry] : []).map((cookie) => String(cookie).split(';')[0]!);
  if (cookies.length === 0) throw new Error('the login set no cookie');
  return cookies.join('; ');
}

async function expectStatus(label: string, response: Promise<{ status: number; body: unknown }>, status: number): Promise<void> {
  const answer = await response;
  if (answer.status !== status) throw new Error(`${label} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
}

/**
 * Makes `count` confirmed applicants through the API, as a person would (sign up, the mailed code,
 * log in), each with a complete application saved and a document uploaded, then logged out. Their
 * answers so far count as acknowledged.
 */
export async function createApplicants(baseUrl: string, dataDir: string, count: number, timings: StepTimings): Promise<SimulatedApplicant[]> {
  const answers = applicationOf(new Date());
  const pages = pagesOf(answers);
  const pdf = await buildPdf(['A statement of purpose, converted while 200 applicants save their answers.']);
  const people = Array.from({ length: count }, (_, index) => ({
    index,
    username: `load.${process.pid}.${index}@example.edu`,
    address: `10.${(index >> 8) & 255}.${index & 255}.${1 + (index % 250)}`,
  }));
  const clientOf = (address: string) => {
    const client = new ApiClient(baseUrl);
    const call = (method: string, route: string, body?: unknown) => client.request(method, route, body, { 'x-forwarded-for': address });
    return { client, call };
  };
  await inBatches(people, 8, ({ username, address }) => expectStatus('sign-up', clientOf(address).call('POST', apiPaths.signup, { username, password: PASSWORD }), 201));
  // The codes leave through the mail outbox a moment after the answers.
  const outbox = await waitForMail(
    () => readOutbox(dataDir),
    (mails) => {
      for (const { username } of people) latestCode(mails, username);
      return mails;
    },
    60_000,
  );
  return inBatches(people, 8, async ({ index, username, address }) => {
    const { client, call } = clientOf(address);
    await expectStatus('confirm', call('POST', apiPaths.confirm, { username, code: latestCode(outbox, username) }), 200);
    await expectStatus('login', call('POST', apiPaths.login, { username, password: PASSWORD }), 200);
    await expectStatus('the first save', call('PUT', apiPaths.answer, answers), 200);
    const fileKey = await uploadFile({ origin: baseUrl }, client, DOCUMENT_KEY, pdf);
    await expectStatus('logout', call('GET', apiPaths.logout), 200);
    const applicant = new SimulatedApplicant(index, username, address, fileKey, pages, baseUrl, timings);
    applicant.acknowledge(answers);
    return applicant;
  });
}

export interface StoreCheck {
  checked: number;
  missing: string[];
}

/** Reads every applicant's answers back through the API: each acknowledged value must be stored. */
export async function checkAcknowledgedAnswers(baseUrl: string, applicants: readonly SimulatedApplicant[]): Promise<StoreCheck> {
  const missing: string[] = [];
  let checked = 0;
  await inBatches(applicants, 8, async (applicant) => {
    const client = new ApiClient(baseUrl);
    const profile = await client.request<ProfileResponse>('GET', apiPaths.profile, undefined, { cookie: applicant.cookie, 'x-forwarded-for': applicant.address });
    if (profile.status !== 200) {
      missing.push(`${applicant.username}: the profile answered ${profile.status}`);
      return;
    }
    for (const [key, value] of applicant.acknowledged) {
      checked += 1;
      const stored = profile.body.answer[key] ?? null;
      const allowed = [value, ...(applicant.unconfirmed.get(key) ?? [])];
      if (!allowed.some((candidate) => JSON.stringify(candidate) === JSON.stringify(stored))) {
        missing.push(`${applicant.username} ${key}: stored ${JSON.stringify(stored)}, acknowledged ${JSON.stringify(value)}`);
      }
    }
  });
  return { checked, missing };
}
