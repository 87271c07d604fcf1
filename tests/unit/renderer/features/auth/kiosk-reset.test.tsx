// @vitest-environment happy-dom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileResponse } from '../../../../../common/api';
import { SHELL_BRIDGE_GLOBAL } from '../../../../../common/shell-bridge';
import { INACTIVITY_LOGOUT_MESSAGE } from '../../../../../renderer/src/features/auth/hooks/use-end-session';
import { UNSAVED_ANSWERS_KEY } from '../../../../../renderer/src/features/answers/tab-copies';
import { addTypedAnswersAtom, studentAnswersAtom } from '../../../../../renderer/src/features/answers/typed-answers';
import { isLoggedInAtom } from '../../../../../renderer/src/state/session';
import { usernameAtom } from '../../../../../renderer/src/state/snapshot';
import { fakeKiosk, fakeViewer } from '../../fake-shell';
import { renderApp, stubApi, type StubbedCall } from '../../render-app';

const TIMEOUT = 900_000;

const profile: ProfileResponse = {
  answer: { first_name: 'Ada' },
  document_answer: {},
  username: 'Ada@Example.edu',
  last_page: '/about',
  successful_login: ['2026-11-01T10:00:00Z'],
  web_status: [{ web_status: 'started', created_at: '2026-11-01T10:00:00Z' }],
};

const ok = { body: { message: 'OK.' } };
const server = {
  'GET /api/profile': { body: profile },
  'GET /api/tabs': { body: {} },
  'GET /api/add-another': { body: {} },
  'GET /api/document-answer': { body: {} },
  'PUT /api/last-page': ok,
  'PUT /api/answer': ok,
  'GET /api/logout': { body: { message: 'You are logged out.' } },
  'POST /api/keep-alive': ok,
};

const paths = (calls: StubbedCall[]) => calls.map((call) => `${call.method} ${call.path}`);

/** A kiosk whose reset notes which server calls had been made when the shell was asked to wipe. */
function recordingKiosk(calls: StubbedCall[], reset: () => Promise<void> = async () => undefined) {
  const seenAtReset: string[][] = [];
  const kiosk = fakeKiosk({
    reset: () => {
      seenAtReset.push(paths(calls));
      return reset();
    },
  });
  return { ...kiosk, seenAtReset };
}

async function logOut() {
  await userEvent.click(await screen.findByRole('button', { name: 'Account' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Log Out' }));
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('logging out in the campus kiosk', () => {
  it('asks the shell to wipe the terminal after the server has logged out', async () => {
    const calls = stubApi(server);
    const kiosk = recordingKiosk(calls);
    const { router, store } = renderApp('/about', { loggedIn: true, shell: kiosk.bridge });
    await screen.findByRole('heading', { name: 'Welcome, Ada' });
    await logOut();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(kiosk.resetSession).toHaveBeenCalledOnce());
    expect(kiosk.seenAtReset[0]).toContain('GET /api/logout');
    expect(store.get(isLoggedInAtom)).toBe(false);
    expect(store.get(usernameAtom)).toBeNull();
  });

  it('is logged out all the same when the wipe fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls = stubApi(server);
    const kiosk = recordingKiosk(calls, async () => Promise.reject(new Error('the shell could not clear the cache')));
    const { router, store } = renderApp('/about', { loggedIn: true, shell: kiosk.bridge });
    await screen.findByRole('heading', { name: 'Welcome, Ada' });
    await logOut();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(error).toHaveBeenCalledWith('The kiosk could not reset the session.', expect.any(Error)));
    expect(store.get(isLoggedInAtom)).toBe(false);
    expect(store.get(usernameAtom)).toBeNull();
    expect(store.get(studentAnswersAtom)).toEqual({});
    expect(screen.queryByRole('dialog', { name: 'Unexpected Error' })).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeTruthy();
  });

  it('wipes when the server says the session has ended, and keeps nothing for a next login', async () => {
    const calls = stubApi({ ...server, 'PUT /api/answer': { status: 401, body: { message: 'Your session is invalid.' } } });
    const kiosk = recordingKiosk(calls);
    const { router, store } = renderApp('/about', { loggedIn: true, shell: kiosk.bridge });
    await screen.findByRole('heading', { name: 'Welcome, Ada' });
    act(() => store.set(addTypedAnswersAtom, { last_name: 'Hopper' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(kiosk.resetSession).toHaveBeenCalledOnce());
    expect(sessionStorage.getItem(UNSAVED_ANSWERS_KEY)).toBeNull();
  });
});

describe('the inactivity logout in the campus kiosk', () => {
  it('saves, logs out on the server, then asks the shell to wipe', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubApi(server);
    const kiosk = recordingKiosk(calls);
    const { router, store } = renderApp('/about', { loggedIn: true, shell: kiosk.bridge });
    await screen.findByRole('heading', { name: 'Welcome, Ada' });
    act(() => store.set(addTypedAnswersAtom, { last_name: 'Hopper' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TIMEOUT + 1_000);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(kiosk.resetSession).toHaveBeenCalledOnce());
    const atReset = kiosk.seenAtReset[0]!.filter((call) => call === 'PUT /api/answer' || call === 'GET /api/logout');
    expect(atReset).toEqual(['PUT /api/answer', 'GET /api/logout']);
    expect((await screen.findByLabelText('Login Card Error')).textContent).toContain(INACTIVITY_LOGOUT_MESSAGE);
  });
});

describe('logging out outside the kiosk', () => {
  it('in a browser: only the bridge reader looks at the window, and nothing asks for a wipe', async () => {
    const kiosk = fakeKiosk();
    // Even a bridge put on the window after start is never used: the renderer asks the store.
    vi.stubGlobal(SHELL_BRIDGE_GLOBAL, { mode: 'kiosk', kiosk: { resetSession: kiosk.resetSession, printApplication: kiosk.printApplication } });
    const calls = stubApi(server);
    const { router } = renderApp('/about', { loggedIn: true });
    await screen.findByRole('heading', { name: 'Welcome, Ada' });
    await logOut();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(paths(calls)).toContain('GET /api/logout');
    expect((await screen.findByLabelText('Login Card Error')).textContent).toContain('Your session is invalid.');
    expect(kiosk.resetSession).not.toHaveBeenCalled();
  });

  it('in the desktop viewer: the shell is not asked to print, save or wipe', async () => {
    const viewer = fakeViewer();
    stubApi(server);
    const { router } = renderApp('/about', { loggedIn: true, shell: viewer.bridge });
    await screen.findByRole('heading', { name: 'Welcome, Ada' });
    await logOut();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(viewer.print).not.toHaveBeenCalled();
    expect(viewer.savePdf).not.toHaveBeenCalled();
  });
});
