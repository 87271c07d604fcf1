import { describe, expect, it, vi } from 'vitest';
import { viewerMenuTemplate } from '../../../electron/desktop/menu';
import { openServiceLink } from '../../../electron/desktop/open-link';
import { pdfFileName, printPage, savePageAsPdf, type PrintableContents } from '../../../electron/desktop/print-view';
import { FakeWebContents } from './fakes';

const contents = () => new FakeWebContents();
const TOKEN = 'T'.repeat(43);

describe('viewer printing', () => {
  it('prints through the system print dialog and treats cancelling as no error', async () => {
    const page = contents();
    page.print.mockImplementation((_o: unknown, cb: (ok: boolean, reason: string) => void) => cb(false, 'Print job canceled'));
    await expect(printPage(page as unknown as PrintableContents)).resolves.toBeUndefined();
    expect(page.print.mock.calls[0]?.[0]).toEqual({ silent: false, printBackground: true });
    page.print.mockImplementation((_o: unknown, cb: (ok: boolean, reason: string) => void) => cb(false, 'Print job failed'));
    await expect(printPage(page as unknown as PrintableContents)).rejects.toThrow(/failed/);
  });

  it('saves the page as PDF where the staff member chooses', async () => {
    const page = contents();
    const writeFile = vi.fn(async () => undefined);
    const showSaveDialog = vi.fn(async () => ({ canceled: false, filePath: '/home/staff/a.pdf' }));
    await savePageAsPdf(page as unknown as PrintableContents, { showSaveDialog, writeFile });
    expect(showSaveDialog.mock.calls[0]).toEqual([
      expect.objectContaining({ defaultPath: 'Application-of-Ada-Lovelace.pdf', filters: [{ name: 'PDF', extensions: ['pdf'] }] }),
    ]);
    expect(page.printToPDF).toHaveBeenCalledWith({ printBackground: true, pageSize: 'Letter' });
    expect(writeFile).toHaveBeenCalledWith('/home/staff/a.pdf', new Uint8Array([37, 80, 68, 70]));
  });

  it('writes nothing when the save dialog is cancelled', async () => {
    const page = contents();
    const writeFile = vi.fn(async () => undefined);
    await savePageAsPdf(page as unknown as PrintableContents, { showSaveDialog: async () => ({ canceled: true, filePath: '' }), writeFile });
    expect(page.printToPDF).not.toHaveBeenCalled();
    expect(writeFile).not.toHaveBeenCalled();
  });

  it('makes a safe file name from any title', () => {
    expect(pdfFileName('Ada / Lovelace: <app>')).toBe('Ada-Lovelace-app');
    expect(pdfFileName('///')).toBe('application');
  });
});

describe('viewer menu', () => {
  it('offers Open Link, Print, Save as PDF, Back and Quit, and nothing else of its own', () => {
    const actions = { openLink: vi.fn(), print: vi.fn(), savePdf: vi.fn(), back: vi.fn(), quit: vi.fn() };
    const [file, edit] = viewerMenuTemplate(actions, 'linux');
    const items = (file?.submenu as { label?: string; click?: () => void }[]).filter((item) => item.label);
    expect(items.map((item) => item.label)).toEqual(['Open Link from Clipboard\u2026', 'Print\u2026', 'Save as PDF\u2026', 'Back', 'Quit']);
    items.forEach((item) => item.click?.());
    for (const action of Object.values(actions)) expect(action).toHaveBeenCalledTimes(1);
    expect(edit).toEqual({ role: 'editMenu' });
    expect(viewerMenuTemplate(actions, 'darwin')[0]).toEqual({ role: 'appMenu' });
  });
});

describe('open link', () => {
  const appUrl = new URL('https://apply.example.edu/');
  it('loads a good link and explains a bad or empty one', () => {
    const load = vi.fn();
    const showError = vi.fn();
    expect(openServiceLink(`gradapp://open?service_token=${TOKEN}`, { appUrl, load, showError })).toBe(true);
    expect(load).toHaveBeenCalledWith(new URL(`https://apply.example.edu/?service_token=${TOKEN}`));
    expect(openServiceLink('https://evil.example/', { appUrl, load, showError })).toBe(false);
    expect(openServiceLink('', { appUrl, load, showError })).toBe(false);
    expect(showError.mock.calls.map(([message]) => message)).toEqual([expect.stringMatching(/not for/), expect.stringMatching(/Copy a service link/)]);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
