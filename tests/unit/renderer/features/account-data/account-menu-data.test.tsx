// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiPaths, type ProfileResponse } from '../../../../../common/api';
import { fakeKiosk } from '../../fake-shell';
import { renderApp, stubApi } from '../../render-app';

const profile = (status: 'started' | 'submitted'): ProfileResponse => ({
  answer: { first_name: 'Ada' },
  document_answer: {},
  username: 'ada@example.edu',
  last_page: '/about',
  successful_login: ['2026-11-01T10:00:00Z'],
  // The status is the number of distinct entries (common/web-status.ts).
  web_status: (status === 'submitted' ? (['started', 'validating', 'submitted'] as const) : (['started'] as const)).map((web_status) => ({ web_status, created_at: '2026-11-01T10:00:00Z' })),
});

const server = (status: 'started' | 'submitted') => ({
  'GET /api/profile': { body: profile(status) },
  'GET /api/tabs': { body: {} },
  'GET /api/add-another': { body: {} },
  'GET /api/document-answer': { body: {} },
  'PUT /api/last-page': { body: { message: 'OK.' } },
  'POST /api/keep-alive': { body: { message: 'OK.' } },
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("an applicant's own data in the renderer (issue 35 item 4)", () => {
  it('the account menu links to the download and to the page that deletes', async () => {
    stubApi(server('started'));
    renderApp('/about', { loggedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Account' }));
    expect((await screen.findByRole('link', { name: 'Download my data' })).getAttribute('href')).toBe(apiPaths.myData);
    expect(screen.getByRole('link', { name: 'Delete my account' }).getAttribute('href')).toBe('/delete-account');
  });

  it('a campus kiosk offers no download (it keeps no file), only the deletion', async () => {
    stubApi(server('started'));
    renderApp('/about', { loggedIn: true, shell: fakeKiosk().bridge });
    await userEvent.click(await screen.findByRole('button', { name: 'Account' }));
    expect(screen.getByRole('link', { name: 'Delete my account' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download my data' })).toBeNull();
  });

  it('the delete page says the account goes at once before submission', async () => {
    stubApi(server('started'));
    renderApp('/delete-account', { loggedIn: true });
    expect(await screen.findByRole('button', { name: 'Delete my account now' })).toBeTruthy();
    expect(screen.getByText(/deletes your account and everything in it/)).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Download my data' }))).toBeTruthy();
  });

  it('after submission the delete page asks the office', async () => {
    stubApi(server('submitted'));
    renderApp('/delete-account', { loggedIn: true });
    expect(await screen.findByRole('button', { name: 'Ask for my account to be deleted' })).toBeTruthy();
    expect(screen.getByText(/the admissions office deletes it for you/)).toBeTruthy();
  });
});
