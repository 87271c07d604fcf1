// @vitest-environment happy-dom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileResponse } from '../../../../../common/api';
import { UNSAVED_ANSWERS_KEY } from '../../../../../renderer/src/features/answers/tab-copies';
import { addTypedAnswersAtom, studentAnswersAtom } from '../../../../../renderer/src/features/answers/typed-answers';
import { renderApp, stubApi } from '../../render-app';

function profile(username: string): ProfileResponse {
  return {
    answer: { first_name: 'Ada' },
    document_answer: {},
    username,
    last_page: '/about',
    successful_login: ['2026-11-01T10:00:00Z'],
    web_status: [{ web_status: 'started', created_at: '2026-11-01T10:00:00Z' }],
  };
}

const ok = { body: { message: 'OK.' } };
const formCalls = {
  'GET /api/tabs': { body: {} },
  'GET /api/add-another': { body: {} },
  'GET /api/document-answer': { body: {} },
  'PUT /api/last-page': ok,
};
const expired = { status: 401, body: { message: 'Your session is invalid.' } };

/** The applicant types, leaves the page, and the save meets an expired session. */
async function loseTheSession() {
  stubApi({ ...formCalls, 'GET /api/profile': { body: profile('Ada@Example.edu') }, 'PUT /api/answer': expired });
  const app = renderApp('/about', { loggedIn: true });
  await screen.findByRole('heading', { level: 2, name: 'About You' });
  act(() => app.store.set(addTypedAnswersAtom, { first_name: 'Grace' }));
  await userEvent.click(screen.getByRole('link', { name: 'Your Academics' }));
  await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
  return app;
}

/** Logs in through the card; the browser stores the presence cookie the response sets. */
async function logInAs(username: string) {
  const calls = stubApi({ ...formCalls, 'POST /public/login': ok, 'GET /api/profile': { body: profile(username) }, 'PUT /api/answer': ok });
  const fetchStub = vi.mocked(fetch);
  const answer = fetchStub.getMockImplementation()!;
  fetchStub.mockImplementation(async (input, init) => {
    if (String(input) === '/public/login') document.cookie = 'gradapp-idp.presence=1; path=/';
    return answer(input, init);
  });
  await userEvent.type(await screen.findByLabelText('Email'), username);
  await userEvent.type(screen.getByLabelText('Password'), 'Correct-Horse-9');
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
  await screen.findByRole('heading', { level: 2, name: 'About You' });
  return calls;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  document.cookie = 'gradapp-idp.presence=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  vi.unstubAllGlobals();
});

describe('answers a save could not deliver', () => {
  it('are kept in this tab under the username when the session has expired', async () => {
    await loseTheSession();
    expect(JSON.parse(sessionStorage.getItem(UNSAVED_ANSWERS_KEY)!)).toMatchObject({
      username: 'Ada@Example.edu',
      answers: { first_name: 'Grace' },
    });
  });

  it('are saved once the same applicant logs back in, then forgotten', async () => {
    const { store } = await loseTheSession();
    const calls = await logInAs('ada@example.edu');
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PUT' && call.path === '/api/answer').map((call) => call.body)).toEqual([
        { first_name: 'Grace' },
      ]),
    );
    await waitFor(() => expect(sessionStorage.getItem(UNSAVED_ANSWERS_KEY)).toBeNull());
    expect(store.get(studentAnswersAtom).first_name).toBe('Grace');
  });

  it('never reach another applicant who logs in, and are discarded', async () => {
    const { store } = await loseTheSession();
    const calls = await logInAs('bob@example.edu');
    await waitFor(() => expect(store.get(studentAnswersAtom).first_name).toBe('Ada'));
    expect(calls.filter((call) => call.path === '/api/answer')).toEqual([]);
    expect(sessionStorage.getItem(UNSAVED_ANSWERS_KEY)).toBeNull();
  });

  it('are dropped when the applicant chooses Log Out', async () => {
    await loseTheSession();
    sessionStorage.setItem(UNSAVED_ANSWERS_KEY, JSON.stringify({ username: 'x@example.edu', answers: { a: 'b' }, stashedAt: Date.now() }));
    stubApi({ ...formCalls, 'GET /api/profile': { body: profile('Ada@Example.edu') }, 'GET /api/logout': ok });
    const app = renderApp('/about', { loggedIn: true });
    await screen.findByRole('heading', { level: 2, name: 'About You' });
    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
    expect(sessionStorage.getItem(UNSAVED_ANSWERS_KEY)).toBeNull();
  });
});
