// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileResponse, WebStatus } from '../../../../common/api';
import { renderApp, stubApi } from '../render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function profile(statuses: WebStatus[], lastPage: string | null = '/about'): ProfileResponse {
  return {
    answer: { first_name: 'Ada' },
    document_answer: {},
    username: 'Ada@Example.edu',
    last_page: lastPage,
    successful_login: ['2026-11-01T10:00:00Z'],
    web_status: statuses.map((web_status) => ({ web_status, created_at: '2026-11-01T10:00:00Z' })),
  };
}

const saved = { body: { message: 'Saved.' } };

describe('route table', () => {
  it.each([
    ['/no/such/page?token=abc&x=1', '?token=abc&x=1'],
    ['/?service_token=s3cret', '?service_token=s3cret'],
    ['/', ''],
  ])('redirects %s to /about keeping the query string', async (entry, search) => {
    stubApi({});
    const { router } = renderApp(entry);
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
    expect(router.state.location.search).toBe(search);
  });

  it('renders each form page lazily with its title', async () => {
    stubApi({});
    renderApp('/education');
    // Two chunks in turn (the form's shell, then the page), each transformed on first use here.
    expect(await screen.findByRole('heading', { level: 2, name: 'Your Academics' })).toBeTruthy();
  });
});

describe('navigation rules', () => {
  it('shows the loading spinner while the profile loads, then the page', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
    renderApp('/about', { loggedIn: true });
    expect(screen.getByRole('status', { name: 'Loading your application' })).toBeTruthy();
    answer(new Response(JSON.stringify(profile(['started'])), { headers: { 'Content-Type': 'application/json' } }));
    expect(await screen.findByRole('heading', { level: 2, name: 'About You' })).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading your application' })).toBeNull();
  });

  it('sends a submitted applicant to /completion', async () => {
    stubApi({ 'GET /api/profile': { body: profile(['started', 'validating', 'submitted'], '/education') } });
    const { router } = renderApp('/education', { loggedIn: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/completion'));
    expect(await screen.findByRole('heading', { name: 'Thanks, Ada' })).toBeTruthy();
  });

  it('sends anyone not submitted away from /completion', async () => {
    stubApi({});
    const { router } = renderApp('/completion');
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
  });

  it('returns a logged-in applicant to the stored last page, once', async () => {
    const calls = stubApi({ 'GET /api/profile': { body: profile(['started'], '/final-steps') }, 'PUT /api/last-page': saved });
    const { router } = renderApp('/about', { loggedIn: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/final-steps'));
    await userEvent.click(await screen.findByRole('link', { name: 'About You' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/api/last-page', body: { last_page: '/about' } },
    ]));
  });

  it('keeps a fresh load of the review page there, not the stored last page; the page after it moves freely (issue 33 item 4)', async () => {
    stubApi({ 'GET /api/profile': { body: profile(['started'], '/final-steps') }, 'PUT /api/last-page': saved });
    const { router } = renderApp('/check-your-answers', { loggedIn: true });
    expect(await screen.findByRole('heading', { level: 2, name: 'Check Your Answers' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/check-your-answers');
    await userEvent.click(screen.getByRole('link', { name: 'About You' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
    expect(await screen.findByRole('heading', { level: 2, name: 'About You' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/about');
  });

  it('lets a submitted applicant open the review page, read-only', async () => {
    stubApi({ 'GET /api/profile': { body: profile(['started', 'validating', 'submitted'], '/final-steps') } });
    const { router } = renderApp('/check-your-answers', { loggedIn: true });
    expect(await screen.findByRole('heading', { level: 2, name: 'Your Answers' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/check-your-answers');
  });

  it('posts web status started for a logged-in applicant without one', async () => {
    const calls = stubApi({ 'GET /api/profile': { body: profile([]) }, 'POST /api/web-status': saved });
    renderApp('/about', { loggedIn: true });
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'POST', path: '/api/web-status', body: { web_status: 'started' } }),
    );
  });

  it('retries the web status twice when it fails', async () => {
    const calls = stubApi({ 'GET /api/profile': { body: profile([]) } });
    renderApp('/about', { loggedIn: true });
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/web-status')).toHaveLength(3));
  });

  it('sends an expired session to /login with the session-invalid toast', async () => {
    stubApi({ 'GET /api/profile': { status: 401, body: { message: 'Your session is invalid.' } } });
    const { router } = renderApp('/about', { loggedIn: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect((await screen.findByLabelText('Login Card Error')).textContent).toContain(
      'Your session is invalid. Please clear your cookies and login again.',
    );
  });

  it('shows an unexpected profile failure in the Unexpected Error dialog', async () => {
    // React reports the caught error on the console; that report is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({ 'GET /api/profile': { status: 500, body: { message: 'The store is unavailable.' } } });
    renderApp('/about', { loggedIn: true });
    const dialog = await screen.findByRole('dialog', { name: 'Unexpected Error' });
    expect(dialog.textContent).toContain('The store is unavailable.');
  });
});
