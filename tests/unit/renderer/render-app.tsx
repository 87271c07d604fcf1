import { render } from '@testing-library/react';
import { createStore } from 'jotai';
import { toast } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router-dom';
import { vi } from 'vitest';
import type { ShellBridge } from '../../../common/shell-bridge';
import { AppProviders } from '../../../renderer/src/app/providers';
import { routes } from '../../../renderer/src/app/router';
import { queryClient } from '../../../renderer/src/lib/query-client';
import { cookieHeaderAtom, isServiceUserAtom } from '../../../renderer/src/state/session';
import { shellBridgeAtom } from '../../../renderer/src/state/shell';

export const PRESENCE_COOKIE = 'gradapp-idp.presence=1';

/** Renders the whole app at one entry, as the browser would, with a fresh store and cache. */
export function renderApp(entry: InitialEntry, options: { loggedIn?: boolean; serviceUser?: boolean; shell?: ShellBridge } = {}) {
  queryClient.clear();
  toast.remove();
  const store = createStore();
  store.set(cookieHeaderAtom, options.loggedIn ? PRESENCE_COOKIE : '');
  store.set(isServiceUserAtom, options.serviceUser ?? false);
  // A plain browser unless the test stands in for an Electron shell's preload.
  store.set(shellBridgeAtom, options.shell ?? null);
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  // The app element is the render container, as #root is in the browser.
  const container = document.body.appendChild(document.createElement('div'));
  const result = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
    { container },
  );
  return { ...result, router, store };
}

export interface StubbedCall {
  method: string;
  path: string;
  body: unknown;
}

/** Replaces fetch with a table of JSON answers by "METHOD path"; records every call. */
export function stubApi(answers: Record<string, { status?: number; body: unknown }>) {
  const calls: StubbedCall[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = String(input);
    // An upload's multipart form is kept as it is; every other body is the API's JSON.
    const body = init?.body instanceof FormData ? init.body : init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path, body });
    const answer = answers[`${method} ${path}`];
    if (!answer) return new Response('not stubbed', { status: 500, headers: { 'Content-Type': 'text/plain' } });
    // A 204 carries no body (the Response constructor refuses one).
    return new Response(answer.status === 204 ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}
