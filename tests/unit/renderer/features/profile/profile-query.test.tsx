// @vitest-environment happy-dom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileResponse } from '../../../../../common/api';
import { acknowledgedAnswersAtom } from '../../../../../renderer/src/features/answers/answer-store';
import { forgetApplicantAtom } from '../../../../../renderer/src/features/answers/profile-answers';
import { profileAtom } from '../../../../../renderer/src/state/snapshot';
import { queryClient } from '../../../../../renderer/src/lib/query-client';
import { queryKeys } from '../../../../../renderer/src/lib/query-keys';
import { renderApp, stubApi } from '../../render-app';

// Issue 36 item 1: the profile query keeps no answer copy. Its function hands the answers to the
// answer store and the cache holds the profile's details only.

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

const profileWith = (answer: ProfileResponse['answer']): ProfileResponse => ({
  answer,
  document_answer: {},
  username: 'ada@example.edu',
  last_page: '/about',
  successful_login: ['2026-11-01T10:00:00Z'],
  web_status: [{ web_status: 'started', created_at: '2026-11-01T10:00:00Z' }],
});
const ok = { body: { message: 'OK.' } };
const formCalls = (answer: ProfileResponse['answer']) => ({
  'GET /api/profile': { body: profileWith(answer) },
  'GET /api/tabs': { body: {} },
  'GET /api/add-another': { body: {} },
  'GET /api/document-answer': { body: {} },
  'PUT /api/last-page': ok,
  'PUT /api/answer': ok,
});
const field = (id: string) => document.getElementById(id) as HTMLInputElement;
const profileFetches = (calls: { method: string; path: string }[]) => calls.filter((call) => call.method === 'GET' && call.path === '/api/profile').length;

describe('the profile query', () => {
  it('caches the profile without its answers, which reach the answer store', async () => {
    stubApi(formCalls({ first_name: 'Ada' }));
    const { store } = renderApp('/about', { loggedIn: true });
    await waitFor(() => expect(field('first_name').value).toBe('Ada'));
    const cached = queryClient.getQueryData(queryKeys.profile());
    expect(cached).toMatchObject({ username: 'ada@example.edu', web_status: [{ web_status: 'started' }] });
    expect(cached).not.toHaveProperty('answer');
    expect(store.get(acknowledgedAnswersAtom)).toEqual({ first_name: 'Ada' });
  });

  it('fetched again (a reconnection, a submit) delivers the fresh answers, and keeps what was typed and not saved', async () => {
    stubApi(formCalls({ first_name: 'Ada', middle_name: 'K' }));
    const { store } = renderApp('/about', { loggedIn: true });
    await waitFor(() => expect(field('first_name').value).toBe('Ada'));
    await userEvent.type(field('last_name'), 'Typed');
    stubApi(formCalls({ first_name: 'Augusta' }));
    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.profile() }));
    await waitFor(() => expect(field('first_name').value).toBe('Augusta'));
    expect(field('last_name').value).toBe('Typed');
    expect(store.get(acknowledgedAnswersAtom)).toEqual({ first_name: 'Augusta' });
    expect(queryClient.getQueryData(queryKeys.profile())).not.toHaveProperty('answer');
  });

  it('is fetched again when the store forgot the applicant while the cache kept the details: the answers come back', async () => {
    const calls = stubApi(formCalls({ first_name: 'Ada' }));
    const { store } = renderApp('/about', { loggedIn: true });
    await waitFor(() => expect(field('first_name').value).toBe('Ada'));
    expect(profileFetches(calls)).toBe(1);
    act(() => store.set(forgetApplicantAtom));
    await waitFor(() => expect(profileFetches(calls)).toBe(2));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'About You' })).toBeTruthy());
    await waitFor(() => expect(store.get(acknowledgedAnswersAtom)).toEqual({ first_name: 'Ada' }));
  });

  it("hands nothing to the store when the cache is cleared while it is fetched (a session's end): the next person never sees it", async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (String(input) !== '/api/profile') return new Response('not stubbed', { status: 500 });
        await held;
        return new Response(JSON.stringify(profileWith({ first_name: 'Ada' })), { headers: { 'Content-Type': 'application/json' } });
      }),
    );
    const { store } = renderApp('/about', { loggedIn: true });
    await waitFor(() => expect(queryClient.isFetching({ queryKey: queryKeys.profile() })).toBe(1));
    act(() => queryClient.clear());
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.get(acknowledgedAnswersAtom)).toEqual({});
    expect(store.get(profileAtom)).toBeNull();
  });
});
