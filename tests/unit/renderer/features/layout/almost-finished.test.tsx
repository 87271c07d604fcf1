// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Answers, ProfileResponse } from '../../../../../common/api';
import { renderApp, stubApi } from '../../render-app';

afterEach(() => vi.unstubAllGlobals());

function submittedProfile(answer: Answers): ProfileResponse {
  return {
    answer,
    document_answer: {},
    username: 'ada@example.edu',
    last_page: '/final-steps',
    successful_login: ['2026-11-01T10:00:00Z'],
    web_status: ['started', 'validating', 'submitted'].map((web_status) => ({
      web_status: web_status as 'started',
      created_at: '2026-11-01T10:00:00Z',
    })),
  };
}

describe('the Almost finished panel', () => {
  it('greets by preferred name in upper case and lists the steps after submission', async () => {
    stubApi({ 'GET /api/profile': { body: submittedProfile({ first_name: 'Augusta', preferred_name: 'Ada' }) } });
    renderApp('/completion', { loggedIn: true });
    expect(await screen.findByRole('heading', { name: "ADA, you're almost finished!" })).toBeTruthy();
    const steps = screen.getAllByRole('listitem').map((item) => item.textContent ?? '');
    expect(steps.some((step) => step.includes('application fee'))).toBe(true);
    expect(steps.some((step) => step.includes('transcript'))).toBe(true);
    expect(steps.some((step) => step.includes('letters of recommendation'))).toBe(true);
  });

  it('falls back to the first name', async () => {
    stubApi({ 'GET /api/profile': { body: submittedProfile({ first_name: 'Augusta' }) } });
    renderApp('/completion', { loggedIn: true });
    expect(await screen.findByRole('heading', { name: "AUGUSTA, you're almost finished!" })).toBeTruthy();
  });
});
