// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServiceApplicationResponse } from '../../../../../common/token-api';
import { studentAnswersAtom } from '../../../../../renderer/src/features/answers/typed-answers';
import { queryClient } from '../../../../../renderer/src/lib/query-client';
import { queryKeys } from '../../../../../renderer/src/lib/query-keys';
import { renderApp, stubApi } from '../../render-app';

const TOKEN = 'A'.repeat(43);

const application: ServiceApplicationResponse = {
  answer: {
    first_name: 'Ada',
    last_name: 'Lovelace',
    campus_preferrence: 'M',
    applied_major: 'MSCS',
    resume_doc: 'ANSWERED',
    legal_agree: true,
  },
  add_another: { college: 2 },
  document_answer: { resume_doc: { file_name: 'resume.pdf', file_size: 12_000 } },
  tabs: { resume: 'upload' },
};

/** The service view reads its token from the address bar, as the browser gives it. */
function openServiceLink(search: string) {
  window.history.replaceState(null, '', `/about${search}`);
  return renderApp(`/about${search}`, { serviceUser: true });
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('service view', () => {
  it('shows the three pages read-only from /service/tmp-pdf, with no profile call and no controls', async () => {
    const calls = stubApi({ [`GET /service/tmp-pdf?service_token=${TOKEN}`]: { body: application } });
    const { container, store } = openServiceLink(`?service_token=${TOKEN}`);

    expect(await screen.findByRole('heading', { level: 2, name: 'About You' })).toBeTruthy();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['About You', 'Your Academics', 'Final Steps']);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('Applicant: Ada Lovelace')).toBeTruthy();

    expect(container.querySelectorAll('input, select, textarea, button')).toHaveLength(0);
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(container.textContent).toContain('[X]');
    expect(container.textContent).toContain('[ ]');
    expect(screen.getByText('Ada')).toBeTruthy();

    const link = screen.getByRole('link', { name: 'File attached: resume.pdf' });
    expect(link.getAttribute('href')).toBe(`/service/document/resume_doc?service_token=${TOKEN}`);

    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([`GET /service/tmp-pdf?service_token=${TOKEN}`]);
    // The view prints the response it was given; the form's own state is left as it was.
    expect(store.get(studentAnswersAtom)).toEqual({});
    expect(queryClient.getQueryData(queryKeys.documentAnswers())).toBeUndefined();
  });

  it('says why a wrong or expired link cannot be shown', async () => {
    const message = 'This service link has expired. Ask the admissions office for a new link.';
    stubApi({ [`GET /service/tmp-pdf?service_token=${TOKEN}`]: { status: 403, body: { message } } });
    openServiceLink(`?service_token=${TOKEN}`);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(message)).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: 'About You' })).toBeNull();
  });

  it('says so when the link has no token at all, without calling the server', async () => {
    const calls = stubApi({});
    openServiceLink('?service_token=');
    expect(await screen.findByRole('alert')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('service_token is missing'));
    expect(calls).toEqual([]);
  });
});
