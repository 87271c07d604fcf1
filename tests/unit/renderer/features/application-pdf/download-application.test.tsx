// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applicationPdfMessages } from '../../../../../common/application-pdf-messages';
import { PDF_STATUS_POLL_MS, PDF_STATUS_SLOW_POLL_MS } from '../../../../../common/constants';
import { AppProviders } from '../../../../../renderer/src/app/providers';
import {
  ApplicationPdfFailedError,
  getApplicationPdf,
  getApplicationPdfQueryOptions,
} from '../../../../../renderer/src/features/application-pdf/api/get-application-pdf';
import {
  DOWNLOAD_LABEL,
  DownloadApplication,
  PREPARING_MESSAGE,
} from '../../../../../renderer/src/features/application-pdf/components/download-application';
import { createQueryClient } from '../../../../../renderer/src/lib/query-client';
import { cookieHeaderAtom } from '../../../../../renderer/src/state/session';
import { PRESENCE_COOKIE } from '../../render-app';

type Status = { status: string; url: string | null };

function stubPdfStatus(answers: Status[]) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      calls.push(String(input));
      const body = answers.length > 1 ? answers.shift()! : answers[0]!;
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

function renderDownload() {
  const store = createStore();
  store.set(cookieHeaderAtom, PRESENCE_COOKIE);
  return render(
    <AppProviders store={store} queryClient={createQueryClient()}>
      <DownloadApplication />
    </AppProviders>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('download the application PDF', () => {
  it('says the PDF is being prepared, politely, with the buttons disabled, until the url comes', async () => {
    const calls = stubPdfStatus([
      { status: 'UNPROCESSED', url: null },
      { status: 'IN_PROGRESS', url: null },
      { status: 'COMPLETED', url: '/api/pdf/file/abc' },
    ]);
    renderDownload();
    expect((await screen.findByRole('status')).textContent).toBe(PREPARING_MESSAGE);
    expect((screen.getByRole('button', { name: DOWNLOAD_LABEL }) as HTMLButtonElement).disabled).toBe(true);

    const link = await screen.findByRole('link', { name: DOWNLOAD_LABEL }, { timeout: 4 * PDF_STATUS_POLL_MS });
    expect(link.getAttribute('href')).toBe('/api/pdf/file/abc');
    expect(screen.getByRole('link', { name: /^Print/ }).getAttribute('href')).toBe('/api/pdf/file/abc?disposition=inline');
    expect(screen.getByRole('status').textContent).toBe('');
    expect(calls.every((path) => path === '/api/pdf')).toBe(true);
  });

  it('polls every second while pending, then every ten minutes', () => {
    const interval = getApplicationPdfQueryOptions().refetchInterval as (query: { state: { data?: Status } }) => number;
    expect(interval({ state: {} })).toBe(PDF_STATUS_POLL_MS);
    expect(interval({ state: { data: { status: 'IN_PROGRESS', url: null } } })).toBe(PDF_STATUS_POLL_MS);
    expect(interval({ state: { data: { status: 'UNPROCESSED', url: null } } })).toBe(PDF_STATUS_POLL_MS);
    expect(interval({ state: { data: { status: 'COMPLETED', url: '/x' } } })).toBe(PDF_STATUS_SLOW_POLL_MS);
  });

  it('throws on FAILED, so the error boundary shows it', async () => {
    stubPdfStatus([{ status: 'FAILED', url: null }]);
    const failure = getApplicationPdf();
    await expect(failure).rejects.toBeInstanceOf(ApplicationPdfFailedError);
    await expect(failure).rejects.toThrow(applicationPdfMessages.failed);
  });
});
