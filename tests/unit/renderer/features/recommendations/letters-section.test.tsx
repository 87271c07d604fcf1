// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecommendationListResponse } from '../../../../../common/recommendation-api';
import { recommendationMessages } from '../../../../../common/recommendations/recommendation-rules';
import { renderApp, stubApi } from '../../render-app';
import { recommendationRequest, submittedProfile } from './recommendation-fixtures';

afterEach(() => vi.unstubAllGlobals());

const profile = submittedProfile;
const request = recommendationRequest;

const list: RecommendationListResponse = {
  letters: { required: 2, accepted: 3 },
  waived: false,
  recommendations: [
    request('r1', { name: 'Grace Hopper' }),
    request('r2', { name: 'Alan Turing', state: 'opened', opened_at: '2026-11-03T10:00:00Z' }),
    request('r3', { name: 'Emmy Noether', state: 'received', opened_at: '2026-11-03T10:00:00Z', received_at: '2026-11-04T10:00:00Z', letter_text: 'SECRET LETTER TEXT' }),
  ],
};

async function openSection(answers: Record<string, { status?: number; body: unknown }>) {
  const pdf = { body: { status: 'IN_PROGRESS', url: null } };
  const calls = stubApi({ 'GET /api/profile': { body: profile }, 'GET /api/pdf': pdf, ...answers });
  renderApp('/completion', { loggedIn: true });
  const section = await screen.findByRole('region', { name: 'Letters of recommendation' });
  return { calls, section };
}

const itemOf = (name: string) => screen.getByRole('listitem', { name });

describe('letters of recommendation on /completion', () => {
  it("lists each request with its state and dates, the program's numbers, and never a letter's text", async () => {
    const { section } = await openSection({ 'GET /api/recommendations': { body: list } });
    await within(section).findByRole('listitem', { name: 'Grace Hopper' });
    expect(section.textContent).toContain('needs 2 letters');
    expect(section.textContent).toContain('accepts up to 3');
    expect(itemOf('Grace Hopper').textContent).toMatch(/Invited/);
    expect(itemOf('Alan Turing').textContent).toMatch(/Opened/);
    expect(itemOf('Emmy Noether').textContent).toMatch(/Received/);
    expect(within(itemOf('Emmy Noether')).queryByRole('button')).toBeNull();
    expect(document.body.textContent).not.toContain('SECRET LETTER TEXT');
  });

  it('shows a refused delivery with what to do', async () => {
    const failed = { ...list, recommendations: [request('r1', { name: 'Grace Hopper', delivery_failure: '550 No such user' })] };
    await openSection({ 'GET /api/recommendations': { body: failed } });
    await screen.findByRole('listitem', { name: 'Grace Hopper' });
    const item = itemOf('Grace Hopper');
    expect(item.textContent).toContain('550 No such user');
    expect(item.textContent).toMatch(/correct the address/i);
  });

  it("names a recommender, showing the server's messages under the fields", async () => {
    const empty = { ...list, recommendations: [] };
    const { calls } = await openSection({
      'GET /api/recommendations': { body: empty },
      'POST /api/recommendations': { status: 400, body: { message: 'Please correct the errors.', errors: { email: [recommendationMessages.ownEmail] } } },
    });
    await userEvent.type(await screen.findByLabelText('Name'), 'Ada Lovelace');
    await userEvent.type(screen.getByLabelText('E-mail'), 'ada@example.edu');
    await userEvent.type(screen.getByLabelText('Relationship'), 'Myself');
    await userEvent.click(screen.getByRole('button', { name: 'Send the invitation' }));
    const email = screen.getByLabelText('E-mail');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(email.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toContain(recommendationMessages.ownEmail);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Ada Lovelace', email: 'ada@example.edu', relationship: 'Myself' });
  });

  it('resends, and revokes only after confirming', async () => {
    const { calls } = await openSection({
      'GET /api/recommendations': { body: list },
      'POST /api/recommendations/r1/resend': { body: list.recommendations[0] },
      'DELETE /api/recommendations/r1': { status: 204, body: {} },
    });
    await screen.findByRole('listitem', { name: 'Grace Hopper' });
    await userEvent.click(within(itemOf('Grace Hopper')).getByRole('button', { name: /Resend/ }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path === '/api/recommendations/r1/resend')).toBe(true));

    await userEvent.click(within(itemOf('Grace Hopper')).getByRole('button', { name: /Revoke/ }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke the request' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/recommendations/r1')).toBe(true));
  });

  it('corrects the address of a recommender who has not written', async () => {
    const { calls } = await openSection({
      'GET /api/recommendations': { body: list },
      'PUT /api/recommendations/r1': { body: request('r4', { name: 'Grace Hopper', email: 'grace@navy.mil' }) },
    });
    await screen.findByRole('listitem', { name: 'Grace Hopper' });
    await userEvent.click(within(itemOf('Grace Hopper')).getByRole('button', { name: /Correct/ }));
    const dialog = await screen.findByRole('dialog');
    const email = within(dialog).getByLabelText('E-mail') as HTMLInputElement;
    expect(email.value).toBe('r1@example.org');
    await userEvent.clear(email);
    await userEvent.type(email, 'grace@navy.mil');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send a new invitation' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ name: 'Grace Hopper', email: 'grace@navy.mil', relationship: 'Thesis advisor' }));
  });
});
