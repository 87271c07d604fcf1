// @vitest-environment happy-dom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileResponse } from '../../../../../common/api';
import { tenant } from '../../../../../common/form/tenant';
import { addTypedAnswersAtom, studentAnswersAtom } from '../../../../../renderer/src/features/answers/typed-answers';
import { hasChangedPageAtom } from '../../../../../renderer/src/state/snapshot';
import { renderApp, stubApi } from '../../render-app';

afterEach(() => vi.unstubAllGlobals());

const profile: ProfileResponse = {
  answer: { first_name: 'Ada' },
  document_answer: {},
  username: 'Ada.Lovelace@Example.edu',
  last_page: '/about',
  successful_login: ['2026-11-01T10:00:00Z', '2026-11-02T10:00:00Z'],
  web_status: [{ web_status: 'started', created_at: '2026-11-01T10:00:00Z' }],
};

describe('form layout for a visitor', () => {
  it('has the landmarks, the title banner, the welcome banner and tabs that replace history', async () => {
    stubApi({});
    const { router } = renderApp('/about');
    await screen.findByRole('heading', { level: 2, name: 'About You' });
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: tenant.application_title })).toBeTruthy();
    expect(screen.getByRole('img', { name: tenant.partner_logo_alt })).toBeTruthy();
    expect(screen.getByRole('heading', { name: `Welcome to the ${tenant.application_title}!` })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'click here to log back in' }).getAttribute('href')).toBe('/login');

    const nav = screen.getByRole('navigation', { name: 'Application pages' });
    expect(within(nav).getByRole('link', { name: 'About You' }).getAttribute('aria-current')).toBe('page');
    await userEvent.click(within(nav).getByRole('link', { name: 'Your Academics' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/education'));
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Your Academics' }).getAttribute('aria-current')).toBe('page'),
    );
  });

  it('sends a visitor who has typed answers to /signup from the tabs, answers in hand', async () => {
    stubApi({});
    const { router, store } = renderApp('/about');
    await screen.findByRole('heading', { level: 2, name: 'About You' });
    act(() => store.set(addTypedAnswersAtom, { first_name: 'Ada' }));
    await userEvent.click(screen.getByRole('link', { name: 'Final Steps' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    expect(store.get(studentAnswersAtom)).toEqual({ first_name: 'Ada' });
    expect(store.get(hasChangedPageAtom)).toBe(true);
  });

  it('offers Sign In and Create Account in the account popover', async () => {
    stubApi({});
    const { router } = renderApp('/about');
    await userEvent.click(await screen.findByRole('button', { name: 'Account' }));
    const popover = screen.getByRole('dialog', { name: 'Account' });
    expect(within(popover).getByRole('link', { name: 'Create Account' }).getAttribute('href')).toBe('/signup');
    await userEvent.click(within(popover).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Account' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    await userEvent.click(screen.getByRole('link', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('opens the Help modal with the help e-mail and the office phone', async () => {
    stubApi({});
    renderApp('/about');
    await userEvent.click(await screen.findByRole('button', { name: 'Help' }));
    const dialog = await screen.findByRole('dialog', { name: 'Help' });
    expect(within(dialog).getByRole('link', { name: tenant.help_email }).getAttribute('href')).toBe(`mailto:${tenant.help_email}`);
    expect(within(dialog).getByRole('link', { name: tenant.phone }).getAttribute('href')).toBe('tel:+14105550142');
    expect(dialog.textContent).toContain("We'll get back to you ASAP");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Help' })).toBeNull());
  });

  it('explains both cookies in the privacy notice', async () => {
    stubApi({});
    renderApp('/about');
    await userEvent.click(await screen.findByRole('button', { name: 'Privacy Policy and Cookie Notice' }));
    const dialog = screen.getByRole('dialog', { name: 'Privacy Policy and Cookie Notice' });
    expect(dialog.textContent).toContain('gradapp-idp.session');
    expect(dialog.textContent).toContain('gradapp-idp.presence');
    expect(within(dialog).getAllByRole('link').map((link) => link.getAttribute('href'))).toContain(tenant.links.privacy_policy);
  });
});

describe('form layout for a logged-in applicant', () => {
  it('greets a returning applicant briefly, tells no one to pay or resubmit before submission, and logs out to /login', async () => {
    const calls = stubApi({ 'GET /api/profile': { body: profile }, 'GET /api/logout': { body: { message: 'Logged out.' } } });
    const { router } = renderApp('/about', { loggedIn: true });
    const welcome = await screen.findByRole('region', { name: 'Welcome back, Ada' });
    expect(welcome.textContent).toContain('Answer the questions on each page, then check your answers and submit your application.');
    // The spec's thanks and the steps after submission are true only after it (issue 33, item 3).
    expect(screen.queryByText(/Congratulations/)).toBeNull();
    expect(screen.queryByText(/almost finished/i)).toBeNull();
    expect(screen.queryByText(/resubmit/)).toBeNull();
    expect(screen.queryByText(/application fee/)).toBeNull();
    expect(screen.queryByRole('heading', { name: /Welcome to the/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    const popover = screen.getByRole('dialog', { name: 'Account' });
    await waitFor(() => expect(popover.textContent).toContain('ada.lovelace@example.edu'));
    await userEvent.click(await within(popover).findByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('GET /api/logout');
    expect((await screen.findByLabelText('Login Card Error')).textContent).toContain('Your session is invalid.');
  });

  it("thanks a submitted applicant with the spec's two sentences, and the steps greet by preferred name in upper case", async () => {
    const submitted: ProfileResponse = {
      ...profile,
      answer: { first_name: 'Augusta', preferred_name: 'Ada' },
      web_status: (['started', 'validating', 'submitted'] as const).map((web_status) => ({ web_status, created_at: '2026-11-03T10:00:00Z' })),
    };
    stubApi({ 'GET /api/profile': { body: submitted } });
    const { router } = renderApp('/about', { loggedIn: true });
    const thanks = await screen.findByRole('region', { name: 'Thanks, Augusta' });
    expect(router.state.location.pathname).toBe('/completion');
    expect(within(thanks).getByText('Congratulations on completing the online portion of your application!')).toBeTruthy();
    expect(within(thanks).getByText('Take these last steps to finish up your application.')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: "ADA, you're almost finished!" })).toBeTruthy();
    expect(screen.queryByRole('region', { name: /Welcome/ })).toBeNull();
    expect(screen.queryByText(/resubmit/)).toBeNull();
  });

  it('marks has_changed_page when the applicant leaves a page by any way, not only by a tab (spec platform section 4)', async () => {
    stubApi({ 'GET /api/profile': { body: profile }, 'PUT /api/answer': { body: { message: 'Saved.' } }, 'PUT /api/last-page': { body: {} } });
    const { router, store } = renderApp('/about', { loggedIn: true });
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada' })).toBeTruthy();
    expect(store.get(hasChangedPageAtom)).toBe(false);
    // An error-summary link or the browser's Back moves the router, not a tab.
    await act(() => router.navigate('/education'));
    await waitFor(() => expect(store.get(hasChangedPageAtom)).toBe(true));
    expect(router.state.location.pathname).toBe('/education');
  });

  it('welcomes a brand-new applicant with no name yet, not as coming back, and does not congratulate them', async () => {
    const brandNew: ProfileResponse = { ...profile, answer: {}, successful_login: ['2026-11-02T10:00:00Z'], web_status: [] };
    stubApi({ 'GET /api/profile': { body: brandNew }, 'POST /api/web-status': { body: { message: 'ok' } } });
    renderApp('/about', { loggedIn: true });
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeTruthy();
    expect(screen.queryByText(/Congratulations/)).toBeNull();
    expect(screen.queryByRole('heading', { name: /almost finished/ })).toBeNull();
    expect(screen.queryByText(/Welcome back/)).toBeNull();
  });

  it('shows a failed logout in the Unexpected Error dialog', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({ 'GET /api/profile': { body: profile }, 'GET /api/logout': { status: 503, body: { message: 'Please try again in a minute.' } } });
    renderApp('/about', { loggedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Account' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Log Out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unexpected Error' });
    expect(dialog.textContent).toContain('Please try again in a minute.');
    vi.restoreAllMocks();
  });
});

describe('form layout for a service user', () => {
  it('shows the page alone: no header, tabs, account menu or footer', async () => {
    const token = 'S'.repeat(43);
    stubApi({ [`GET /service/tmp-pdf?service_token=${token}`]: { body: { answer: {}, add_another: {}, document_answer: {}, tabs: {} } } });
    window.history.replaceState(null, '', `/about?service_token=${token}`);
    renderApp(`/about?service_token=${token}`, { serviceUser: true });
    await screen.findByRole('heading', { level: 2, name: 'About You' });
    window.history.replaceState(null, '', '/');
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Account' })).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });
});
