// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubApi } from '../../render-app';

afterEach(() => vi.unstubAllGlobals());

// An empty password is only missing: the rule messages start once something is typed.
const passwordMessages = ['Password is required.'];

const cards = [
  { path: '/login', heading: 'Log In', messages: ['Please provide a valid email address.', 'Password is required.'] },
  { path: '/signup', heading: 'Sign Up', messages: ['Your email address must be valid.', ...passwordMessages] },
  {
    path: '/confirm',
    heading: 'Confirm Your Account',
    messages: ['Your email address must be valid.', 'The confirmation code must be exactly 6 numbers.'],
  },
  { path: '/forgot', heading: 'Forgot Password', messages: ['Your email address must be valid.'] },
  {
    path: '/reset',
    heading: 'Reset Password',
    messages: [
      'Your email address must be valid.',
      ...passwordMessages,
      'This password reset link is incomplete. Please use the link from the e-mail we sent you.',
    ],
  },
];

describe.each(cards)('the $heading card', ({ path, heading, messages }) => {
  it('shows every message of an empty submit exactly once and sends nothing', async () => {
    const calls = stubApi({});
    renderApp(path);
    const card = await screen.findByRole('region', { name: heading });
    await userEvent.click(within(card).getByRole('button', { name: 'Submit' }));
    for (const message of messages) expect(within(card).getAllByText(message)).toHaveLength(1);
    expect(calls).toEqual([]);
  });
});

describe('auth card validation', () => {
  it('re-checks the fields on every change after the first submit, and ties errors to the input', async () => {
    stubApi({});
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    const describedBy = email.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toContain('Please provide a valid email address.');

    await userEvent.type(email, 'ada@example.edu');
    expect(screen.queryByText('Please provide a valid email address.')).toBeNull();
    expect(email.getAttribute('aria-invalid')).toBe('false');
    expect(screen.getAllByText('Password is required.')).toHaveLength(1);
  });

  it('shows nothing before the first submit', async () => {
    stubApi({});
    renderApp('/signup');
    await userEvent.type(await screen.findByLabelText('Email'), 'not an email');
    expect(screen.queryByText('Your email address must be valid.')).toBeNull();
  });
});
