// @vitest-environment happy-dom
import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANSWER_BASE_HEADER, answerFingerprint } from '../../../../../common/answer-base';
import type { ProfileResponse } from '../../../../../common/api';
import type { ShellBridge } from '../../../../../common/shell-bridge';
import { offlineMessages } from '../../../../../renderer/src/features/answers/components/offline-status';
import { PENDING_ANSWERS_KEY } from '../../../../../renderer/src/lib/pending-answers';
import { UNSAVED_ANSWERS_KEY } from '../../../../../renderer/src/features/answers/tab-copies';
import { studentAnswersAtom } from '../../../../../renderer/src/features/answers/typed-answers';
import { acknowledgedAnswersAtom, markSavedAtom } from '../../../../../renderer/src/features/answers/answer-store';
import { receiveProfileAtom } from '../../../../../renderer/src/features/answers/profile-answers';
import { acknowledge } from '../../acknowledge';
import { fakeKiosk } from '../../fake-shell';
import { renderApp, stubApi } from '../../render-app';

const profile = (answer: Record<string, string> = { first_name: 'Ada' }): ProfileResponse => ({
  answer,
  document_answer: {},
  username: 'Ada@Example.edu',
  last_page: '/about',
  successful_login: ['2026-11-01T10:00:00Z'],
  web_status: [{ web_status: 'started', created_at: '2026-11-01T10:00:00Z' }],
});

const ok = { body: { message: 'OK.' } };
const formCalls = {
  'GET /api/tabs': { body: {} },
  'GET /api/add-another': { body: {} },
  'GET /api/document-answer': { body: {} },
  'PUT /api/last-page': ok,
  'GET /api/profile': { body: profile() },
};

function setBrowserOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/** The app at /about whose answer saves fail as without a network until `reconnect()`. */
async function renderWithOutage(answer: { status?: number; body: unknown } = { body: { message: 'Saved.', newer: {} } }, shell?: ShellBridge) {
  const calls = stubApi({ ...formCalls, 'PUT /api/answer': answer });
  const headers: Array<Record<string, string>> = [];
  let connected = true;
  const fetchStub = vi.mocked(fetch);
  const stubbed = fetchStub.getMockImplementation()!;
  fetchStub.mockImplementation(async (input, init) => {
    if (!connected) throw new TypeError('Failed to fetch');
    if (String(input) === '/api/answer') headers.push(init?.headers as Record<string, string>);
    return stubbed(input, init);
  });
  const app = renderApp('/about', { loggedIn: true, shell });
  // The first render loads the page's lazy module: slower than findBy's default second on a busy machine.
  await screen.findByRole('heading', { level: 2, name: 'About You' });
  return {
    ...app,
    calls,
    headers,
    disconnect: () => {
      connected = false;
      act(() => setBrowserOnline(false));
    },
    reconnect: () => {
      connected = true;
      act(() => setBrowserOnline(true));
    },
  };
}

const answerPuts = (calls: Array<{ method: string; path: string; body: unknown }>) =>
  calls.filter((call) => call.method === 'PUT' && call.path === '/api/answer').map((call) => call.body);
const keptCopy = () => JSON.parse(localStorage.getItem(PENDING_ANSWERS_KEY) ?? 'null') as { account: string; saves: Array<{ patch: unknown }> } | null;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
  // TanStack Query pauses its queries after an 'offline' event until an 'online' one, which an
  // unmounted app no longer hears.
  onlineManager.setOnline(true);
});
afterEach(() => vi.unstubAllGlobals());

describe('saving without a connection', { timeout: 30_000 }, () => {
  it('keeps the answer in the browser for the account, says so, and sends it when the browser is back online', async () => {
    const app = await renderWithOutage();
    app.disconnect();
    await userEvent.type(screen.getByLabelText('Middle Name (optional)'), 'King');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const status = await screen.findByText(offlineMessages.offline);
    expect(status.closest('[role="status"]')).toHaveProperty('textContent', `${offlineMessages.offline} ${offlineMessages.keptUntilOnline}`);
    expect(keptCopy()).toMatchObject({ account: 'ada@example.edu', saves: [{ patch: { middle_name: 'King' } }] });
    expect(answerPuts(app.calls)).toEqual([]);

    app.reconnect();
    await waitFor(() => expect(answerPuts(app.calls)).toEqual([{ middle_name: 'King' }]));
    expect(JSON.parse(app.headers[0]![ANSWER_BASE_HEADER]!)).toEqual({ middle_name: null });
    await screen.findByText(/^Saved at /);
    expect(keptCopy()).toBeNull();
  });

  it('says the server cannot be reached when the browser is online but a save gets no answer', async () => {
    const app = await renderWithOutage({ status: 503, body: { message: 'The service is unavailable right now.' } });
    await userEvent.type(screen.getByLabelText('Middle Name (optional)'), 'King');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(offlineMessages.unreachable);
    expect(screen.getByText(offlineMessages.unreachable).closest('[role="status"]')?.textContent).toContain(offlineMessages.keptUntilReachable);
    expect(keptCopy()?.saves).toHaveLength(1);
    expect(app.router.state.location.pathname).toBe('/about');
  });

  it('sends the saves a closed or crashed page left for this account when the form opens', async () => {
    localStorage.setItem(
      PENDING_ANSWERS_KEY,
      JSON.stringify({ account: 'ada@example.edu', profile: null, saves: [{ id: 'a', queuedAt: 1, patch: { middle_name: 'Left' }, base: { middle_name: null } }] }),
    );
    const app = await renderWithOutage();
    await waitFor(() => expect(answerPuts(app.calls)).toEqual([{ middle_name: 'Left' }]));
    expect(screen.getByLabelText('Middle Name (optional)')).toHaveProperty('value', 'Left');
    expect(keptCopy()).toBeNull();
  });

  it("discards another account's kept saves without sending or showing them", async () => {
    localStorage.setItem(
      PENDING_ANSWERS_KEY,
      JSON.stringify({ account: 'grace@example.edu', profile: null, saves: [{ id: 'g', queuedAt: 1, patch: { middle_name: 'Brewster' }, base: {} }] }),
    );
    const app = await renderWithOutage();
    await waitFor(() => expect(keptCopy()).toBeNull());
    expect(answerPuts(app.calls)).toEqual([]);
    expect(screen.getByLabelText('Middle Name (optional)')).toHaveProperty('value', '');
  });

  it('shows the answer the server kept because another tab saved it since', async () => {
    const app = await renderWithOutage({ body: { message: 'Saved.', newer: { middle_name: 'Newer' } } });
    await userEvent.type(screen.getByLabelText('Middle Name (optional)'), 'Older');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Middle Name (optional)')).toHaveProperty('value', 'Newer'));
    expect(app.store.get(acknowledgedAnswersAtom).middle_name).toBe('Newer');
  });
});

describe('the notice names the last save', { timeout: 30_000 }, () => {
  it('says when the answers were last saved, once a save went through before the connection dropped', async () => {
    const app = await renderWithOutage();
    await userEvent.type(screen.getByLabelText('Middle Name (optional)'), 'K');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/^Saved at /);
    app.disconnect();
    await userEvent.type(screen.getByLabelText('Middle Name (optional)'), 'ing');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const status = (await screen.findByText(offlineMessages.offline)).closest('[role="status"]');
    expect(status?.textContent).toMatch(new RegExp(`^${offlineMessages.offline} ${offlineMessages.keptUntilOnline} Last saved at \\d{1,2}:\\d{2}`));
  });
});

describe('a session that ends while answers wait', { timeout: 30_000 }, () => {
  it('leaves no copy in localStorage: what was not delivered goes to the tab stash for the same applicant', async () => {
    const app = await renderWithOutage({ status: 401, body: { message: 'Your session is invalid.' } });
    await userEvent.type(screen.getByLabelText('Middle Name (optional)'), 'King');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem(PENDING_ANSWERS_KEY)).toBeNull();
    expect(JSON.parse(sessionStorage.getItem(UNSAVED_ANSWERS_KEY)!)).toMatchObject({ answers: { middle_name: 'King' } });
  });

  it('at the kiosk keeps nothing at all: the next person at the terminal is someone else', async () => {
    const kiosk = fakeKiosk();
    const app = await renderWithOutage({ status: 401, body: { message: 'Your session is invalid.' } }, kiosk.bridge);
    app.disconnect();
    await userEvent.type(screen.getByLabelText('Middle Name (optional)'), 'King');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(offlineMessages.offline);
    expect(keptCopy()?.saves).toHaveLength(1);

    app.reconnect();
    await waitFor(() => expect(kiosk.resetSession).toHaveBeenCalled());
    expect(app.router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(PENDING_ANSWERS_KEY)).toBeNull();
    expect(sessionStorage.getItem(UNSAVED_ANSWERS_KEY)).toBeNull();
  });
});

describe('what the page shows after a save or a profile from elsewhere', () => {
  it("shows another tab's delivered answer where nothing was changed here, and keeps a change made here since", () => {
    const store = createStore();
    acknowledge(store, { first_name: 'Ada', middle_name: 'K' });
    store.set(studentAnswersAtom, { first_name: 'Ada', middle_name: 'Typed here' });
    store.set(markSavedAtom, { first_name: 'Augusta', middle_name: 'King' });
    expect(store.get(studentAnswersAtom)).toEqual({ first_name: 'Augusta', middle_name: 'Typed here' });
  });

  it('a profile loaded again replaces the answers not changed here, never the ones changed here', () => {
    const store = createStore();
    store.set(receiveProfileAtom, profile({ first_name: 'Ada', middle_name: 'K' }));
    store.set(studentAnswersAtom, (local) => ({ ...local, last_name: 'Typed' }));
    store.set(receiveProfileAtom, profile({ first_name: 'Augusta' }));
    expect(store.get(studentAnswersAtom)).toMatchObject({ first_name: 'Augusta', last_name: 'Typed' });
    expect(store.get(studentAnswersAtom).middle_name ?? null).toBeNull();
    expect(answerFingerprint(store.get(studentAnswersAtom).middle_name)).toBeNull();
  });
});
