// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Answers, DocumentAnswers, ProfileResponse, WebStatus } from '../../../../../common/api';
import { completeApplication } from '../../../../../scripts/support/complete-application';
import { renderApp, stubApi } from '../../render-app';

/**
 * The applicant's review of their answers (issue 33 item 4): every question on show with its
 * answer or "Not answered", by page and section, documents by name, a Change link per answer,
 * and read-only once submitted.
 */

afterEach(() => vi.unstubAllGlobals());

const REVIEW = '/check-your-answers';
const ok = { body: { message: 'OK' } };

interface Stored {
  statuses?: WebStatus[];
  documents?: DocumentAnswers;
  tabs?: Record<string, string>;
}

function stubApplicant(answer: Answers, { statuses = ['started'], documents = {}, tabs = {} }: Stored = {}) {
  const profile: ProfileResponse = {
    answer,
    document_answer: documents,
    username: 'ada@example.edu',
    last_page: '/final-steps',
    successful_login: ['2026-11-01T10:00:00Z'],
    web_status: statuses.map((web_status) => ({ web_status, created_at: '2026-11-01T10:00:00Z' })),
  };
  return stubApi({
    'GET /api/profile': { body: profile },
    'GET /api/tabs': { body: tabs },
    'GET /api/add-another': { body: {} },
    'GET /api/document-answer': { body: documents },
    // What /completion asks for beside the profile: the application's PDF, the checklist, the letters.
    'GET /api/pdf': { body: { status: 'COMPLETED', url: '/api/pdf/file' } },
    'GET /api/checklist': {
      body: {
        submitted_at: '2026-11-01T10:00:00Z',
        items: [],
        summary: { complete: false, fee_awaiting: false, transcripts_missing: 0, letters_missing: 0, documents_missing: 0, outstanding: 0 },
      },
    },
    'GET /api/recommendations': { body: { letters: { required: 0, accepted: 0 }, waived: false, recommendations: [] } },
    'PUT /api/last-page': ok,
    'PUT /api/answer': ok,
    'POST /api/web-status': ok,
    'POST /api/validations': ok,
    'POST /api/submit': { body: { message: 'Your application was successfully submitted.', submitted_at: '2026-11-23T10:00:00.000Z' } },
  });
}

/** The answer of the summary list row whose question is `label`, as the row's dd shows it. */
function answerOf(scope: HTMLElement, label: string): string | null | undefined {
  const key = within(scope).getByText(label, { selector: 'dt' });
  return key.nextElementSibling?.textContent;
}

const pageRegion = (name: string) => screen.getByRole('region', { name });

describe('the review page', () => {
  it('lists every question on show by page and section, with its answer or "Not answered"', async () => {
    stubApplicant(completeApplication());
    renderApp(REVIEW, { loggedIn: true });
    expect(await screen.findByRole('heading', { level: 2, name: 'Check Your Answers' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'About You',
      'Your Academics',
      'Final Steps',
      'Now submit your application',
    ]);
    const about = pageRegion('About You');
    expect(answerOf(about, 'First Name')).toBe('Ada');
    expect(answerOf(about, 'Date of Birth')).toBe('04/01/1990');
    expect(answerOf(about, 'Middle Name')).toBe('Not answered');
    // A radio's chosen option only, a select's label, in their sections.
    const finalSteps = pageRegion('Final Steps');
    const conduct = within(finalSteps).getByRole('region', { name: 'Conduct' });
    expect(answerOf(conduct, 'Have you ever been convicted of a crime other than a minor traffic violation, or are criminal charges pending against you?')).toBe('No');
    expect(screen.getAllByRole('term').length).toBeGreaterThan(30);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
  });

  it('leaves out the questions whose conditions fail, and lists those they open', async () => {
    stubApplicant(completeApplication());
    const { unmount } = renderApp(REVIEW, { loggedIn: true });
    await screen.findByRole('heading', { level: 2, name: 'Check Your Answers' });
    expect(screen.queryByText('Explanation of Conviction or Charges')).toBeNull();
    unmount();

    stubApplicant({ ...completeApplication(), conviction: 'Y' });
    renderApp(REVIEW, { loggedIn: true });
    await screen.findByRole('heading', { level: 2, name: 'Check Your Answers' });
    expect(answerOf(pageRegion('Final Steps'), 'Explanation of Conviction or Charges')).toBe('Not answered');
  });

  it("names an uploaded document by its file's name", async () => {
    const documents = { resume_doc: { file_name: 'Ada resume.docx', file_size: 12_000 } };
    stubApplicant({ ...completeApplication(), applied_major: 'MSCS', resume_doc: 'ANSWERED' }, { documents });
    renderApp(REVIEW, { loggedIn: true });
    const academics = await screen.findByRole('region', { name: 'Your Academics' });
    await waitFor(() => expect(answerOf(academics, 'Upload your Resume')).toBe('Ada resume.docx'));
  });

  it('says an upload with no document is not answered', async () => {
    stubApplicant({ ...completeApplication(), applied_major: 'MSCS' }, { tabs: { resume: 'upload' } });
    renderApp(REVIEW, { loggedIn: true });
    const academics = await screen.findByRole('region', { name: 'Your Academics' });
    await waitFor(() => expect(answerOf(academics, 'Upload your Resume')).toBe('Not answered'));
  });

  it('gives each answer a Change link named for its question, to the question on its page, marked to return', async () => {
    stubApplicant(completeApplication());
    renderApp(REVIEW, { loggedIn: true });
    const change = await screen.findByRole('link', { name: 'Change Date of Birth' });
    expect(change.getAttribute('href')).toBe('/about?return=review#birth_date');
    expect(screen.getByRole('link', { name: 'Change Signature' }).getAttribute('href')).toBe('/final-steps?return=review#completion_signature');
    expect(screen.getAllByRole('link', { name: /^Change / })).toHaveLength(screen.getAllByRole('term').length);
  });

  it('once submitted, shows the same answers read-only: no Change link, no Submit; /completion links to it', async () => {
    stubApplicant(completeApplication(), { statuses: ['started', 'validating', 'submitted'] });
    const { router } = renderApp('/completion', { loggedIn: true });
    await userEvent.click(await screen.findByRole('link', { name: 'View your answers' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(REVIEW));
    expect(await screen.findByRole('heading', { level: 2, name: 'Your Answers' })).toBeTruthy();
    expect(answerOf(screen.getByRole('region', { name: 'About You' }), 'First Name')).toBe('Ada');
    expect(screen.queryAllByRole('link', { name: /^Change / })).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});

describe('the way through the review page', () => {
  it('Final Steps continues to the review once the check passes; Submit there submits and lands on /completion', async () => {
    const made = stubApplicant(completeApplication());
    const { router } = renderApp('/final-steps', { loggedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Save and Continue to Check Your Answers' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(REVIEW));
    expect(made.some((call) => call.path === '/api/submit')).toBe(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/completion'));
    expect(made.filter((call) => call.path === '/api/submit')).toHaveLength(1);
  });

  it('a page opened by Change returns to the review on Save, once the questions the change opened are answered', async () => {
    stubApplicant(completeApplication(), { statuses: ['started', 'validating'] });
    const { router } = renderApp(REVIEW, { loggedIn: true });
    await userEvent.click(await screen.findByRole('link', { name: /^Change Have you ever been convicted/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/final-steps'));
    expect(screen.queryByRole('button', { name: /^Save and Continue/ })).toBeNull();
    const conviction = await screen.findByRole('group', { name: /^Have you ever been convicted/ });
    await userEvent.click(within(conviction).getByLabelText('Yes'));
    const back = screen.getByRole('button', { name: 'Save and Return to Check Your Answers' });
    await userEvent.click(back);
    // The question the change opened is asked first: the summary names it, the page stays.
    const summary = await screen.findByRole('region', { name: 'Please fix the following before you submit' });
    expect(within(summary).getByRole('link', { name: /Explanation of Conviction or Charges/ })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/final-steps');
    await userEvent.type(screen.getByRole('textbox', { name: /^Explanation of Conviction or Charges/ }), 'A parking fine, 2012.');
    await userEvent.click(back);
    await waitFor(() => expect(router.state.location.pathname).toBe(REVIEW));
    await screen.findByRole('heading', { level: 2, name: 'Check Your Answers' });
    expect(answerOf(screen.getByRole('region', { name: 'Final Steps' }), 'Explanation of Conviction or Charges')).toBe('A parking fine, 2012.');
  });
});
