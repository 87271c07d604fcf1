// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileResponse } from '../../../../../common/api';
import { PREFILL_LOGGED_IN_MESSAGE, PREFILL_TOAST_LABEL } from '../../../../../renderer/src/features/prefill/hooks/use-prefill-link';
import { studentAnswersAtom } from '../../../../../renderer/src/features/answers/typed-answers';
import { renderApp, stubApi } from '../../render-app';

const TOKEN = 'B'.repeat(43);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const profile: ProfileResponse = {
  answer: { first_name: 'Grace' },
  document_answer: {},
  username: 'grace@example.edu',
  last_page: '/about',
  successful_login: ['2026-11-01T10:00:00Z'],
  web_status: [{ web_status: 'started', created_at: '2026-11-01T10:00:00Z' }],
};

describe('prefill links', () => {
  it("fills a visitor's form with the link's answers, as typed answers", async () => {
    stubApi({ [`GET /public/tmp?token=${TOKEN}`]: { body: { answer: { first_name: 'Ada', last_name: 'Lovelace' } } } });
    const { store } = renderApp(`/about?token=${TOKEN}`);
    await waitFor(() => expect((screen.getByLabelText(/^First Name/) as HTMLInputElement).value).toBe('Ada'));
    expect((screen.getByLabelText(/^Last Name/) as HTMLInputElement).value).toBe('Lovelace');
    expect(store.get(studentAnswersAtom)).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' });
  });

  it('shows an error toast for a bad link and leaves the form empty', async () => {
    const message = 'This link to a prefilled application has expired. You can still fill in the application yourself.';
    stubApi({ [`GET /public/tmp?token=${TOKEN}`]: { status: 410, body: { message } } });
    const { store } = renderApp(`/about?token=${TOKEN}`);
    const toast = await screen.findByRole('status', { name: PREFILL_TOAST_LABEL });
    expect(toast.textContent).toContain(message);
    expect((screen.getByLabelText(/^First Name/) as HTMLInputElement).value).toBe('');
    expect(store.get(studentAnswersAtom)).toEqual({});
  });

  it("never overwrites a logged-in applicant's answers: the link is ignored with a toast", async () => {
    const calls = stubApi({ 'GET /api/profile': { body: profile } });
    const { store } = renderApp(`/about?token=${TOKEN}`, { loggedIn: true });
    const toast = await screen.findByRole('status', { name: PREFILL_TOAST_LABEL });
    expect(toast.textContent).toContain(PREFILL_LOGGED_IN_MESSAGE);
    expect(store.get(studentAnswersAtom).first_name).toBe('Grace');
    expect(calls.some((call) => call.path.startsWith('/public/tmp'))).toBe(false);
  });
});
