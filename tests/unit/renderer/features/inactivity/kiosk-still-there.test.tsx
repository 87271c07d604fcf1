// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileResponse } from '../../../../../common/api';
import { KIOSK_STEP_LIMIT_MS } from '../../../../../renderer/src/features/inactivity/hooks/use-inactivity-logout';
import { addTypedAnswersAtom } from '../../../../../renderer/src/features/answers/typed-answers';
import { fakeKiosk } from '../../fake-shell';
import { renderApp, stubApi, type StubbedCall } from '../../render-app';

// The kiosk's own times, from the shell's bridge: far shorter than the web's 15 minutes.
const IDLE = 120_000;
const COUNTDOWN = 30_000;

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

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const stillThere = () => screen.queryByRole('alertdialog', { name: 'Still there?' });
const paths = (calls: StubbedCall[]) => calls.map((call) => `${call.method} ${call.path}`);

/** A kiosk whose reset notes what the page held when the shell was asked to wipe. */
function kioskAt(calls: StubbedCall[]) {
  const atReset: { calls: string[]; localStorage: number; sessionStorage: number }[] = [];
  const kiosk = fakeKiosk({
    settings: { idleMs: IDLE, countdownMs: COUNTDOWN },
    reset: async () => {
      atReset.push({ calls: paths(calls), localStorage: localStorage.length, sessionStorage: sessionStorage.length });
    },
  });
  return { ...kiosk, atReset };
}

async function openAt(entry: string, loggedIn: boolean, kiosk: ReturnType<typeof kioskAt>) {
  const app = renderApp(entry, { loggedIn, shell: kiosk.bridge });
  await screen.findByRole('heading', { level: 2, name: 'About You' });
  await act(async () => {
    await import('../../../../../renderer/src/features/inactivity/components/inactivity-guard');
  });
  return app;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the kiosk warns before it resets', () => {
  it('opens Still there? at the idle time: an announced alert dialog, focus on a large I\'m still here, a countdown', async () => {
    const calls = stubApi(server);
    const kiosk = kioskAt(calls);
    await openAt('/about', true, kiosk);
    await advance(IDLE - 5_000);
    expect(stillThere()).toBeNull();
    await advance(6_000);
    const dialog = stillThere()!;
    expect(dialog).not.toBeNull();
    expect(dialog.textContent).toMatch(/In 0:(2\d|30) your answers will be saved, you will be logged out/);
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toContain('cleared for the next person');
    await waitFor(() => expect(document.activeElement?.textContent).toBe("I'm still here"));
    expect(document.activeElement?.className).toContain('button--large');
    expect(screen.queryByRole('dialog', { name: 'Still working?' })).toBeNull();
  });

  it('any touch or key closes it and starts the clock again, as I\'m still here does', async () => {
    const calls = stubApi(server);
    const kiosk = kioskAt(calls);
    await openAt('/about', true, kiosk);
    await advance(IDLE + 1_000);
    expect(stillThere()).not.toBeNull();
    fireEvent.pointerDown(stillThere()!);
    await waitFor(() => expect(stillThere()).toBeNull());
    await advance(IDLE - 5_000);
    expect(stillThere()).toBeNull();
    await advance(6_000);
    fireEvent.keyDown(stillThere()!, { key: 'a' });
    await waitFor(() => expect(stillThere()).toBeNull());
    await advance(IDLE + 1_000);
    fireEvent.click(screen.getByRole('button', { name: "I'm still here" }));
    await waitFor(() => expect(stillThere()).toBeNull());
    // Tab moves between the dialog's buttons; it does not answer it.
    await advance(IDLE + 1_000);
    fireEvent.keyDown(screen.getByRole('button', { name: "I'm still here" }), { key: 'Tab' });
    expect(stillThere()).not.toBeNull();
    expect(paths(calls)).not.toContain('GET /api/logout');
    expect(kiosk.resetSession).not.toHaveBeenCalled();
  });

  it('at zero saves the typed answers, logs out, clears the page\'s storage, then asks the shell to reset', async () => {
    const calls = stubApi(server);
    const kiosk = kioskAt(calls);
    const { store } = await openAt('/about', true, kiosk);
    act(() => store.set(addTypedAnswersAtom, { last_name: 'Hopper' }));
    localStorage.setItem('left-behind', 'x');
    sessionStorage.setItem('left-behind', 'x');
    await advance(IDLE + COUNTDOWN + 1_000);
    await waitFor(() => expect(kiosk.resetSession).toHaveBeenCalledOnce());
    const [reset] = kiosk.atReset;
    expect(reset!.calls.filter((call) => call === 'PUT /api/answer' || call === 'GET /api/logout')).toEqual(['PUT /api/answer', 'GET /api/logout']);
    expect(calls.find((call) => call.method === 'PUT' && call.path === '/api/answer')?.body).toEqual({ last_name: 'Hopper' });
    expect(reset).toMatchObject({ localStorage: 0, sessionStorage: 0 });
  });

  it('does not wait for a save that hangs: the reset comes within a few seconds all the same', async () => {
    const calls = stubApi(server);
    const answered = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'PUT' && String(input) === '/api/answer' ? new Promise<Response>(() => {}) : answered(input, init),
    );
    const kiosk = kioskAt(calls);
    const { store } = await openAt('/about', true, kiosk);
    act(() => store.set(addTypedAnswersAtom, { last_name: 'Hopper' }));
    await advance(IDLE + COUNTDOWN + 1_000);
    expect(kiosk.resetSession).not.toHaveBeenCalled();
    await advance(KIOSK_STEP_LIMIT_MS + 1_000);
    await waitFor(() => expect(kiosk.resetSession).toHaveBeenCalledOnce());
    expect(paths(calls)).toContain('GET /api/logout');
  });

  it('watches a visitor from the first touch, and clears the screen without saving anything', async () => {
    const calls = stubApi(server);
    const kiosk = kioskAt(calls);
    await openAt('/about', false, kiosk);
    // Nobody has touched the start page: no warning, no reset.
    await advance(IDLE + COUNTDOWN + 10_000);
    expect(stillThere()).toBeNull();
    fireEvent.pointerDown(document.body);
    await advance(IDLE + 1_000);
    expect(stillThere()?.textContent).toContain('the screen will be cleared for the next person');
    expect(screen.getByRole('button', { name: 'I have finished: clear the screen' })).toBeTruthy();
    await advance(COUNTDOWN);
    await waitFor(() => expect(kiosk.resetSession).toHaveBeenCalledOnce());
    expect(paths(calls).filter((call) => call === 'PUT /api/answer' || call === 'GET /api/logout')).toEqual([]);
  });
});
