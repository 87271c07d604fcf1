// @vitest-environment happy-dom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileResponse } from '../../../../../common/api';
import { UNSAVED_ANSWERS_KEY, VISITOR_ANSWERS_KEY } from '../../../../../renderer/src/features/answers/tab-copies';
import { addTypedAnswersAtom, showServerAnswersAtom } from '../../../../../renderer/src/features/answers/typed-answers';
import { renderApp, stubApi } from '../../render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

const tabCopy = () => JSON.parse(sessionStorage.getItem(VISITOR_ANSWERS_KEY) ?? 'null') as unknown;
const firstName = () => document.getElementById('first_name') as HTMLInputElement;

const profile: ProfileResponse = {
  answer: { last_name: 'Hopper' },
  document_answer: {},
  username: 'grace@example.edu',
  last_page: '/about',
  successful_login: ['2026-11-01T10:00:00Z'],
  web_status: [{ web_status: 'started', created_at: '2026-11-01T10:00:00Z' }],
};
const ok = { body: { message: 'OK.' } };
const formCalls = {
  'GET /api/profile': { body: profile },
  'GET /api/tabs': { body: {} },
  'GET /api/add-another': { body: {} },
  'GET /api/document-answer': { body: {} },
  'PUT /api/last-page': ok,
};

describe("a visitor's answers kept in the tab until the account exists", () => {
  it("copies a visitor's typing to sessionStorage, never localStorage, and a reloaded page takes it back", async () => {
    stubApi({});
    const first = renderApp('/about');
    await screen.findByRole('heading', { level: 2, name: 'About You' });
    await userEvent.type(firstName(), 'Grace');
    expect(tabCopy()).toEqual({ first_name: 'Grace' });
    expect(localStorage.length).toBe(0);
    first.unmount();

    renderApp('/about');
    await screen.findByRole('heading', { level: 2, name: 'About You' });
    await waitFor(() => expect(firstName().value).toBe('Grace'));
  });

  it('sends the copy through the normal save once logged in, then drops it', async () => {
    sessionStorage.setItem(VISITOR_ANSWERS_KEY, JSON.stringify({ first_name: 'Grace' }));
    const calls = stubApi({ ...formCalls, 'PUT /api/answer': ok });
    renderApp('/about', { loggedIn: true });
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT' && call.path === '/api/answer')?.body).toEqual({ first_name: 'Grace' }));
    await waitFor(() => expect(sessionStorage.getItem(VISITOR_ANSWERS_KEY)).toBeNull());
    expect(firstName().value).toBe('Grace');
  });

  it("keeps the copy while the save is refused, and never copies a logged-in applicant's answers", async () => {
    sessionStorage.setItem(VISITOR_ANSWERS_KEY, JSON.stringify({ first_name: 'Grace' }));
    stubApi({ ...formCalls, 'PUT /api/answer': { status: 503, body: { message: 'Unavailable.' } } });
    const { store } = renderApp('/about', { loggedIn: true });
    await screen.findByRole('heading', { level: 2, name: 'About You' });
    act(() => store.set(addTypedAnswersAtom, { middle_name: 'Brewster' }));
    expect(tabCopy()).toEqual({ first_name: 'Grace' });
  });

  it('drops the copy when the session that took it over expires, its save still waiting', async () => {
    sessionStorage.setItem(VISITOR_ANSWERS_KEY, JSON.stringify({ first_name: 'Grace' }));
    stubApi({ ...formCalls, 'PUT /api/answer': { status: 503, body: { message: 'Unavailable.' } } });
    const { router } = renderApp('/about', { loggedIn: true });
    await screen.findByRole('heading', { level: 2, name: 'About You' });
    stubApi({ ...formCalls, 'PUT /api/answer': { status: 401, body: { message: 'Your session is invalid.' } } });
    await userEvent.click(screen.getByRole('link', { name: 'Your Academics' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sessionStorage.getItem(VISITOR_ANSWERS_KEY)).toBeNull();
  });

  it('keeps the copy for the next login when its first save meets an ended session (a 401)', async () => {
    sessionStorage.setItem(VISITOR_ANSWERS_KEY, JSON.stringify({ first_name: 'Grace' }));
    stubApi({ ...formCalls, 'PUT /api/answer': { status: 401, body: { message: 'Your session is invalid.' } } });
    const { router } = renderApp('/about', { loggedIn: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem(UNSAVED_ANSWERS_KEY) ?? 'null')).toMatchObject({
        username: 'grace@example.edu',
        answers: { first_name: 'Grace' },
      }),
    );
    expect(sessionStorage.getItem(VISITOR_ANSWERS_KEY)).toBeNull();
  });

  it('never copies what a service link shows', async () => {
    stubApi({});
    const { store } = renderApp('/about', { serviceUser: true });
    act(() => store.set(showServerAnswersAtom, { first_name: 'Grace' }));
    expect(sessionStorage.getItem(VISITOR_ANSWERS_KEY)).toBeNull();
  });
});
