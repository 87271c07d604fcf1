// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataExpiryResponse } from '../../../../../common/applicant-data-api';
import { formatDay } from '../../../../../common/form/format-day';
import { staffPaths } from '../../../../../common/staff-api';
import { staffPages } from '../../../../../common/staff-pages';
import { renderApp, stubApi } from '../../render-app';
import { staffMe } from './staff-fixtures';

afterEach(() => vi.unstubAllGlobals());

const DAY_MS = 24 * 60 * 60_000;
const inDays = (count: number) => new Date(Date.now() + count * DAY_MS).toISOString();

const due: DataExpiryResponse = {
  settings: { draft_expiry_days: 365, reminder_days: [30, 7], retention_months_after_term: 12 },
  horizon_days: 30,
  drafts: [
    { application_id: 'd1', email: 'idle@example.edu', name: 'Ida Idle', last_activity_at: inDays(-359), next_reminder: { days_before: 7, due_at: inDays(-1) }, deletes_at: inDays(6) },
    { application_id: 'd2', email: 'quiet@example.edu', name: '', last_activity_at: inDays(-340), next_reminder: { days_before: 7, due_at: inDays(18) }, deletes_at: inDays(25) },
    { application_id: 'd3', email: 'gone@example.edu', name: '', last_activity_at: inDays(-365), next_reminder: null, deletes_at: inDays(0) },
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
    const cells = (row: number) => within(rows[row]!).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells(1)).toEqual(['Ida Idle (idle@example.edu)', formatDay(inDays(-359)), 'Due now (7 days before)', formatDay(inDays(6))]);
    expect(cells(2)).toEqual(['quiet@example.edu', formatDay(inDays(-340)), `${formatDay(inDays(18))} (7 days before)`, formatDay(inDays(25))]);
    expect(cells(3)).toEqual(['gone@example.edu', formatDay(inDays(-365)), 'All sent', formatDay(inDays(0))]);
    expect(screen.getByText('No submitted application reaches the end of its retention in the next 30 days.')).toBeTruthy();
  });

  it('is not in a reader’s navigation', async () => {
    stubApi({ 'GET /api/staff/me': { body: staffMe }, 'GET /api/staff/applications?page=1&page_size=25&sort=submitted&order=desc': { body: { rows: [], total: 0, page: 1, page_size: 25 } } });
    renderApp(staffPages.inbox);
    expect(await screen.findByRole('navigation', { name: 'Staff pages' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Data that expires' })).toBeNull();
  });
});
