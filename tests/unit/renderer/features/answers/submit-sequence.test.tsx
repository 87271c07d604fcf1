// @vitest-environment happy-dom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Answers, ProfileResponse, WebStatus } from '../../../../../common/api';
import { SUBMITTED_MESSAGE, SUBMIT_ERROR_LABEL } from '../../../../../renderer/src/features/answers/hooks/use-submit-application';
import { offlineMessages } from '../../../../../renderer/src/features/answers/components/offline-status';
import { addTypedAnswersAtom } from '../../../../../renderer/src/features/answers/typed-answers';
import { completeApplication } from '../../../../../scripts/support/complete-application';
import { renderApp, stubApi, type StubbedCall } from '../../render-app';
import { showSuccessToast } from '../../../../../renderer/src/components/ui/notifications';

afterEach(() => vi.unstubAllGlobals());

const SUMMARY = 'Please fix the following before you submit';
const ok = { body: { message: 'OK' } };

function profileWith(answer: Answers, statuses: WebStatus[] = ['started']): ProfileResponse {
  return {
    answer,
    document_answer: {},
    username: 'ada@example.edu',
    last_page: '/final-steps',
    successful_login: ['2026-11-01T10:00:00Z'],
    web_status: statuses.map((web_status) => ({ web_status, created_at: '2026-11-01T10:00:00Z' })),
  };
}

const submitted = { body: { message: SUBMITTED_MESSAGE, submitted_at: '2026-11-23T10:00:00.000Z' } };

function stubApplicant(answer: Answers, submitAnswer: { status?: number; body: unknown } = submitted, statuses?: WebStatus[]) {
  return stubApi({
    'GET /api/profile': { body: profileWith(answer, statuses) },
    'GET /api/tabs': { body: {} },
    'GET /api/add-another': { body: {} },
    'GET /api/document-answer': { body: {} },
    'PUT /api/last-page': ok,
    'PUT /api/answer': ok,
    'POST /api/web-status': ok,
    'POST /api/validations': ok,
    'POST /api/submit': submitAnswer,
  });
}

/** The calls that change something, in order, as "METHOD path". */
const writes = (calls: StubbedCall[]) => calls.filter((call) => call.method !== 'GET' && call.path !== '/api/last-page');

/** Final Steps' own button: the check, then the review page (issue 33 item 4). */
async function clickContinue() {
  await userEvent.click(await screen.findByRole('button', { name: 'Save and Continue to Check Your Answers' }));
}

/** Final Steps' button, then Submit at the foot of the review page. */
async function clickSubmit() {
  await clickContinue();
  await screen.findByRole('heading', { level: 2, name: 'Check Your Answers' });
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
}

describe('the submit sequence (spec platform section 4)', () => {
  it('shows Continue to the review next to Save on the last page only, and Submit on the review page alone', async () => {
    stubApplicant(completeApplication());
    const { router } = renderApp('/final-steps', { loggedIn: true });
    await screen.findByRole('button', { name: 'Save and Continue to Check Your Answers' });
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    await act(() => router.navigate('/about'));
    await screen.findByRole('button', { name: 'Save and Continue to Your Academics' });
    expect(screen.queryByRole('button', { name: /Check Your Answers|Submit/ })).toBeNull();
    await act(() => router.navigate('/check-your-answers'));
    expect((await screen.findByRole('button', { name: 'Submit' })).className).toContain('button--submit');
  });

  it('stops, saying why, while answers have not reached the server (issue 17, item 8)', async () => {
    stubApplicant(completeApplication());
    const { router, store } = renderApp('/final-steps', { loggedIn: true });
    await screen.findByRole('button', { name: 'Save and Continue to Check Your Answers' });
    // The server cannot be reached: the save stays in the browser.
    const calls = stubApi({
      'PUT /api/answer': { status: 503, body: { message: 'Service Unavailable' } },
      'POST /api/web-status': ok,
      'POST /api/validations': ok,
      'POST /api/submit': submitted,
    });
    act(() => store.set(addTypedAnswersAtom, { middle_name: 'King' }));
    await clickContinue();
    expect((await screen.findByRole('status', { name: SUBMIT_ERROR_LABEL })).textContent).toContain(offlineMessages.submitWaiting);
    expect(router.state.location.pathname).toBe('/final-steps');
    expect(writes(calls).map(({ path }) => path)).toContain('/api/answer');
    expect(writes(calls).filter(({ path }) => path !== '/api/answer')).toEqual([]);
  });

  it('sends a visitor to sign-up with the answers, calling nothing', async () => {
    const calls = stubApi({});
    const { router, store } = renderApp('/final-steps');
    act(() => store.set(addTypedAnswersAtom, { first_name: 'Ada' }));
    await clickContinue();
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    expect(writes(calls)).toEqual([]);
  });

  it('saves, moves to validating, posts the errors, submits and lands on /completion with the message', async () => {
    const calls = stubApplicant(completeApplication());
    const { router, store } = renderApp('/final-steps', { loggedIn: true });
    await screen.findByRole('button', { name: 'Save and Continue to Check Your Answers' });
    act(() => store.set(addTypedAnswersAtom, { middle_name: 'King' }));
    await clickSubmit();

    await waitFor(() => expect(router.state.location.pathname).toBe('/completion'));
    expect(writes(calls).map(({ method, path, body }) => [method, path, body])).toEqual([
      ['PUT', '/api/answer', { middle_name: 'King' }],
      ['POST', '/api/web-status', { web_status: 'validating' }],
      ['POST', '/api/validations', {}],
      // Each later save while validating posts the errors again: Final Steps left for the review
      // page, and the save that starts Submit there (issue 33 item 4).
      ['POST', '/api/validations', {}],
      ['POST', '/api/validations', {}],
      ['POST', '/api/submit', {}],
    ]);
    expect((await screen.findByLabelText('Success Notification')).textContent).toContain(SUBMITTED_MESSAGE);
    // The thanks loads once the profile says submitted (a chunk of its own, layout/submitted-banners.tsx).
    expect(await screen.findByRole('heading', { name: 'Thanks, Ada' })).toBeTruthy();
    expect(screen.getByText('Congratulations on completing the online portion of your application!')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: "ADA, you're almost finished!" })).toBeTruthy();
  });

  it('does not move the status again for an applicant already validating', async () => {
    const calls = stubApplicant(completeApplication(), submitted, ['started', 'validating']);
    const { router } = renderApp('/final-steps', { loggedIn: true });
    await clickSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/completion'));
    // Continue's save, the leaving of Final Steps', Submit's on the review page: no status post.
    expect(writes(calls).map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /api/validations',
      'POST /api/validations',
      'POST /api/validations',
      'POST /api/submit',
    ]);
  });

  it('with errors found here only on another page, posts them and goes to that page, where the summary lists them, not submitting', async () => {
    const { first_name: _first, ...incomplete } = completeApplication();
    const calls = stubApplicant(incomplete);
    const { router } = renderApp('/final-steps', { loggedIn: true });
    await clickContinue();

    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
    const summary = await screen.findByRole('region', { name: SUMMARY });
    expect(within(summary).getByRole('link', { name: 'First Name is required.' }).getAttribute('href')).toBe('/about#first_name');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(calls.some((call) => call.path === '/api/submit')).toBe(false);
    const validations = calls.find((call) => call.path === '/api/validations');
    expect(validations?.body).toEqual({ first_name: ['First Name is required.'] });
  });

  it('with an error on the page submitted from, stays there with the summary focused and no other list of the same question', async () => {
    const { completion_signature: _signature, ...incomplete } = completeApplication();
    stubApplicant(incomplete);
    const { router } = renderApp('/final-steps', { loggedIn: true });
    await clickContinue();

    const summary = await screen.findByRole('region', { name: SUMMARY });
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(router.state.location.pathname).toBe('/final-steps');
    expect(within(summary).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/final-steps#completion_signature']);
    expect(screen.queryByRole('region', { name: "We're missing some information!" })).toBeNull();
    expect(screen.getAllByRole('link').filter((link) => link.getAttribute('href')?.endsWith('#completion_signature'))).toHaveLength(1);

    // A second submit with the same error: the page stays, and the summary has focus again.
    (document.activeElement as HTMLElement).blur();
    await clickContinue();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('region', { name: SUMMARY })));
    expect(router.state.location.pathname).toBe('/final-steps');
  });

  it('takes the last "saved" toast down as Submit is pressed, before the server has answered (issue 26 item 4)', async () => {
    const { completion_signature: _signature, ...incomplete } = completeApplication();
    stubApplicant(incomplete);
    // The status post waits: the summary shows meanwhile (validating), and must be the one message.
    const stubbed = vi.mocked(fetch);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST' && String(input) === '/api/web-status') await held;
      return stubbed(input, init);
    });
    renderApp('/final-steps', { loggedIn: true });
    act(() => void showSuccessToast('Your answers have been saved.'));
    expect(await screen.findByLabelText('Success Notification')).toBeTruthy();

    await clickContinue();
    await screen.findByRole('region', { name: SUMMARY });
    expect(screen.queryByLabelText('Success Notification')).toBeNull();
    release();
  });

  it('shows and posts the errors of a 400 from the server’s submit that this client did not find', async () => {
    const serverErrors = { college_major: ['Please name your major as your college lists it.'] };
    const refusal = { status: 400, body: { message: 'Your application is not complete yet.', errors: serverErrors } };
    const calls = stubApplicant(completeApplication(), refusal);
    const { router } = renderApp('/final-steps', { loggedIn: true });
    await clickSubmit();

    // The one error is on Your Academics: that is where the applicant is taken.
    await waitFor(() => expect(router.state.location.pathname).toBe('/education'));
    const summary = await screen.findByRole('region', { name: SUMMARY });
    const link = within(summary).getByRole('link', { name: serverErrors.college_major[0] });
    expect(link.getAttribute('href')).toBe('/education#college_major');
    expect(calls.filter((call) => call.path === '/api/validations').map((call) => call.body)).toContainEqual(serverErrors);
    expect(screen.queryByLabelText('Success Notification')).toBeNull();
  });

  it('keeps the page and says why while a document still converts (409)', async () => {
    const message = 'A document you uploaded is still being converted. Please wait for the upload to finish, then submit again.';
    stubApplicant(completeApplication(), { status: 409, body: { message } });
    const { router } = renderApp('/final-steps', { loggedIn: true });
    await clickSubmit();

    expect((await screen.findByLabelText(SUBMIT_ERROR_LABEL)).textContent).toContain(message);
    expect(router.state.location.pathname).toBe('/check-your-answers');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
  });

  it('puts an unexpected failure in the Unexpected Error dialog', async () => {
    stubApplicant(completeApplication(), { status: 500, body: 'down' });
    renderApp('/final-steps', { loggedIn: true });
    await clickSubmit();
    expect(await screen.findByRole('dialog', { name: 'Unexpected Error' })).toBeTruthy();
  });
});
