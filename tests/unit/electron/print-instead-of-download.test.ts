import { describe, expect, it, vi } from 'vitest';
import { printApplicationPdf, refuseDownloads, type PrintWindow } from '../../../electron/kiosk/print-instead-of-download';
import { FakeSession, FakeWindow } from './fakes';

const appUrl = new URL('https://apply.example.edu/');

function printWindow(status = 200, printResult: [boolean, string] = [true, '']) {
  const window = new FakeWindow({});
  window.webContents.loadURL.mockImplementation(async (url: string) => {
    window.webContents.emit('did-navigate', {}, url, status, 'OK');
    return undefined;
  });
  window.webContents.print.mockImplementation((_options: unknown, callback: (success: boolean, reason: string) => void) =>
    callback(...printResult),
  );
  return window;
}

const options = (window: FakeWindow, printer?: string) => ({
  appUrl,
  printer,
  openPrintWindow: () => window as unknown as PrintWindow,
  settle: async () => undefined,
});

describe('print instead of download', () => {
  it('cancels every download before anything is written', () => {
    const session = new FakeSession();
    refuseDownloads(session as unknown as Parameters<typeof refuseDownloads>[0]);
    const preventDefault = vi.fn();
    session.emit('will-download', { preventDefault }, { getFilename: () => 'application.pdf' });
    expect(preventDefault).toHaveBeenCalled();
  });

  it('prints the same-origin PDF inline and silently, then closes the hidden window', async () => {
    const window = printWindow();
    await printApplicationPdf('https://apply.example.edu/api/pdf/file/42', options(window));
    expect(window.webContents.loadURL).toHaveBeenCalledWith('https://apply.example.edu/api/pdf/file/42?disposition=inline');
    expect(window.webContents.print.mock.calls[0]?.[0]).toEqual({ silent: true, printBackground: true });
    expect(window.destroy).toHaveBeenCalled();
  });

  it('turns an attachment link into an inline one and uses the configured printer', async () => {
    const window = printWindow();
    await printApplicationPdf('https://apply.example.edu/api/pdf/file/42?disposition=attachment', options(window, 'Lobby HP'));
    expect(window.webContents.loadURL).toHaveBeenCalledWith('https://apply.example.edu/api/pdf/file/42?disposition=inline');
    expect(window.webContents.print.mock.calls[0]?.[0]).toEqual({ silent: true, printBackground: true, deviceName: 'Lobby HP' });
  });

  it.each(['https://evil.example/a.pdf', 'file:///tmp/a.pdf', 'javascript:print()', 'not a url', 42, undefined])(
    'refuses to print %j and opens no window',
    async (url) => {
      const openPrintWindow = vi.fn();
      await expect(printApplicationPdf(url, { appUrl, printer: undefined, openPrintWindow })).rejects.toThrow(/own address/);
      expect(openPrintWindow).not.toHaveBeenCalled();
    },
  );

  it('prints nothing when the PDF does not load (an error page is not the application)', async () => {
    const window = printWindow(404);
    await expect(printApplicationPdf('https://apply.example.edu/api/pdf/file/1', options(window))).rejects.toThrow(/HTTP 404/);
    expect(window.webContents.print).not.toHaveBeenCalled();
    expect(window.destroy).toHaveBeenCalled();
  });

  it('reports a failed print job', async () => {
    const window = printWindow(200, [false, 'Printer is offline']);
    await expect(printApplicationPdf('https://apply.example.edu/api/pdf/file/1', options(window))).rejects.toThrow(/offline/);
    expect(window.destroy).toHaveBeenCalled();
  });
});
