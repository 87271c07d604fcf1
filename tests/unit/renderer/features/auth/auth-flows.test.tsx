// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileResponse } from '../../../../../common/api';
import { queryClient } from '../../../../../renderer/src/lib/query-client';
import { queryKeys } from '../../../../../renderer/src/lib/query-keys';
import { renderApp, stubApi } from '../../render-app';

afterEach(() => vi.unstubAllGlobals());

const GOOD_PASSWORD = 'Correct-Horse-9';

function profileOf(username: string): ProfileResponse {
  return { answer: {}, document_answer: {}, username, last_page: null, successful_login: ['x'], web_status: [] };
}

describe('login', () => {
  it('sends the credentials and opens the default route', async () => {
    const calls = stubApi({ 'POST /public/login': { body: { message: 'Welcome back.' } } });
    const { router } = renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Email'), ' ada@example.edu ');
    await userEvent.type(screen.getByLabelText('Password'), GOOD_PASSWORD);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
    expect(calls).toEqual([
      { method: 'POST', path: '/public/login', body: { username: 'ada@example.edu', password: GOOD_PASSWORD } },
    ]);
  });

  it('marks the applicant logged in from the new cookie and loads their profile afresh', async () => {
    const calls = stubApi({
      'POST /public/login': { body: { message: 'Welcome back.' } },
      'GET /api/profile': { body: { ...profileOf('grace@example.edu'), web_status: [{ web_status: 'started', created_at: 'x' }] } },
    });
    const fetchStub = vi.mocked(fetch);
    const answer = fetchStub.getMockImplementation()!;
    // The browser stores the presence cookie the login response sets.
    fetchStub.mockImplementation(async (input, init) => {
      if (String(input) === '/public/login') document.cookie = 'gradapp-idp.presence=1; path=/';
      return answer(input, init);
    });
    renderApp('/login');
    // Cached by whoever used the browser before.
    queryClient.setQueryData(queryKeys.profile(), profileOf('previous@example.edu'));
    await userEvent.type(await screen.findByLabelText('Email'), 'grace@example.edu');
    await userEvent.type(screen.getByLabelText('Password'), GOOD_PASSWORD);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Account' }));
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Account' }).textContent).toContain('grace@example.edu'));
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('GET /api/profile');
    document.cookie = 'gradapp-idp.presence=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('shows a refused login in the card, as an alert named Login Card Error, gone at the next try', async () => {
    stubApi({ 'POST /public/login': { status: 400, body: { message: 'Incorrect email address or password.' } } });
    const { router } = renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.edu');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const card = screen.getByRole('region', { name: 'Log In' });
    const alert = await within(card).findByRole('alert', { name: 'Login Card Error' });
    expect(alert.textContent).toBe('Incorrect email address or password.');
    // Not a corner toast: the card is where the applicant is looking.
    expect(document.querySelector('[data-toast-region] [aria-label="Login Card Error"]')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');

    stubApi({ 'POST /public/login': { body: { message: 'You are now logged in.' } } });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
    expect(screen.queryByRole('alert', { name: 'Login Card Error' })).toBeNull();
  });

  it("takes the right password of an unconfirmed account on to the confirm card, which says why and where the code went", async () => {
    const notConfirmed = 'Your account is not confirmed yet. Enter the code we e-mailed you, or use "Resend confirmation code?" to get a new one.';
    stubApi({ 'POST /public/login': { status: 403, body: { message: notConfirmed } } });
    const { router } = renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.edu');
    await userEvent.type(screen.getByLabelText('Password'), GOOD_PASSWORD);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/confirm'));
    const card = await screen.findByRole('region', { name: 'Confirm Your Account' });
    expect(within(card).getByRole('status').textContent).toBe(notConfirmed);
    expect(card.textContent).toContain('We sent a 6-digit confirmation code to ada@example.edu.');
    expect(within(card).getByLabelText<HTMLInputElement>('Email').value).toBe('ada@example.edu');
  });

  it('takes down the logout notice it was sent with once the applicant is logged in again', async () => {
    stubApi({ 'POST /public/login': { body: { message: 'You are now logged in.' } } });
    const { router } = renderApp({ pathname: '/login', state: { errorMessage: 'Your session is invalid. Please clear your cookies and login again.' } });
    await screen.findByLabelText('Login Card Error');
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.edu');
    await userEvent.type(screen.getByLabelText('Password'), GOOD_PASSWORD);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
    expect((await screen.findByLabelText('Success Notification')).textContent).toContain('You are now logged in.');
    // At once, not when its own timer would have ended it.
    await waitFor(() => expect(screen.queryByLabelText('Login Card Error')).toBeNull(), { timeout: 1000 });
  });

  it('refuses to resend a code without a valid e-mail, then resends and opens /confirm', async () => {
    const calls = stubApi({ 'POST /public/resend-confirm': { body: { message: 'We sent you a new code.' } } });
    const { router } = renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Resend confirmation code?' }));
    expect(screen.getAllByText('You must provide a valid email address to resend a confirmation code.')).toHaveLength(1);
    expect(calls).toEqual([]);

    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.edu');
    expect(screen.queryByText('You must provide a valid email address to resend a confirmation code.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Resend confirmation code?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/confirm'));
    expect((await screen.findByLabelText<HTMLInputElement>('Email')).value).toBe('ada@example.edu');
    expect((await screen.findByLabelText('Success Notification')).textContent).toContain('We sent you a new code.');
  });

  it('shows a failed resend in the card, named Resend Confirmation Code Error', async () => {
    stubApi({ 'POST /public/resend-confirm': { status: 429, body: { message: 'Too many attempts. Try again later.' } } });
    renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.edu');
    await userEvent.click(screen.getByRole('button', { name: 'Resend confirmation code?' }));
    const card = screen.getByRole('region', { name: 'Log In' });
    expect((await within(card).findByRole('alert', { name: 'Resend Confirmation Code Error' })).textContent).toContain('Too many attempts.');
  });
});

describe('sign-up, confirm, forgot and reset', () => {
  it('signs up and opens /confirm with the username filled in', async () => {
    const calls = stubApi({ 'POST /public/signup': { body: { message: 'We sent a code to your e-mail.' } } });
    const { router } = renderApp('/signup');
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.edu');
    await userEvent.type(screen.getByLabelText('Password'), GOOD_PASSWORD);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/confirm'));
    expect(calls[0]?.body).toEqual({ username: 'ada@example.edu', password: GOOD_PASSWORD });
    await screen.findByRole('region', { name: 'Confirm Your Account' });
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('ada@example.edu');
    const code = screen.getByLabelText('Confirmation Code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
  });

  it('shows a refused sign-up in the card, named Sign Up Card Error', async () => {
    stubApi({ 'POST /public/signup': { status: 409, body: { message: 'An account with this e-mail address already exists.' } } });
    renderApp('/signup');
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.edu');
    await userEvent.type(screen.getByLabelText('Password'), GOOD_PASSWORD);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert', { name: 'Sign Up Card Error' })).textContent).toContain('already exists');
  });

  it('says where the code was sent, shows a wrong code in the card, and a right code logs in (no second password)', async () => {
    const calls = stubApi({ 'POST /public/confirm': { status: 400, body: { message: 'That confirmation code is not correct.' } } });
    const { router } = renderApp({ pathname: '/confirm', state: { username: 'ada@example.edu' } });
    const card = await screen.findByRole('region', { name: 'Confirm Your Account' });
    expect(card.textContent).toContain('We sent a 6-digit confirmation code to ada@example.edu.');
    await userEvent.type(await screen.findByLabelText('Confirmation Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await within(card).findByRole('alert', { name: 'Confirm Card Error' })).textContent).toBe('That confirmation code is not correct.');

    stubApi({ 'POST /public/confirm': { body: { message: 'Your account has been confirmed. You are now logged in.' } } });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
    const toast = await screen.findByLabelText('Success Notification');
    expect(toast.textContent).toContain('Your account has been confirmed. You are now logged in.');
    expect(calls[0]?.body).toEqual({ username: 'ada@example.edu', code: '123456' });
    expect(screen.queryByRole('alert', { name: 'Confirm Card Error' })).toBeNull();
  });

  it('asks for the address on a confirm card opened without one', async () => {
    stubApi({});
    renderApp('/confirm');
    const card = await screen.findByRole('region', { name: 'Confirm Your Account' });
    expect(card.textContent).toContain('Enter the email address you signed up with and the 6-digit code we e-mailed to it.');
  });

  it('shows the forgot-password answer as a success toast', async () => {
    stubApi({ 'POST /public/forgot-password': { body: { message: 'If an account exists, we sent a link.' } } });
    renderApp('/forgot');
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.edu');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByLabelText('Success Notification')).textContent).toContain('we sent a link');
  });

  it('resets with the username and id of the link, and requires matching passwords', async () => {
    const calls = stubApi({ 'POST /public/reset-password': { body: { message: 'Your password was changed.' } } });
    const { router } = renderApp('/reset?username=ada%40example.edu&id=abc123');
    expect((await screen.findByLabelText<HTMLInputElement>('Email')).value).toBe('ada@example.edu');
    await userEvent.type(screen.getByLabelText('Password'), GOOD_PASSWORD);
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'something else');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getAllByText('Passwords must match.')).toHaveLength(1);
    expect(calls).toEqual([]);

    await userEvent.clear(screen.getByLabelText('Confirm Password'));
    await userEvent.type(screen.getByLabelText('Confirm Password'), GOOD_PASSWORD);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls[0]?.body).toEqual({ username: 'ada@example.edu', password: GOOD_PASSWORD, id: 'abc123' });
    expect((await screen.findByLabelText('Success Notification')).textContent).toContain('Your password was changed.');
  });
});

describe('password checklist', () => {
  it('marks each rule met or not met as the password is typed', async () => {
    stubApi({});
    renderApp('/signup');
    const password = await screen.findByLabelText('Password');
    const checklist = document.getElementById(password.getAttribute('aria-describedby') ?? '');
    expect(checklist?.textContent).toContain('Your password must have:');
    const list = within(checklist!).getByRole('list');
    const item = (text: string) => within(list).getByText(text, { exact: false }).closest('li')?.textContent ?? '';
    expect(item('An uppercase letter')).toContain('(not met)');
    expect(item('At least 12 characters')).toContain('(not met)');

    await userEvent.type(screen.getByLabelText('Password'), 'Abc');
    expect(item('An uppercase letter')).toContain('(met)');
    expect(item('A lowercase letter')).toContain('(met)');
    expect(item('A number')).toContain('(not met)');

    await userEvent.type(screen.getByLabelText('Password'), 'defghij1!x');
    for (const element of within(list).getAllByRole('listitem')) expect(element.textContent).toContain('(met)');
  });
});
