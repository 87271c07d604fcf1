// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChecklistResponse, StaffRecommendation } from '../../../../../common/checklist-api';
import type { StaffApplicationResponse, StaffRole } from '../../../../../common/staff-api';
import { CONFIDENTIAL_MARK, UPLOADED_LETTER_TEXT } from '../../../../../renderer/src/features/staff/components/staff-letters';
import { renderApp, stubApi } from '../../render-app';
import { inboxRow, staffMe } from './staff-fixtures';

afterEach(() => vi.unstubAllGlobals());

const checklist: ChecklistResponse = {
  submitted_at: '2026-11-01T10:00:00Z',
  items: [
    { id: 'application', kind: 'application', label: 'Your application', state: 'received', since: '2026-11-01T10:00:00Z', next: null },
    { id: 'fee', kind: 'fee', label: 'Application fee', state: 'awaiting', since: null, next: 'Pay the fee online.' },
    { id: 'transcript:1', kind: 'transcript', label: 'Transcript from Towson University', state: 'awaiting', since: null, next: null },
    { id: 'document:resume', kind: 'document', label: 'Resume', state: 'awaiting', since: null, next: null },
    { id: 'document:writing_sample', kind: 'document', label: 'Writing sample', state: 'received', since: '2026-11-07T10:00:00Z', next: null },
  ],
  summary: inboxRow.checklist!,
};

const letter = (id: string, overrides: Partial<StaffRecommendation>): StaffRecommendation => ({
  id,
  name: id,
  email: `${id}@example.org`,
  relationship: 'Advisor',
  state: 'invited',
  invited_at: '2026-11-02T10:00:00Z',
  opened_at: null,
  received_at: null,
  delivery_failure: null,
  letter_text: null,
  confidential: false,
  ...overrides,
});

const application = (paid: boolean): StaffApplicationResponse => ({
  answer: { first_name: 'Ada', last_name: 'Lovelace' },
  add_another: {},
  document_answer: {},
  tabs: {},
  summary: inboxRow,
  checklist: paid ? { ...checklist, items: checklist.items.map((item) => (item.id === 'fee' ? { ...item, state: 'paid', since: '2026-11-08T10:00:00Z' } : item)) } : checklist,
  recommendations: [
    letter('Grace Hopper', { state: 'received', opened_at: '2026-11-03T10:00:00Z', received_at: '2026-11-04T10:00:00Z', letter_text: 'Ada is brilliant.', confidential: true }),
    letter('Alan Turing', { state: 'opened', opened_at: '2026-11-05T10:00:00Z' }),
    letter('Emmy Noether', { state: 'received', received_at: '2026-11-06T10:00:00Z' }),
  ],
  documents_sent_later: ['writing_sample'],
});

/** The application answers unpaid until the fee is recorded, then paid: a refetch shows it. */
async function openApplication(answers: Record<string, { status?: number; body: unknown }> = {}, role: StaffRole = 'reader') {
  let paid = false;
  const calls = stubApi({ 'GET /api/staff/me': { body: { ...staffMe, role } }, ...answers });
  const fetchStub = vi.mocked(fetch);
  const answered = fetchStub.getMockImplementation()!;
  fetchStub.mockImplementation(async (input, init) => {
    const method = init?.method ?? 'GET';
    if (method === 'PUT' && String(input).endsWith('/checklist/fee')) paid = true;
    if (method !== 'GET' || String(input) !== '/api/staff/applications/a1') return answered(input, init);
    calls.push({ method, path: String(input), body: undefined });
    return new Response(JSON.stringify(application(paid)), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  renderApp('/staff/applications/a1');
  await screen.findByRole('region', { name: 'Checklist' });
  return calls;
}

const itemOf = (name: string) => screen.getByRole('listitem', { name });
const reads = (calls: { method: string; path: string }[]) => calls.filter((call) => call.method === 'GET' && call.path === '/api/staff/applications/a1').length;

describe("the staff view's checklist and letters", () => {
  it('records the fee paid, confirms it in a toast, and reads the list again', async () => {
    const calls = await openApplication({ 'PUT /api/staff/applications/a1/checklist/fee': { status: 204, body: null } });
    const fee = itemOf('Application fee');
    expect(fee.textContent).toContain('Awaiting');
    // The next step is the applicant's; staff read the state.
    expect(fee.textContent).not.toContain('Pay the fee online.');
    const before = reads(calls);
    await userEvent.click(within(fee).getByRole('button', { name: 'Paid' }));
    await screen.findByText('Application fee: recorded as paid.');
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({ path: '/api/staff/applications/a1/checklist/fee', body: { state: 'paid' } });
    await waitFor(() => expect(itemOf('Application fee').textContent).toContain('Paid on Nov 8, 2026'));
    expect(reads(calls)).toBeGreaterThan(before);
    expect(within(itemOf('Application fee')).getByRole('button', { name: 'Paid' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('records a transcript and a program document by their slot and key', async () => {
    const calls = await openApplication({
      'PUT /api/staff/applications/a1/checklist/transcripts/1': { status: 204, body: null },
      'PUT /api/staff/applications/a1/checklist/documents/resume': { status: 204, body: null },
    });
    await userEvent.click(within(itemOf('Transcript from Towson University')).getByRole('button', { name: 'Received' }));
    await userEvent.click(within(itemOf('Resume')).getByRole('button', { name: 'Received' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT').map((call) => call.path)).toEqual([
      '/api/staff/applications/a1/checklist/transcripts/1',
      '/api/staff/applications/a1/checklist/documents/resume',
    ]));
    expect(within(itemOf('Your application')).queryByRole('button')).toBeNull();
  });

  it("shows each letter with its dates, the typed text, and the confidential mark when waived", async () => {
    await openApplication();
    const letters = screen.getByRole('region', { name: 'Letters of recommendation' });
    const grace = within(letters).getByRole('listitem', { name: 'Grace Hopper' });
    expect(grace.textContent).toContain('Received Nov 4, 2026');
    expect(grace.textContent).toContain('Ada is brilliant.');
    expect(grace.textContent).toContain(CONFIDENTIAL_MARK);
    expect(within(grace).queryByRole('button', { name: /Revoke link/ })).toBeNull();
    // Revoking is for admins: a reader has no button.
    expect(within(letters).queryByRole('button', { name: /Revoke link/ })).toBeNull();
    const alan = within(letters).getByRole('listitem', { name: 'Alan Turing' });
    expect(alan.textContent).toContain('Opened Nov 5, 2026');
    expect(alan.textContent).not.toContain(CONFIDENTIAL_MARK);
    expect(alan.textContent).not.toContain(UPLOADED_LETTER_TEXT);
    // A letter sent as a file opens on its own, and is in the application PDF.
    const emmy = within(letters).getByRole('listitem', { name: 'Emmy Noether' });
    expect(emmy.textContent).toContain(UPLOADED_LETTER_TEXT);
    expect(within(emmy).getByRole('link', { name: 'Open the letter from Emmy Noether (PDF)' }).getAttribute('href')).toBe('/api/staff/applications/a1/document/letter%3AEmmy%20Noether');
    expect(within(grace).queryByRole('link')).toBeNull();
  });

  it('opens a program document sent after submission on its own, and no other document from the checklist', async () => {
    await openApplication();
    const sample = itemOf('Writing sample');
    expect(within(sample).getByRole('link', { name: 'Open the writing sample sent after submission (PDF)' }).getAttribute('href')).toBe('/api/staff/applications/a1/document/checklist%3Awriting_sample');
    expect(within(itemOf('Resume')).queryByRole('link')).toBeNull();
  });

  it('lets an admin revoke a link, only after confirming', async () => {
    const calls = await openApplication({ 'DELETE /api/staff/applications/a1/recommendations/Alan%20Turing': { status: 204, body: null } }, 'admin');
    await userEvent.click(within(itemOf('Alan Turing')).getByRole('button', { name: /Revoke link/ }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(within(itemOf('Alan Turing')).getByRole('button', { name: /Revoke link/ }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke the link' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/staff/applications/a1/recommendations/Alan%20Turing')).toBe(true));
    await screen.findByText('The link sent to Alan Turing no longer works.');
  });
});
