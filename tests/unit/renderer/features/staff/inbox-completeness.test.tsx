// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InboxResponse } from '../../../../../common/staff-api';
import { renderApp, stubApi } from '../../render-app';
import { inboxRow, staffMe } from './staff-fixtures';

afterEach(() => vi.unstubAllGlobals());

const page = (query: string): Record<string, { body: InboxResponse }> => ({
  [`GET /api/staff/applications${query}`]: {
    body: {
      rows: [
        inboxRow,
        { ...inboxRow, id: 'a2', name: 'Grace Hopper', checklist: { complete: true, fee_awaiting: false, transcripts_missing: 0, letters_missing: 0, documents_missing: 0, outstanding: 0 } },
        { ...inboxRow, id: 'a3', name: 'Alan Turing', status: 'in_progress', submitted_at: null, checklist: null },
      ],
      total: 3,
      page: 1,
      page_size: 25,
    },
  },
});

async function openInbox(entry = '/staff') {
  const calls = stubApi({
    'GET /api/staff/me': { body: staffMe },
    ...page(''),
    ...page('?completeness=letters_missing'),
    ...page('?completeness=letters_missing&sort=outstanding&order=asc'),
  });
  const view = renderApp(entry);
  await screen.findByRole('table', {});
  return { calls, router: view.router };
}

const cellOf = (name: string) => {
  const row = screen.getByRole('link', { name }).closest('tr')!;
  const header = [...screen.getAllByRole('columnheader')].findIndex((cell) => cell.textContent?.startsWith('Checklist'));
  return row.children[header]!;
};

describe('the inbox by completeness', () => {
  it("says each row's checklist in words", async () => {
    await openInbox();
    expect(cellOf('Ada Lovelace').textContent).toBe('3 items outstanding');
    expect(cellOf('Grace Hopper').textContent).toBe('Complete');
    expect(cellOf('Alan Turing').textContent).toContain('—');
  });

  it('keeps the completeness filter and the sort by outstanding in the URL and the request', async () => {
    const { calls, router } = await openInbox();
    const filter = screen.getByLabelText('Completeness');
    expect(within(filter).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All',
      'Complete',
      'Letters missing',
      'Transcripts missing',
      'Fee awaiting',
      'Documents missing',
    ]);
    await userEvent.selectOptions(filter, 'Letters missing');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?completeness=letters_missing'));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/staff/applications?completeness=letters_missing')).toBe(true));
    expect((screen.getByLabelText('Completeness') as HTMLSelectElement).value).toBe('letters_missing');

    await userEvent.click(screen.getByRole('button', { name: /^Checklist/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?completeness=letters_missing&sort=outstanding&order=asc'));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/staff/applications?completeness=letters_missing&sort=outstanding&order=asc')).toBe(true));
  });

  it('reads the filter from a link that carries it', async () => {
    const { calls } = await openInbox('/staff?completeness=letters_missing');
    expect((screen.getByLabelText('Completeness') as HTMLSelectElement).value).toBe('letters_missing');
    expect(calls.some((call) => call.path === '/api/staff/applications?completeness=letters_missing')).toBe(true);
  });
});
