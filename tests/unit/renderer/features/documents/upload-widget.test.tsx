// @vitest-environment happy-dom
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { toast } from 'react-hot-toast';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Answers, ConversionStatusResponse } from '../../../../../common/api';
import { CONVERSION_POLL_MS } from '../../../../../common/constants';
import { uploadMessages } from '../../../../../common/uploads/upload-messages';
import type { QuestionDef } from '../../../../../common/form/types';
import { AppProviders } from '../../../../../renderer/src/app/providers';
import { Question } from '../../../../../renderer/src/features/form/components/question';
import { formatFileSize } from '../../../../../renderer/src/features/documents/file-size';
import { CONVERSION_POLL_RETRIES } from '../../../../../renderer/src/features/documents/api/get-conversion-status';
import { ApplicantUpload } from '../../../../../renderer/src/features/form/components/widgets/upload';
import { queryClient } from '../../../../../renderer/src/lib/query-client';
import { formPagesAtom } from '../../../../../renderer/src/state/form-pages';
import { studentAnswersAtom } from '../../../../../renderer/src/features/answers/typed-answers';
import { cookieHeaderAtom } from '../../../../../renderer/src/state/session';
import { buildPdf } from '../../../../../scripts/support/documents';
import { renderPrintedQuestion, testDocumentHref } from '../../print-view';
import { PRESENCE_COOKIE } from '../../render-app';

// The applicant's field is a chunk the page waits for (page-parts.ts, page-parts.test.tsx); here it is in.
beforeAll(async () => {
  await ApplicantUpload.preload();
});

const KEY = 'personal_statement_doc';
const question: QuestionDef = { key: KEY, widget: 'upload', label: 'Personal statement', givenInsteadOf: 'personal_statement' };
const STORE_URL = 'https://store.test/upload';
const CONVERSION = `/api/pdf/document-answer/${KEY}`;

interface Call {
  method: string;
  path: string;
  body: unknown;
  at: number;
}
type Answer = { status?: number; body?: unknown };
type Route = Answer | ((call: Call) => Answer | Promise<Answer>);

function stubFetch(routes: Record<string, Route>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const raw = init?.body;
      const call = { method: init?.method ?? 'GET', path: String(input), body: raw instanceof FormData ? raw : raw ? JSON.parse(String(raw)) : undefined, at: Date.now() };
      calls.push(call);
      const route = routes[`${call.method} ${call.path}`];
      const answer = typeof route === 'function' ? await route(call) : route;
      if (!answer) return new Response('not stubbed', { status: 500 });
      if (answer.body === undefined) return new Response(null, { status: answer.status ?? 204 });
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

function renderUpload(options: { loggedIn?: boolean; answers?: Answers } = {}) {
  queryClient.clear();
  toast.remove();
  const store = createStore();
  store.set(cookieHeaderAtom, options.loggedIn === false ? '' : PRESENCE_COOKIE);
  store.set(formPagesAtom, [{ id: 'about', path: '/about', title: 'Test', sections: [{ id: 's', title: 'S', questions: [question, { key: 'first_name', widget: 'text', label: 'First Name' }] }] }]);
  store.set(studentAnswersAtom, options.answers ?? {});
  const container = document.body.appendChild(document.createElement('div'));
  const view = render(
    <AppProviders store={store}>
      <MemoryRouter><Question question={question} /></MemoryRouter>
    </AppProviders>,
    { container },
  );
  return { ...view, store, answers: () => store.get(studentAnswersAtom) };
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

const pdfBytes = await buildPdf();
/** A real PDF padded with zeros to `size` bytes (readers ignore what follows it), or cut to it. */
function pdfOf(name: string, size: number): File {
  const content = new Uint8Array(size);
  content.set(pdfBytes.subarray(0, size));
  return new File([content], name, { type: 'application/pdf' });
}

const NO_CONVERSION: ConversionStatusResponse = { status: 'NOT_ANSWERED', message: 'No file has been uploaded for this question.' };

/**
 * A server with no conversion for the key until a file is sent, then `outcome`; a completed
 * conversion lists the sent file among the documents.
 */
function uploadRoutes(outcome: ConversionStatusResponse): Record<string, Route> {
  let sent: { file_name: string } | null = null;
  return {
    'GET /api/document-answer': () => ({ body: sent && outcome.status === 'COMPLETED' ? { [KEY]: { file_name: sent.file_name, file_size: 10_000 } } : {} }),
    'PUT /api/answer': { body: { message: 'Saved' } },
    'POST /api/presigned-url': { body: { url: STORE_URL, fields: { key: 'uploads/abc' } } },
    [`POST ${STORE_URL}`]: { status: 204 },
    [`POST ${CONVERSION}`]: (call) => {
      sent = call.body as { file_name: string };
      return { status: 202, body: { status: 'UNPROCESSED', message: '' } };
    },
    [`GET ${CONVERSION}`]: () => ({ body: sent ? outcome : NO_CONVERSION }),
  };
}

/**
 * Uploads a file whose conversion status polls (after the mount's read) are answered by `poll`,
 * counted from 1, under fake timers; returns the count of every status read, the mount's included.
 */
async function uploadWithPolls(poll: (count: number) => Answer) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const routes = uploadRoutes({ status: 'COMPLETED', message: '' });
  const mountRead = routes[`GET ${CONVERSION}`] as () => Answer;
  let reads = 0;
  stubFetch({
    ...routes,
    [`POST ${CONVERSION}`]: { status: 202, body: { status: 'UNPROCESSED', message: '' } },
    [`GET ${CONVERSION}`]: () => (reads++ === 0 ? mountRead() : poll(reads - 1)),
  });
  const rendered = renderUpload();
  await user.upload(fileInput(), pdfOf('essay.pdf', 10_000));
  return { ...rendered, reads: () => reads };
}

const fileInput = () => screen.getByLabelText('Personal statement');

/** What a screen reader reads after the input's name: the text of the elements aria-describedby names. */
function descriptionOf(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

/** A message in the question's error lists, not in a toast. */
const underQuestion = (message: string) => screen.queryByText(message, { selector: '.question-errors__item' });

const uploadToast = () => screen.queryByRole('status', { name: `Error uploading file for ${KEY}` });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('formatFileSize', () => {
  it('uses decimal units without decimals', () => {
    expect(formatFileSize(532)).toBe('532 B');
    expect(formatFileSize(532_400)).toBe('532 kB');
    expect(formatFileSize(999_700)).toBe('1 MB');
    expect(formatFileSize(1_048_576)).toBe('1 MB');
  });
});

describe('upload widget', () => {
  it('saves and presigns in parallel, posts the file, converts, polls every 2000 ms and shows the file', async () => {
    const presignSeen = deferred();
    const saveSeen = deferred();
    let documents: Record<string, unknown> = {};
    let polls = 0;
    let started = false;
    const calls = stubFetch({
      'GET /api/document-answer': () => ({ body: documents }),
      // Each waits for the other: only parallel requests finish.
      'POST /api/presigned-url': async () => {
        presignSeen.resolve();
        await saveSeen.promise;
        return { body: { url: STORE_URL, fields: { key: 'uploads/abc', policy: 'p' } } };
      },
      'PUT /api/answer': async () => {
        saveSeen.resolve();
        await presignSeen.promise;
        return { body: { message: 'Saved' } };
      },
      [`POST ${STORE_URL}`]: { status: 204 },
      [`POST ${CONVERSION}`]: () => {
        started = true;
        return { status: 202, body: { status: 'UNPROCESSED', message: '' } };
      },
      [`GET ${CONVERSION}`]: () => {
        if (!started) return { body: NO_CONVERSION };
        polls += 1;
        if (polls < 2) return { body: { status: 'IN_PROGRESS', message: '' } };
        documents = { [KEY]: { file_name: 'essay.pdf', file_size: 532_000 } };
        return { body: { status: 'COMPLETED', message: '' } };
      },
    });
    const { answers } = renderUpload({ answers: { first_name: 'Ada' } });

    const input = screen.getByLabelText('Personal statement');
    await userEvent.upload(input, pdfOf('essay.pdf', 532_000));

    expect(await screen.findByText('Converting…', { selector: 'label' })).toBeTruthy();
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(await screen.findByText('essay.pdf', {})).toBeTruthy();
    expect(screen.getByText('(532 kB)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(answers()[KEY]).toBe('ANSWERED');

    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ first_name: 'Ada' });
    const post = calls.find((call) => call.path === STORE_URL)!;
    const form = post.body as FormData;
    expect([...form.keys()]).toEqual(['key', 'policy', 'file']);
    expect((form.get('file') as File).name).toBe('essay.pdf');
    expect(calls.find((call) => call.method === 'POST' && call.path === CONVERSION)?.body).toEqual({ file_key: 'uploads/abc', file_name: 'essay.pdf' });
    // The widget read the status once on mount, then polled after starting the conversion.
    const conversionCalls = calls.filter((call) => call.path === CONVERSION).map((call) => call.method);
    expect(conversionCalls).toEqual(['GET', 'POST', 'GET', 'GET']);
    const statusCalls = calls.filter((call) => call.method === 'GET' && call.path === CONVERSION).slice(1);
    expect(statusCalls[1]!.at - statusCalls[0]!.at).toBeGreaterThanOrEqual(CONVERSION_POLL_MS - 100);
    // Polling stopped once completed.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(calls.filter((call) => call.method === 'GET' && call.path === CONVERSION)).toHaveLength(3);
  });

  it('shows the server message of a failed conversion in the toast and clears the answer', async () => {
    stubFetch(uploadRoutes({ status: 'FAILED', message: 'This file is not a valid PDF.' }));
    const { answers } = renderUpload({ answers: { [KEY]: 'ANSWERED' } });
    await userEvent.upload(screen.getByLabelText('Personal statement'), pdfOf('essay.pdf', 10));

    const toastCard = await screen.findByRole('status', { name: `Error uploading file for ${KEY}` });
    expect(within(toastCard).getByText('This file is not a valid PDF.')).toBeTruthy();
    await waitFor(() => expect(answers()[KEY]).toBeNull());
    expect(screen.getByText('Choose file', { selector: 'label' })).toBeTruthy();
  });

  it('fails when the file cannot be posted, with the default message', async () => {
    const calls = stubFetch({
      'GET /api/document-answer': { body: {} },
      'POST /api/presigned-url': { body: { url: STORE_URL, fields: { key: 'uploads/abc' } } },
      [`POST ${STORE_URL}`]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderUpload();
    await userEvent.upload(screen.getByLabelText('Personal statement'), pdfOf('essay.pdf', 10));
    expect(await screen.findByRole('status', { name: `Error uploading file for ${KEY}` })).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST' && call.path === CONVERSION)).toBe(false);
  });

  it('checks the file before anything is sent', async () => {
    const calls = stubFetch({ 'GET /api/document-answer': { body: {} } });
    renderUpload();
    await userEvent.upload(screen.getByLabelText('Personal statement'), pdfOf('empty.pdf', 0));
    expect(await screen.findByText(uploadMessages.empty)).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/presigned-url')).toBe(false);
  });

  it('deletes through the Delete File dialog: Cancel keeps the file, Delete removes it', async () => {
    let documents: Record<string, unknown> = { [KEY]: { file_name: 'cv.pdf', file_size: 1_000_000 } };
    const calls = stubFetch({
      'GET /api/document-answer': () => ({ body: documents }),
      [`DELETE /api/document-answer/${KEY}`]: () => {
        documents = {};
        return { body: { message: 'Your file has been deleted.' } };
      },
    });
    const { answers } = renderUpload({ answers: { [KEY]: 'ANSWERED' } });
    expect(await screen.findByText('cv.pdf')).toBeTruthy();
    expect(screen.getByText('(1 MB)')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete File' });
    expect(within(dialog).getByText('Are you sure you want to delete your file?')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    expect(screen.getByText('cv.pdf')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete File' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('cv.pdf')).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([`/api/document-answer/${KEY}`]);
    expect(answers()[KEY]).toBeNull();
    expect(screen.getByText('Choose file', { selector: 'label' })).toBeTruthy();
  });

  it('tells a visitor that an account is needed, with no file input', () => {
    stubFetch({});
    renderUpload({ loggedIn: false });
    expect(screen.getByText('This question can be finished once you have created an account.')).toBeTruthy();
    expect(document.querySelector('input[type=file]')).toBeNull();
  });
});

describe('a refusal under the question', () => {
  const PROTECTED = 'This PDF is password-protected. Please upload a version without a password.';

  it('keeps the server\'s conversion message, tied to the input and announced, after the toast has gone', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    stubFetch(uploadRoutes({ status: 'FAILED', message: PROTECTED }));
    renderUpload();
    await user.upload(fileInput(), pdfOf('locked.pdf', 10_000));

    await waitFor(() => expect(descriptionOf(fileInput())).toContain(PROTECTED));
    expect(uploadToast()).not.toBeNull();
    expect(fileInput().getAttribute('aria-invalid')).toBe('true');
    const shown = underQuestion(PROTECTED)!;
    expect(shown.closest('.question-errors')).not.toBeNull();
    expect(shown.closest('[aria-live]')?.getAttribute('aria-live')).toBe('polite');

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(uploadToast()).toBeNull();
    expect(descriptionOf(fileInput())).toContain(PROTECTED);
    expect(underQuestion(PROTECTED)).not.toBeNull();
  });

  it('keeps the browser\'s refusal for 10 s and clears it the moment another file is chosen', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const presigned = deferred();
    const routes = uploadRoutes({ status: 'COMPLETED', message: '' });
    const presign = routes['POST /api/presigned-url'] as Answer;
    const calls = stubFetch({ ...routes, 'POST /api/presigned-url': () => presigned.promise.then(() => presign) });
    renderUpload();
    const notReally = uploadMessages.notReally('png');

    await user.upload(fileInput(), new File([new Uint8Array(pdfBytes)], 'scan.png', { type: 'image/png' }));
    await waitFor(() => expect(descriptionOf(fileInput())).toContain(notReally));
    expect(calls.some((call) => call.path === '/api/presigned-url')).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(descriptionOf(fileInput())).toContain(notReally);

    await user.upload(fileInput(), pdfOf('essay.pdf', 10_000));
    expect(await screen.findByText('Uploading…', { selector: 'label' })).toBeTruthy();
    expect(underQuestion(notReally)).toBeNull();
    expect(fileInput().getAttribute('aria-invalid')).toBe('false');
    presigned.resolve();
    expect(await screen.findByText('essay.pdf', {})).toBeTruthy();
    expect(underQuestion(notReally)).toBeNull();
  });

  it('replaces one refusal with the next: a new choice is judged afresh', async () => {
    stubFetch(uploadRoutes({ status: 'FAILED', message: PROTECTED }));
    renderUpload();
    await userEvent.upload(fileInput(), pdfOf('locked.pdf', 10_000));
    await waitFor(() => expect(descriptionOf(fileInput())).toContain(PROTECTED));
    await userEvent.upload(fileInput(), pdfOf('empty.pdf', 0));
    await waitFor(() => expect(descriptionOf(fileInput())).toContain(uploadMessages.empty));
    expect(underQuestion(PROTECTED)).toBeNull();
  });

  it('keeps the message of an upload that could not be sent', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    stubFetch({
      ...uploadRoutes({ status: 'COMPLETED', message: '' }),
      [`POST ${STORE_URL}`]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderUpload();
    await user.upload(fileInput(), pdfOf('essay.pdf', 10_000));
    await waitFor(() => expect(uploadToast()).not.toBeNull());
    const message = within(uploadToast()!).getByText(/./, { selector: '.toast__message' }).textContent!;
    expect(descriptionOf(fileInput())).toContain(message);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(uploadToast()).toBeNull();
    expect(descriptionOf(fileInput())).toContain(message);
  });

  it('keeps the message of a status poll that failed, and polls no more', async () => {
    const { reads } = await uploadWithPolls(() => ({ status: 500, body: { message: 'The conversion could not be read.' } }));
    await waitFor(() => expect(descriptionOf(fileInput())).toContain('The conversion could not be read.'));
    // A 500 is not passing: the first one ends the upload.
    expect(reads()).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(descriptionOf(fileInput())).toContain('The conversion could not be read.');
    expect(reads()).toBe(2);
    expect(screen.getByText('Choose file', { selector: 'label' })).toBeTruthy();
  });

  it('tries a poll a busy server answered 503 again, showing the upload as converting, and completes (issue 25 item 2)', async () => {
    // As many busy answers in a row as are tried again, then the conversion's end.
    const { answers, reads } = await uploadWithPolls((poll) =>
      poll <= CONVERSION_POLL_RETRIES ? { status: 503, body: { message: 'The service is busy. Please try again.' } } : { body: { status: 'COMPLETED', message: '' } },
    );
    await act(() => vi.advanceTimersByTimeAsync(CONVERSION_POLL_RETRIES * CONVERSION_POLL_MS + 1_000));
    await waitFor(() => expect(answers()[KEY]).toBe('ANSWERED'));
    expect(reads()).toBe(2 + CONVERSION_POLL_RETRIES);
    expect(document.body.textContent).not.toContain('The service is busy');
    expect(uploadToast()).toBeNull();
  });

  it('fails the upload when the server stays busy past the polls tried again, and polls no more', async () => {
    const { reads } = await uploadWithPolls(() => ({ status: 503, body: { message: 'The service is busy. Please try again.' } }));
    await act(() => vi.advanceTimersByTimeAsync(CONVERSION_POLL_RETRIES * CONVERSION_POLL_MS + 1_000));
    await waitFor(() => expect(descriptionOf(fileInput())).toContain('The service is busy. Please try again.'));
    expect(reads()).toBe(2 + CONVERSION_POLL_RETRIES);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(reads()).toBe(2 + CONVERSION_POLL_RETRIES);
  });

  it('shows on mount a failed conversion the server still reports, with no toast and the answer untouched', async () => {
    stubFetch({
      'GET /api/document-answer': { body: {} },
      [`GET ${CONVERSION}`]: { body: { status: 'FAILED', message: PROTECTED } },
    });
    const { answers } = renderUpload({ answers: { first_name: 'Ada' } });
    await waitFor(() => expect(descriptionOf(fileInput())).toContain(PROTECTED));
    expect(uploadToast()).toBeNull();
    expect(answers()).toEqual({ first_name: 'Ada' });
  });

  it('follows on mount a conversion still under way to its end', async () => {
    let polls = 0;
    stubFetch({
      'GET /api/document-answer': () => ({ body: polls > 1 ? { [KEY]: { file_name: 'essay.pdf', file_size: 10_000 } } : {} }),
      [`GET ${CONVERSION}`]: () => {
        polls += 1;
        return { body: { status: polls > 1 ? 'COMPLETED' : 'IN_PROGRESS', message: '' } };
      },
    });
    const { answers } = renderUpload();
    expect(await screen.findByText('Converting…', { selector: 'label' })).toBeTruthy();
    expect(await screen.findByText('essay.pdf', {})).toBeTruthy();
    expect(answers()[KEY]).toBe('ANSWERED');
  });
});

describe('upload print view', () => {
  it('names the attached file, with no controls', () => {
    const unnamed = renderPrintedQuestion(question, { answers: { [KEY]: 'ANSWERED' } });
    expect(unnamed.container.textContent).toContain('File attached');
    expect(within(unnamed.container).queryByRole('link')).toBeNull();
    unnamed.unmount();
    const { container } = renderPrintedQuestion(question, { answers: { [KEY]: 'ANSWERED' }, documents: { [KEY]: { file_name: 'cv.pdf', file_size: 10 } } });
    expect(container.textContent).toContain('File attached: cv.pdf');
    // The document opens where the route's print view says.
    expect(within(container).getByRole('link', { name: 'File attached: cv.pdf' }).getAttribute('href')).toBe(testDocumentHref(KEY));
    expect(container.querySelectorAll('input, button')).toHaveLength(0);
  });

  it('prints nothing without a file', () => {
    const { container } = renderPrintedQuestion(question);
    expect(container.textContent).not.toContain('Personal statement');
    expect(container.textContent).not.toContain('File attached');
  });
});

