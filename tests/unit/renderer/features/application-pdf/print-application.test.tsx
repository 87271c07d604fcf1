// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileResponse } from '../../../../../common/api';
import { DOWNLOAD_LABEL } from '../../../../../renderer/src/features/application-pdf/components/download-application';
import {
  KIOSK_PRINT_LABEL,
  PRINT_ERROR_LABEL,
  PRINT_ERROR_MESSAGE,
  PRINT_SENT_LABEL,
  sameOriginUrlOf,
} from '../../../../../renderer/src/features/application-pdf/components/print-application';
import { fakeKiosk } from '../../fake-shell';
import { renderApp, stubApi } from '../../render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const submitted: ProfileResponse = {
  answer: { first_name: 'Ada' },
  document_answer: {},
  username: 'ada@example.edu',
  last_page: '/final-steps',
  successful_login: ['2026-11-01T10:00:00Z'],
  web_status: (['started', 'validating', 'submitted'] as const).map((web_status) => ({ web_status, created_at: '2026-11-01T10:00:00Z' })),
};

function stubCompletion(pdf: { status: string; url: string | null }) {
  return stubApi({ 'GET /api/profile': { body: submitted }, 'GET /api/pdf': { body: pdf } });
}

const steps = () => screen.getByRole('region', { name: "ADA, you're almost finished!" });

describe('the completion page in the campus kiosk', () => {
  it('prints the application PDF through the shell instead of downloading it', async () => {
    stubCompletion({ status: 'COMPLETED', url: '/api/pdf/file/abc' });
    const kiosk = fakeKiosk();
    renderApp('/completion', { loggedIn: true, shell: kiosk.bridge });
    const print = await screen.findByRole('button', { name: KIOSK_PRINT_LABEL });
    await waitFor(() => expect((print as HTMLButtonElement).disabled).toBe(false));
    expect(steps().textContent).toContain('Print a copy of your application for your records.');
    expect(screen.queryByRole('link', { name: DOWNLOAD_LABEL })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Print/ })).toBeNull();
    expect(document.querySelector('a[download], a[href*="/api/pdf"], a[target="_blank"]')).toBeNull();

    await userEvent.click(print);
    expect(kiosk.printApplication).toHaveBeenCalledExactlyOnceWith(`${window.location.origin}/api/pdf/file/abc`);
    expect((await screen.findByLabelText(PRINT_SENT_LABEL)).textContent).toContain('sent to the printer');
  });

  it('says where the printout comes out when the campus configured it, and only then', async () => {
    stubCompletion({ status: 'COMPLETED', url: '/api/pdf/file/abc' });
    const kiosk = fakeKiosk({ settings: { printerLocation: 'Room 104, beside the door' } });
    renderApp('/completion', { loggedIn: true, shell: kiosk.bridge });
    const print = await screen.findByRole('button', { name: KIOSK_PRINT_LABEL });
    const hint = document.getElementById(print.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('Printouts come out at: Room 104, beside the door.');
    await waitFor(() => expect((print as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(print);
    expect((await screen.findByLabelText(PRINT_SENT_LABEL)).textContent).toContain('Printouts come out at: Room 104, beside the door.');
  });

  it('names no place when the campus did not', async () => {
    stubCompletion({ status: 'COMPLETED', url: '/api/pdf/file/abc' });
    renderApp('/completion', { loggedIn: true, shell: fakeKiosk().bridge });
    const print = await screen.findByRole('button', { name: KIOSK_PRINT_LABEL });
    expect(print.hasAttribute('aria-describedby')).toBe(false);
    expect(document.body.textContent).not.toContain('Printouts come out at');
  });

  it('waits, disabled, while the PDF is prepared', async () => {
    stubCompletion({ status: 'IN_PROGRESS', url: null });
    const kiosk = fakeKiosk();
    renderApp('/completion', { loggedIn: true, shell: kiosk.bridge });
    const print = await screen.findByRole('button', { name: KIOSK_PRINT_LABEL });
    expect((print as HTMLButtonElement).disabled).toBe(true);
    expect(within(steps()).getByRole('status').textContent).toBe('Preparing your application PDF…');
  });

  it('is disabled while the shell prints, so a second tap does not print twice', async () => {
    stubCompletion({ status: 'COMPLETED', url: '/api/pdf/file/abc' });
    let finish = () => {};
    const kiosk = fakeKiosk({ print: () => new Promise<void>((resolve) => (finish = resolve)) });
    renderApp('/completion', { loggedIn: true, shell: kiosk.bridge });
    const print = await screen.findByRole('button', { name: KIOSK_PRINT_LABEL });
    await waitFor(() => expect((print as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(print);
    expect((print as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(print);
    finish();
    await waitFor(() => expect((print as HTMLButtonElement).disabled).toBe(false));
    expect(kiosk.printApplication).toHaveBeenCalledOnce();
  });

  it('shows a failed print as the Print Error toast, in our words, and lets the applicant try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubCompletion({ status: 'COMPLETED', url: '/api/pdf/file/abc' });
    const kiosk = fakeKiosk({ print: async () => Promise.reject(new Error("Error invoking remote method 'gradapp:kiosk:print-application': no printer")) });
    renderApp('/completion', { loggedIn: true, shell: kiosk.bridge });
    const print = await screen.findByRole('button', { name: KIOSK_PRINT_LABEL });
    await waitFor(() => expect((print as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(print);
    const toast = await screen.findByLabelText(PRINT_ERROR_LABEL);
    expect(toast.textContent).toContain(PRINT_ERROR_MESSAGE);
    expect(toast.textContent).not.toContain('remote method');
    await waitFor(() => expect((print as HTMLButtonElement).disabled).toBe(false));
  });

  it('never hands the shell an address off the application origin', () => {
    expect(sameOriginUrlOf('/api/pdf/file/abc')).toBe(`${window.location.origin}/api/pdf/file/abc`);
    expect(sameOriginUrlOf('https://elsewhere.example/api/pdf/file/abc')).toBeNull();
  });
});

describe('the completion page in a browser', () => {
  it('still downloads and opens the PDF in a new tab to print, with no shell to ask', async () => {
    stubCompletion({ status: 'COMPLETED', url: '/api/pdf/file/abc' });
    renderApp('/completion', { loggedIn: true });
    const download = await screen.findByRole('link', { name: DOWNLOAD_LABEL });
    expect(download.hasAttribute('download')).toBe(true);
    expect(screen.getByRole('link', { name: /^Print/ }).getAttribute('target')).toBe('_blank');
    expect(screen.queryByRole('button', { name: KIOSK_PRINT_LABEL })).toBeNull();
    expect(steps().textContent).toContain('Download or print a copy of your application for your records.');
  });
});
