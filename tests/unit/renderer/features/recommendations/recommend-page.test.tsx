// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recommendationLimits, type RecommenderView } from '../../../../../common/recommendation-api';
import { recommendationMessages } from '../../../../../common/recommendations/recommendation-rules';
import { recommendationCallMessages } from '../../../../../backend/recommendations/recommendation-messages';
import { renderApp, stubApi } from '../../render-app';
import { buildPdf } from '../../../../../scripts/support/documents';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const TOKEN = 'tok_123';
const base = `/public/recommendation/${TOKEN}`;

function view(waived: boolean): RecommenderView {
  return { recommender_name: 'Grace Hopper', applicant_name: 'Ada Lovelace', program: 'Computer Science (M.S.)', waived, opened_at: null, letter_file: null };
}

describe("the recommender's page", () => {
  it('shows the request, marks it opened, takes a typed letter with a counter and confirms with focus', async () => {
    const calls = stubApi({
      [`GET ${base}`]: { body: view(true) },
      [`POST ${base}/opened`]: { status: 204, body: {} },
      [`POST ${base}/letter`]: { status: 201, body: { received_at: '2026-11-20T10:00:00Z' } },
    });
    const { router } = renderApp(`/recommend/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: /Ada Lovelace/ })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/recommend/${TOKEN}`);
    expect(document.body.textContent).toContain('Computer Science (M.S.)');
    expect(document.body.textContent).toMatch(/waived the right to read/);
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path === `${base}/opened`)).toBe(true));

    const letter = screen.getByLabelText('Your letter') as HTMLTextAreaElement;
    expect(letter.maxLength).toBe(recommendationLimits.letterMax);
    await userEvent.type(letter, 'Ada is brilliant.');
    expect(document.body.textContent).toContain(`17 of ${recommendationLimits.letterMax.toLocaleString('en-US')} characters`);
    await userEvent.click(screen.getByRole('button', { name: 'Send the letter' }));

    const confirmation = await screen.findByRole('heading', { name: /letter has been received/ });
    await waitFor(() => expect(document.activeElement).toBe(confirmation));
    expect(calls.find((call) => call.path === `${base}/letter`)?.body).toEqual({ letter_text: 'Ada is brilliant.' });
    expect(screen.queryByLabelText('Your letter')).toBeNull();
  });

  it('keeps the typed letter as a draft in this browser, through a reload, for this link only, and forgets it once sent (issue 33, item 6)', async () => {
    stubApi({
      [`GET ${base}`]: { body: view(true) },
      [`POST ${base}/opened`]: { status: 204, body: {} },
      [`POST ${base}/letter`]: { status: 201, body: { received_at: '2026-11-20T10:00:00Z' } },
      ['GET /public/recommendation/tok_other']: { body: view(true) },
      ['POST /public/recommendation/tok_other/opened']: { status: 204, body: {} },
    });
    renderApp(`/recommend/${TOKEN}`);
    await userEvent.type(await screen.findByLabelText('Your letter'), 'Half a letter');
    cleanup();
    renderApp('/recommend/tok_other');
    expect((await screen.findByLabelText<HTMLTextAreaElement>('Your letter')).value).toBe('');
    cleanup();
    renderApp(`/recommend/${TOKEN}`);
    expect((await screen.findByLabelText<HTMLTextAreaElement>('Your letter')).value).toBe('Half a letter');
    await userEvent.click(screen.getByRole('button', { name: 'Send the letter' }));
    await screen.findByRole('heading', { name: /letter has been received/ });
    cleanup();
    renderApp(`/recommend/${TOKEN}`);
    expect((await screen.findByLabelText<HTMLTextAreaElement>('Your letter')).value).toBe('');
  });

  it('says plainly when the applicant did not waive the right to read the letter', async () => {
    stubApi({ [`GET ${base}`]: { body: view(false) }, [`POST ${base}/opened`]: { status: 204, body: {} } });
    renderApp(`/recommend/${TOKEN}`);
    expect(await screen.findByText(/has not waived the right to read/, undefined)).toBeTruthy();
  });

  it.each([
    [410, recommendationCallMessages.linkExpired],
    [410, recommendationCallMessages.linkRevoked],
    [404, recommendationCallMessages.linkUnknown],
    [409, recommendationCallMessages.letterReceived],
    [403, recommendationCallMessages.sessionPresent],
  ])('shows the server message of a %i link, with no form', async (status, message) => {
    stubApi({ [`GET ${base}`]: { status, body: { message } } });
    renderApp(`/recommend/${TOKEN}`);
    expect((await screen.findByRole('alert', undefined)).textContent).toContain(message);
    expect(screen.queryByLabelText('Your letter')).toBeNull();
  });

  it('refuses an empty letter with an error summary, and shows a refused submit from the server', async () => {
    const calls = stubApi({
      [`GET ${base}`]: { body: view(true) },
      [`POST ${base}/opened`]: { status: 204, body: {} },
      [`POST ${base}/letter`]: { status: 410, body: { message: recommendationCallMessages.linkRevoked } },
    });
    renderApp(`/recommend/${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Send the letter' }));
    expect((await screen.findByRole('alert')).textContent).toContain(recommendationMessages.letterRequired);
    await userEvent.type(screen.getByLabelText('Your letter'), 'Too late.');
    await userEvent.click(screen.getByRole('button', { name: 'Send the letter' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(recommendationCallMessages.linkRevoked));
    expect(calls.find((call) => call.path === `${base}/letter`)?.body).toEqual({ letter_text: 'Too late.' });
    expect(document.activeElement).toBe(screen.getByRole('alert'));
  });

  it('takes the letter as a file instead, and confirms once its conversion completes', async () => {
    const calls = stubApi({
      [`GET ${base}`]: { body: view(false) },
      [`POST ${base}/opened`]: { status: 204, body: {} },
      [`POST ${base}/letter-upload`]: { body: { url: '/uploads', fields: { key: 'uploads/acc/letter.r1/abc' } } },
      ['POST /uploads']: { status: 204, body: {} },
      [`POST ${base}/letter-file`]: { status: 202, body: { status: 'COMPLETED', message: '' } },
    });
    renderApp(`/recommend/${TOKEN}`);
    const file = new File([new Uint8Array(await buildPdf(['Zoë Ñúñez has my warmest recommendation.']))], 'recommendation.pdf', { type: 'application/pdf' });
    await userEvent.upload(await screen.findByLabelText('Your letter as a file', undefined), file);
    expect(calls.some((call) => call.path === `${base}/letter-upload`)).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const confirmation = await screen.findByRole('heading', { name: /letter has been received/ });
    await waitFor(() => expect(document.activeElement).toBe(confirmation));
    expect(confirmation.parentElement!.textContent).toContain('We received your file recommendation.pdf on ');
    expect(calls.find((call) => call.path === `${base}/letter-file`)?.body).toEqual({ file_key: 'uploads/acc/letter.r1/abc', file_name: 'recommendation.pdf' });
    expect(calls.some((call) => call.path === `${base}/letter`)).toBe(false);
    expect(screen.queryByLabelText('Your letter')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Replace the file' })).toBeTruthy();
  });

  it('names the file received on a return visit and replaces it with another file; a typed letter offers no replacement (issue 33, item 6)', async () => {
    const received = { ...view(true), letter_file: { file_name: 'first.pdf', received_at: '2026-11-20T10:00:00Z' } };
    const calls = stubApi({
      [`GET ${base}`]: { body: received },
      [`POST ${base}/opened`]: { status: 204, body: {} },
      [`POST ${base}/letter-upload`]: { body: { url: '/uploads', fields: { key: 'uploads/acc/letter-new.r1/abc' } } },
      ['POST /uploads']: { status: 204, body: {} },
      [`POST ${base}/letter-file`]: { status: 202, body: { status: 'COMPLETED', message: '' } },
    });
    renderApp(`/recommend/${TOKEN}`);
    const heading = await screen.findByRole('heading', { name: /letter has been received/ });
    expect(heading.parentElement!.textContent).toContain('We received your file first.pdf on Nov 20, 2026.');
    expect(screen.queryByLabelText('Your letter')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Replace the file' }));
    const file = new File([new Uint8Array(await buildPdf(['A better letter.']))], 'second.pdf', { type: 'application/pdf' });
    await userEvent.upload(await screen.findByLabelText('Your letter as a file', undefined), file);
    // The typed letter is not offered again: a letter received as a file is replaced by a file.
    expect(screen.queryByLabelText('Your letter')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: /letter has been received/ }).parentElement!.textContent).toContain('We received your file second.pdf on '));
    expect(calls.find((call) => call.path === `${base}/letter-file`)?.body).toEqual({ file_key: 'uploads/acc/letter-new.r1/abc', file_name: 'second.pdf' });
    cleanup();

    stubApi({
      [`GET ${base}`]: { body: view(true) },
      [`POST ${base}/opened`]: { status: 204, body: {} },
      [`POST ${base}/letter`]: { status: 201, body: { received_at: '2026-11-20T10:00:00Z' } },
    });
    renderApp(`/recommend/${TOKEN}`);
    await userEvent.type(await screen.findByLabelText('Your letter'), 'Typed.');
    await userEvent.click(screen.getByRole('button', { name: 'Send the letter' }));
    await screen.findByRole('heading', { name: /letter has been received/ });
    expect(screen.queryByRole('button', { name: 'Replace the file' })).toBeNull();
  });
});
