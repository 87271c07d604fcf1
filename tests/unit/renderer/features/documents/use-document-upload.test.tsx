// @vitest-environment happy-dom
// Issue 36 item 3: one upload state machine for an answer's document, a checklist item and a letter.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConversionStatusResponse } from '../../../../../common/api';
import { type DocumentUploadCallbacks, useDocumentUpload } from '../../../../../renderer/src/features/documents/hooks/use-document-upload';
import { phaseOf } from '../../../../../renderer/src/features/documents/upload-phase';
import { DEFAULT_UPLOAD_FAILURE } from '../../../../../renderer/src/features/documents/upload-failure';
import type { UploadTarget } from '../../../../../renderer/src/features/documents/api/upload-target';
import { conversionPath } from '../../../../../common/api';
import { queryKeys } from '../../../../../renderer/src/lib/query-keys';
import { buildPdf } from '../../../../../scripts/support/documents';

afterEach(() => vi.unstubAllGlobals());

const PROTECTED = 'This PDF is password-protected. Please upload a version without a password.';
const pdfOf = async (name: string) => new File([new Uint8Array(await buildPdf())], name, { type: 'application/pdf' });
const status = (value: ConversionStatusResponse['status'], message = ''): ConversionStatusResponse => ({ status: value, message });

/**
 * The server as an upload meets it: `presignPath` answers the upload form, the store takes the file
 * when `stored` resolves, and `statusPath` gives the statuses in turn (the last one repeats).
 */
function stubServer({ presignPath, statusPath, statuses, stored = Promise.resolve() }: { presignPath: string; statusPath: string; statuses: ConversionStatusResponse[]; stored?: Promise<void> }) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = String(input);
      calls.push(`${method} ${path}`);
      const json = (body: unknown, code = 200) => new Response(JSON.stringify(body), { status: code, headers: { 'Content-Type': 'application/json' } });
      if (method === 'POST' && path === presignPath) return json({ url: '/store', fields: { key: 'uploads/abc' } });
      if (method === 'POST' && path === '/store') return stored.then(() => new Response(null, { status: 204 }));
      if (path === statusPath) return json(statuses.length > 1 ? statuses.shift() : statuses[0], method === 'POST' ? 202 : 200);
      return new Response('not stubbed', { status: 500 });
    }),
  );
  return calls;
}

function renderUpload(target: UploadTarget, callbacks?: DocumentUploadCallbacks) {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { client, ...renderHook(() => useDocumentUpload(target, callbacks), { wrapper }) };
}

const checklistTarget: UploadTarget = { kind: 'checklist', documentKey: 'resume' };
const checklistServer = (statuses: ConversionStatusResponse[], stored?: Promise<void>) =>
  stubServer({ presignPath: '/api/presigned-url', statusPath: '/api/checklist/documents/resume', statuses, stored });

describe('useDocumentUpload', () => {
  it('is idle, then uploading while the store has the file, converting while pending, and received once completed; the checklist is read again', async () => {
    let store = () => {};
    const stored = new Promise<void>((resolve) => (store = resolve));
    const calls = checklistServer([status('NOT_ANSWERED'), status('UNPROCESSED'), status('IN_PROGRESS'), status('COMPLETED')], stored);
    const { result, client } = renderUpload(checklistTarget);
    const invalidated = vi.spyOn(client, 'invalidateQueries');
    await waitFor(() => expect(calls).toContain('GET /api/checklist/documents/resume'));
    expect(result.current.phase).toEqual({ step: 'idle' });

    let sending!: Promise<void>;
    act(() => void (sending = result.current.choose([new File(['x'], 'resume.pdf', { type: 'application/pdf' })]).then(() => undefined)));
    // The browser's checks come first: this file is no PDF, so nothing is sent.
    await act(() => sending);
    expect(result.current.phase.step).toBe('failed');
    expect(calls).not.toContain('POST /api/presigned-url');

    const file = await pdfOf('resume.pdf');
    act(() => void (sending = result.current.choose([file])));
    await waitFor(() => expect(result.current.phase).toEqual({ step: 'uploading' }));
    await waitFor(() => expect(calls).toContain('POST /store'));
    expect(result.current.phase).toEqual({ step: 'uploading' });
    store();
    await act(() => sending);
    expect(calls).toContain('POST /api/checklist/documents/resume');
    await waitFor(() => expect(result.current.phase).toEqual({ step: 'converting' }));
    await waitFor(() => expect(result.current.phase).toEqual({ step: 'received' }), { timeout: 10_000 });
    expect(invalidated).toHaveBeenCalledWith({ queryKey: queryKeys.checklist() });
  }, 20_000);

  it("shows the server's message when the conversion is refused, and a file chosen again replaces it and is received", async () => {
    checklistServer([status('NOT_ANSWERED'), status('FAILED', PROTECTED)]);
    const { result } = renderUpload(checklistTarget);
    await act(() => result.current.choose([]));
    expect(result.current.phase.step).toBe('failed');
    await act(async () => result.current.choose([await pdfOf('locked.pdf')]));
    await waitFor(() => expect(result.current.phase).toEqual({ step: 'failed', message: PROTECTED }));

    checklistServer([status('COMPLETED')]);
    await act(async () => result.current.choose([await pdfOf('unlocked.pdf')]));
    await waitFor(() => expect(result.current.phase).toEqual({ step: 'received' }));
  });

  it("a letter follows only the file sent in this visit, and a refused start's message shows", async () => {
    const calls = stubServer({
      presignPath: '/public/recommendation/tok/letter-upload',
      statusPath: '/public/recommendation/tok/letter-file',
      statuses: [status('FAILED', PROTECTED)],
    });
    const { result } = renderUpload({ kind: 'letter', token: 'tok' });
    const file = await act(async () => result.current.check([await pdfOf('letter.pdf')]));
    expect(file?.name).toBe('letter.pdf');
    expect(result.current.phase).toEqual({ step: 'idle' });
    expect(calls).toEqual([]);
    await act(() => result.current.send(file!));
    await waitFor(() => expect(result.current.phase).toEqual({ step: 'failed', message: PROTECTED }));
    expect(calls.slice(0, 3)).toEqual(['POST /public/recommendation/tok/letter-upload', 'POST /store', 'POST /public/recommendation/tok/letter-file']);
  });
});

describe('useDocumentUpload for an answer', () => {
  const answerTarget: UploadTarget = { kind: 'answer', answerKey: 'cv' };
  const answerServer = (statuses: ConversionStatusResponse[], stored?: Promise<void>) =>
    stubServer({ presignPath: '/api/presigned-url', statusPath: conversionPath('cv'), statuses, stored });

  it('follows a conversion found under way on mount as its own, and calls back once when it is received', async () => {
    const calls = answerServer([status('IN_PROGRESS'), status('IN_PROGRESS'), status('COMPLETED')]);
    const onReceived = vi.fn();
    const { result } = renderUpload(answerTarget, { onReceived });
    await waitFor(() => expect(result.current.phase).toEqual({ step: 'received' }), { timeout: 10_000 });
    await waitFor(() => expect(onReceived).toHaveBeenCalledTimes(1));
    expect(onReceived).toHaveBeenCalledWith(undefined);
    // Read on mount, then polled until done: an answer's earlier status is not followed otherwise.
    expect(calls.filter((call) => call === `GET ${conversionPath('cv')}`).length).toBeGreaterThanOrEqual(3);
  }, 20_000);

  it('is validating while the file is checked, counts as UNPROCESSED while it is sent, and calls back the refusal of a send that failed', async () => {
    let store = () => {};
    const stored = new Promise<void>((resolve) => (store = resolve));
    const calls = answerServer([status('NOT_ANSWERED')], stored);
    const onRefused = vi.fn();
    const onReceived = vi.fn();
    const { result, client } = renderUpload(answerTarget, { onRefused, onReceived });
    await waitFor(() => expect(calls).toContain(`GET ${conversionPath('cv')}`));
    const file = await pdfOf('cv.pdf');
    let sending!: Promise<void>;
    act(() => void (sending = result.current.choose([file])));
    expect(result.current.validating).toBe(true);
    await waitFor(() => expect(result.current.phase).toEqual({ step: 'uploading' }));
    expect(result.current.validating).toBe(false);
    expect(client.getQueryData(queryKeys.conversionStatus('cv'))).toEqual(status('UNPROCESSED'));
    // The store refuses the file: the send fails, its message is called back and shown.
    vi.stubGlobal('fetch', vi.fn(async () => new Response('no', { status: 500 })));
    store();
    await act(() => sending);
    expect(result.current.phase.step).toBe('failed');
    expect(onRefused).toHaveBeenCalledTimes(1);
    expect(onRefused).toHaveBeenCalledWith((result.current.phase as { message: string }).message);
    expect(client.getQueryData(queryKeys.conversionStatus('cv'))).toBeUndefined();
    expect(onReceived).not.toHaveBeenCalled();
  });
});

describe('phaseOf', () => {
  const none = { data: undefined, error: null };
  it("reads an earlier visit's status only where asked, and follows a file sent to its end", () => {
    expect(phaseOf({ step: 'idle' }, { data: status('FAILED', PROTECTED), error: null }, true)).toEqual({ step: 'failed', message: PROTECTED });
    expect(phaseOf({ step: 'idle' }, { data: status('FAILED', PROTECTED), error: null }, false)).toEqual({ step: 'idle' });
    expect(phaseOf({ step: 'idle' }, { data: status('IN_PROGRESS'), error: null }, true)).toEqual({ step: 'converting' });
    expect(phaseOf({ step: 'idle' }, { data: status('NOT_ANSWERED'), error: new Error('x') }, true)).toEqual({ step: 'idle' });
    expect(phaseOf({ step: 'sent' }, none, false)).toEqual({ step: 'converting' });
    expect(phaseOf({ step: 'sent' }, { data: status('NOT_ANSWERED'), error: null }, true)).toEqual({ step: 'failed', message: DEFAULT_UPLOAD_FAILURE });
    expect(phaseOf({ step: 'uploading' }, { data: status('COMPLETED'), error: null }, true)).toEqual({ step: 'uploading' });
  });
});
