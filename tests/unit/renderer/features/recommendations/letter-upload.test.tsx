// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConversionStatusResponse } from '../../../../../common/api';
import { CONVERSION_POLL_MS } from '../../../../../common/constants';
import { uploadMessages } from '../../../../../common/uploads/upload-messages';
import { LetterUpload } from '../../../../../renderer/src/features/recommendations/components/letter-upload';
import { buildPdf } from '../../../../../scripts/support/documents';
import { formatFileSize } from '../../../../../renderer/src/features/documents/file-size';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const TOKEN = 'tok_123';
const base = `/public/recommendation/${TOKEN}`;
const pdf = new File([new Uint8Array(await buildPdf(['To whom it may concern: Ngozi Okonkwo-Adébáyọ̀ is the ablest student I have taught.']))], 'letter.pdf', { type: 'application/pdf' });

/**
 * The server as the recommender's page meets it: the upload form, the store, then the statuses given
 * in turn (a number is a poll the server or the network failed with that HTTP status).
 */
function stubServer(statuses: Array<ConversionStatusResponse | number>) {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = String(input);
      calls.push({ method, path, body: init?.body instanceof FormData ? init.body : init?.body ? JSON.parse(String(init.body)) : undefined });
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      if (method === 'POST' && path === `${base}/letter-upload`) return json({ url: '/uploads', fields: { key: 'uploads/acc/letter:r1/abc' } });
      if (method === 'POST' && path === '/uploads') return new Response(null, { status: 204 });
      if (path === `${base}/letter-file`) {
        const next = statuses.length > 1 ? statuses.shift()! : statuses[0]!;
        return typeof next === 'number' ? json({ message: 'The server is busy. Please try again in a moment.' }, next) : json(next, method === 'POST' ? 202 : 200);
      }
      return new Response('not stubbed', { status: 500 });
    }),
  );
  return calls;
}

/** The page's query client, as the app gives it. */
const renderUpload = (onReceived: () => void) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <LetterUpload token={TOKEN} onReceived={onReceived} />
    </QueryClientProvider>,
  );

/** Chooses the file, then sends it (issue 33, item 6: a choice alone sends nothing). */
async function chooseAndSend(file: File) {
  await userEvent.upload(screen.getByLabelText('Your letter as a file'), file);
  await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
}

describe("the recommender's letter as a file", () => {
  it('shows the chosen file by name and size and sends nothing until Send; Choose another replaces it, and the one sent is named when received', async () => {
    const calls = stubServer([{ status: 'COMPLETED', message: '' }]);
    const onReceived = vi.fn();
    renderUpload(onReceived);
    const input = screen.getByLabelText<HTMLInputElement>('Your letter as a file');
    const first = new File([new Uint8Array(await pdf.arrayBuffer())], 'first-draft.pdf', { type: 'application/pdf' });
    await userEvent.upload(input, first);
    expect((await screen.findByRole('status', { name: 'Chosen file' })).textContent).toBe(`Chosen: first-draft.pdf (${formatFileSize(first.size)})`);
    expect(calls).toEqual([]);

    const opened = vi.spyOn(input, 'click').mockImplementation(() => {});
    await userEvent.click(screen.getByRole('button', { name: 'Choose another' }));
    expect(opened).toHaveBeenCalledTimes(1);
    await userEvent.upload(input, pdf);
    expect(screen.getByRole('status', { name: 'Chosen file' }).textContent).toBe(`Chosen: letter.pdf (${formatFileSize(pdf.size)})`);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onReceived).toHaveBeenCalledWith(expect.objectContaining({ fileName: 'letter.pdf' })));
    expect(calls[2]!.body).toEqual({ file_key: 'uploads/acc/letter:r1/abc', file_name: 'letter.pdf' });
  });

  it('uploads the chosen file, follows its conversion and tells the page once the letter is received', async () => {
    const calls = stubServer([
      { status: 'UNPROCESSED', message: '' },
      { status: 'IN_PROGRESS', message: '' },
      { status: 'COMPLETED', message: '' },
    ]);
    const onReceived = vi.fn();
    renderUpload(onReceived);
    await chooseAndSend(pdf);
    expect(await screen.findByText('Converting your letter to PDF…')).toBeTruthy();
    await waitFor(() => expect(onReceived).toHaveBeenCalledTimes(1));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      `POST ${base}/letter-upload`,
      'POST /uploads',
      `POST ${base}/letter-file`,
      `GET ${base}/letter-file`,
      `GET ${base}/letter-file`,
    ]);
    const stored = calls[1]!.body as FormData;
    expect(stored.get('key')).toBe('uploads/acc/letter:r1/abc');
    expect((stored.get('file') as File).name).toBe('letter.pdf');
    expect(calls[2]!.body).toEqual({ file_key: 'uploads/acc/letter:r1/abc', file_name: 'letter.pdf' });
  });

  it("refuses a file the browser can tell is not a document, sending nothing, and says the server's reason for a failed conversion", async () => {
    const calls = stubServer([{ status: 'FAILED', message: 'This file is protected with a password. Please upload a copy without one.' }]);
    const onReceived = vi.fn();
    renderUpload(onReceived);
    const input = screen.getByLabelText('Your letter as a file');
    await userEvent.upload(input, new File(['MZ'], 'letter.exe', { type: '' }), { applyAccept: false });
    expect((await screen.findByRole('alert')).textContent).toBe(`Your file was not sent: ${uploadMessages.wrongType}`);
    expect(calls).toEqual([]);

    await chooseAndSend(pdf);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Your file was not sent: This file is protected with a password. Please upload a copy without one.'));
    expect(onReceived).not.toHaveBeenCalled();
    expect((input as HTMLInputElement).disabled).toBe(false);
  });

  it('keeps following the conversion through a busy server (503) and a lost poll, as every upload does, and receives the letter', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubServer([{ status: 'UNPROCESSED', message: '' }, 503, { status: 'IN_PROGRESS', message: '' }, 502, { status: 'COMPLETED', message: '' }]);
    const onReceived = vi.fn();
    renderUpload(onReceived);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.upload(screen.getByLabelText('Your letter as a file'), pdf);
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    // Four poll intervals: each busy answer is tried again one interval later.
    for (let poll = 0; poll < 4; poll += 1) await act(() => vi.advanceTimersByTimeAsync(CONVERSION_POLL_MS));
    await waitFor(() => expect(onReceived).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.filter((call) => call.path === `${base}/letter-file`)).toHaveLength(5);
  });

  it('says the server refused a poll for good (the link revoked while converting), and lets the recommender choose again', async () => {
    stubServer([{ status: 'UNPROCESSED', message: '' }, 410]);
    const onReceived = vi.fn();
    renderUpload(onReceived);
    await chooseAndSend(pdf);
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Your file was not sent: /);
    expect(onReceived).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Your letter as a file') as HTMLInputElement).disabled).toBe(false);
  });
});
