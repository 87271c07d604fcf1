// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConversionStatusResponse } from '../../../../../common/api';
import type { ChecklistItem, ChecklistResponse } from '../../../../../common/checklist-api';
import type { ApplicantRecommendation, RecommendationListResponse } from '../../../../../common/recommendation-api';
import { buildPdf } from '../../../../../scripts/support/documents';
import { renderApp, stubApi } from '../../render-app';
import { recommendationRequest, submittedProfile } from '../recommendations/recommendation-fixtures';

afterEach(() => vi.unstubAllGlobals());

const item = (id: string, kind: ChecklistItem['kind'], label: string, state: ChecklistItem['state'], since: string | null, next: string | null): ChecklistItem => ({ id, kind, label, state, since, next });

const items: ChecklistItem[] = [
  item('application', 'application', 'Your application', 'received', '2026-11-01T10:00:00Z', null),
  item('fee', 'fee', 'Application fee', 'awaiting', null, 'Pay the fee online.'),
  item('transcript:1', 'transcript', 'Transcript from Towson University', 'received', '2026-11-05T10:00:00Z', null),
  item('transcript:2', 'transcript', 'Transcript from Goucher College', 'awaiting', null, 'Ask Goucher College to send us an official transcript.'),
  item('letter:r1', 'letter', 'Letter from Grace Hopper', 'refused', '2026-11-03T10:00:00Z', 'Correct the address: we will send the invitation again.'),
  item('letter:r2', 'letter', 'Letter from Alan Turing', 'opened', '2026-11-04T10:00:00Z', null),
  item('letter:open:1', 'letter', 'A third letter', 'awaiting', null, 'Name a recommender below.'),
  item('document:resume', 'document', 'Resume', 'awaiting', null, 'Upload your resume.'),
  item('document:writing_sample', 'document', 'Writing sample', 'waived', '2026-11-06T10:00:00Z', null),
];

const checklist: ChecklistResponse = {
  submitted_at: '2026-11-01T10:00:00Z',
  items,
  summary: { complete: false, fee_awaiting: true, transcripts_missing: 1, letters_missing: 3, documents_missing: 1, outstanding: 6 },
};

const request = (id: string, overrides: Partial<ApplicantRecommendation>) => recommendationRequest(id, { name: id, relationship: 'Advisor', ...overrides });

const letters: RecommendationListResponse = {
  letters: { required: 3, accepted: 3 },
  waived: true,
  recommendations: [
    request('r1', { name: 'Grace Hopper', delivery_failure: '550 No such user' }),
    request('r2', { name: 'Alan Turing', state: 'opened', opened_at: '2026-11-04T10:00:00Z' }),
  ],
};

async function openChecklist(answers: Record<string, { status?: number; body: unknown }> = {}) {
  const calls = stubApi({
    'GET /api/profile': { body: { ...submittedProfile, last_page: '/completion' } },
    'GET /api/pdf': { body: { status: 'COMPLETED', url: '/api/pdf/file' } },
    'GET /api/checklist': { body: checklist },
    'GET /api/recommendations': { body: letters },
    'GET /api/checklist/documents/resume': { body: { status: 'NOT_ANSWERED', message: '' } },
    ...answers,
  });
  renderApp('/completion', { loggedIn: true });
  const section = await screen.findByRole('region', { name: 'Your checklist' });
  await within(section).findByRole('listitem', { name: 'Grace Hopper' });
  return { calls, section };
}

/** The upload's calls up to the conversion's start. */
const sending = {
  'POST /api/presigned-url': { body: { url: 'https://store.test/upload', fields: { key: 'uploads/abc' } } },
  'POST https://store.test/upload': { status: 204, body: null },
  'POST /api/checklist/documents/resume': { status: 202, body: { status: 'IN_PROGRESS', message: '' } },
};

const STATUS = 'GET /api/checklist/documents/resume';
const NOTHING_SENT: ConversionStatusResponse = { status: 'NOT_ANSWERED', message: 'No file has been sent for this document.' };

/**
 * The conversion answers `conversion` once the document is sent; once COMPLETED, the checklist has
 * the resume received, unless `checklistCatchesUp` is false (the office's summary not yet refreshed).
 */
function answerConversion(conversion: ConversionStatusResponse, { checklistCatchesUp = true } = {}) {
  let sent = false;
  const received = { ...checklist, items: items.map((entry) => (entry.id === 'document:resume' ? { ...entry, state: 'received' as const, since: '2026-11-07T10:00:00Z', next: null } : entry)) };
  const routes: Record<string, () => unknown> = {
    [STATUS]: () => (sent ? conversion : NOTHING_SENT),
    'GET /api/checklist': () => (checklistCatchesUp && sent && conversion.status === 'COMPLETED' ? received : checklist),
  };
  const fetchStub = vi.mocked(fetch);
  const answered = fetchStub.getMockImplementation()!;
  fetchStub.mockImplementation(async (input, init) => {
    const call = `${init?.method ?? 'GET'} ${String(input)}`;
    sent ||= call === 'POST /api/checklist/documents/resume';
    const route = routes[call];
    if (!route) return answered(input, init);
    return new Response(JSON.stringify(route()), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
}

const itemOf = (name: string) => screen.getByRole('listitem', { name });

describe("the applicant's checklist on /completion", () => {
  it('says every state in words, with since when and what to do next', async () => {
    const { section } = await openChecklist();
    expect(itemOf('Your application').textContent).toContain('Received on Nov 1, 2026');
    expect(within(itemOf('Your application')).getByRole('link', { name: /Open your application \(PDF\)/ }).getAttribute('href')).toBe('/api/pdf/file?disposition=inline');
    expect(itemOf('Application fee').textContent).toContain('Awaiting');
    expect(itemOf('Application fee').textContent).toContain('Pay the fee online.');
    expect(itemOf('Transcript from Towson University').textContent).toContain('Received on Nov 5, 2026');
    expect(itemOf('Transcript from Goucher College').textContent).toContain('Ask Goucher College to send us an official transcript.');
    expect(itemOf('Grace Hopper').textContent).toContain('Refused by the mail server since Nov 3, 2026');
    expect(itemOf('Grace Hopper').textContent).toContain('Correct the address: we will send the invitation again.');
    expect(itemOf('Alan Turing').textContent).toContain('Opened since Nov 4, 2026');
    expect(itemOf('A third letter').textContent).toContain('Name a recommender below.');
    expect(itemOf('Writing sample').textContent).toContain('Waived on Nov 6, 2026');
    expect(section.textContent).toContain('6 items outstanding');
    // Each request shows once: as the letters section's item, with its actions.
    expect(screen.getAllByRole('heading', { name: 'Grace Hopper' })).toHaveLength(1);
    expect(within(itemOf('Grace Hopper')).getByRole('button', { name: /Resend/ })).toBeTruthy();
    expect(within(section).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Your application',
      'Application fee',
      'Transcripts',
      'Letters of recommendation',
      'Program documents',
    ]);
  });

  it('uploads an awaited document, posts its key, and shows it received', async () => {
    const { calls } = await openChecklist(sending);
    answerConversion({ status: 'COMPLETED', message: '' });
    const input = within(itemOf('Resume')).getByLabelText('Upload your resume');
    await userEvent.upload(input, new File([new Uint8Array(await buildPdf())], 'resume.pdf', { type: 'application/pdf' }));
    // The upload's own "Received" status lasts only until the checklist is read again, which takes the
    // upload control away: on a busy machine both can land in one render, so the item's state is awaited.
    await waitFor(() => expect(itemOf('Resume').textContent).toContain('Received on Nov 7, 2026'));
    expect(calls.find((call) => call.path === '/api/presigned-url')?.body).toEqual({ answer_key: 'checklist:resume' });
    expect(calls.find((call) => call.path === 'https://store.test/upload')?.body).toBeInstanceOf(FormData);
    expect(calls.find((call) => call.method === 'POST' && call.path === '/api/checklist/documents/resume')?.body).toEqual({ file_key: 'uploads/abc', file_name: 'resume.pdf' });
    // The upload control is gone with the document received: the focus is on the item's name.
    expect(document.activeElement).toBe(within(itemOf('Resume')).getByRole('heading', { name: 'Resume' }));
  });

  it('says the document received while the checklist has yet to list it so', async () => {
    await openChecklist(sending);
    answerConversion({ status: 'COMPLETED', message: '' }, { checklistCatchesUp: false });
    await userEvent.upload(within(itemOf('Resume')).getByLabelText('Upload your resume'), new File([new Uint8Array(await buildPdf())], 'resume.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(within(itemOf('Resume')).getByRole('status').textContent).toBe('Received: your document is with the admissions office.'));
  });

  it("says the conversion's refusal, and the document stays awaited", async () => {
    await openChecklist(sending);
    answerConversion({ status: 'FAILED', message: 'This PDF is protected by a password.' });
    await userEvent.upload(within(itemOf('Resume')).getByLabelText('Upload your resume'), new File([new Uint8Array(await buildPdf())], 'resume.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(within(itemOf('Resume')).getByRole('status').textContent).toBe('Not received: This PDF is protected by a password.'));
    expect(itemOf('Resume').textContent).toContain('Awaiting');
  });

  it('follows a conversion under way from an earlier visit', async () => {
    await openChecklist({ [STATUS]: { body: { status: 'IN_PROGRESS', message: '' } } });
    await waitFor(() => expect(within(itemOf('Resume')).getByRole('status').textContent).toBe('Converting…'));
  });

  it('says why a document was refused', async () => {
    await openChecklist();
    await userEvent.upload(within(itemOf('Resume')).getByLabelText('Upload your resume'), new File(['not a pdf'], 'resume.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(within(itemOf('Resume')).getByRole('status').textContent).toMatch(/^Not received: /));
  });

  it('gives a received letter the style of every other received item, an awaited one the awaiting style (issue 33 item 7)', async () => {
    const received = item('letter:r3', 'letter', 'Letter from Ada Byron', 'received', '2026-11-08T10:00:00Z', null);
    await openChecklist({
      'GET /api/checklist': { body: { ...checklist, items: [...items, received] } },
      'GET /api/recommendations': { body: { ...letters, recommendations: [...letters.recommendations, request('r3', { name: 'Ada Byron', state: 'received', received_at: '2026-11-08T10:00:00Z' })] } },
    });
    const receivedStyle = [...itemOf('Transcript from Towson University').classList].filter((name) => name.startsWith('checklist__item'));
    expect(receivedStyle).toEqual(['checklist__item', 'checklist__item--done']);
    expect(itemOf('Ada Byron').textContent).toContain('Received on Nov 8, 2026');
    expect([...itemOf('Ada Byron').classList]).toEqual(expect.arrayContaining(receivedStyle));
    for (const awaited of ['Grace Hopper', 'Alan Turing']) {
      expect(itemOf(awaited).classList.contains('checklist__item')).toBe(true);
      expect(itemOf(awaited).classList.contains('checklist__item--done')).toBe(false);
    }
  });

  it('reads the checklist again after a change to a request, whose letter item it holds', async () => {
    const { calls } = await openChecklist({ 'POST /api/recommendations/r1/resend': { body: letters.recommendations[0] } });
    const reads = () => calls.filter((call) => call.method === 'GET' && call.path === '/api/checklist').length;
    const before = reads();
    await userEvent.click(within(itemOf('Grace Hopper')).getByRole('button', { name: /Resend/ }));
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });

  it('shows the letters alone before the checklist exists (409)', async () => {
    await openChecklist({ 'GET /api/checklist': { status: 409, body: { message: 'Submit your application first.' } } });
    expect(screen.queryByRole('listitem', { name: 'Application fee' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
