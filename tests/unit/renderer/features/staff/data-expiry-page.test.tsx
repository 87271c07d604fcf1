// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataExpiryResponse } from '../../../../../common/applicant-data-api';
import { staffPages, staffPaths } from '../../../../../common/staff-api';
import { renderApp, stubApi } from '../../render-app';
import { staffMe } from './staff-fixtures';

afterEach(() => vi.unstubAllGlobals());

const due: DataExpiryResponse = {
  settings: { draft_expiry_days: 365, reminder_days: [30, 7], retention_months_after_term: 12 },
  horizon_days: 30,
  drafts: [
    { application_id: 'd1', email: 'idle@example.edu', name: 'Ida Idle', last_activity_at: '2025-12-20T15:00:00Z', next_reminder: { days_before: 7, due_at: '2026-12-13T15:00:00Z' }, deletes_at: '2026-12-20T15:00:00Z' },
    { application_id: 'd2', email: 'quiet@example.edu', name: '', last_activity_at: '2025-12-10T15:00:00Z', next_reminder: null, deletes_at: '2026-12-10T15:00:00Z' },
  ],
  submitted: [],
};

describe('the data expiry page (issue 35 item 3)', () => {
  it("shows an admin the rules, the drafts' reminders and deletion dates, and says when no submitted application is due", async () => {
    stubApi({ 'GET /api/staff/me': { body: { ...staffMe, role: 'admin' } }, [`GET ${staffPaths.dataExpiry}`]: { body: due } });
    renderApp(staffPages.dataExpiry);
    expect(await screen.findByRole('heading', { level: 1, name: 'Data that expires' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Data that expires' })).toBeTruthy();
    expect(await screen.findByText(/for 365 days, after a reminder e-mail 30 days and 7 days before/)).toBeTruthy();
    const table = screen.getByRole('region', { name: 'Unsubmitted applications table' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Ida Idle (idle@example.edu)', 'Dec 20, 2025', 'Dec 13, 2026 (7 days before)', 'Dec 20, 2026']);
    expect(within(rows[2]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['quiet@example.edu', 'Dec 10, 2025', 'All sent', 'Dec 10, 2026']);
    expect(screen.getByText('No submitted application reaches the end of its retention in the next 30 days.')).toBeTruthy();
  });

  it('is not in a reader’s navigation', async () => {
    stubApi({ 'GET /api/staff/me': { body: staffMe }, 'GET /api/staff/applications?page=1&page_size=25&sort=submitted&order=desc': { body: { rows: [], total: 0, page: 1, page_size: 25 } } });
    renderApp(staffPages.inbox);
    expect(await screen.findByRole('navigation', { name: 'Staff pages' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Data that expires' })).toBeNull();
  });
});
