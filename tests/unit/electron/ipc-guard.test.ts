import { describe, expect, it, vi } from 'vitest';
import { shellChannels } from '../../../common/shell-bridge';
import { handleShellChannels, isTrustedSender, type ShellChannel } from '../../../electron/security/ipc-guard';
import { ipcEvent } from './fakes';

const appUrl = new URL('https://apply.example.edu/');

function registered() {
  const handlers = new Map<string, (event: unknown, ...args: unknown[]) => Promise<unknown>>();
  const ipcMain = { handle: vi.fn((channel: string, listener: (event: unknown, ...args: unknown[]) => Promise<unknown>) => void handlers.set(channel, listener)) };
  return { ipcMain, handlers };
}

describe('IPC sender checks', () => {
  it('trusts only the top frame of a page on the application origin', () => {
    expect(isTrustedSender(ipcEvent('https://apply.example.edu/form/about-you') as never, appUrl)).toBe(true);
    expect(isTrustedSender(ipcEvent('https://evil.example/') as never, appUrl)).toBe(false);
    expect(isTrustedSender(ipcEvent('file:///tmp/x.html') as never, appUrl)).toBe(false);
    expect(isTrustedSender(ipcEvent(null) as never, appUrl)).toBe(false);
    expect(isTrustedSender(ipcEvent('https://apply.example.edu/', { url: 'https://apply.example.edu/' }) as never, appUrl)).toBe(false);
  });

  it('calls the handler for the application and refuses a foreign or missing sender', async () => {
    const { ipcMain, handlers } = registered();
    const print = vi.fn(async () => undefined);
    handleShellChannels(ipcMain, appUrl, { [shellChannels.printApplication]: print });
    const listener = handlers.get(shellChannels.printApplication)!;

    await listener(ipcEvent('https://apply.example.edu/completion'), 'https://apply.example.edu/api/pdf/file/1');
    expect(print).toHaveBeenCalledWith('https://apply.example.edu/api/pdf/file/1');

    await expect(listener(ipcEvent('https://evil.example/'), 'x')).rejects.toThrow(/IPC refused/);
    await expect(listener(ipcEvent(null), 'x')).rejects.toThrow(/IPC refused/);
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('registers only the channels of common/shell-bridge.ts, and only those given', () => {
    const { ipcMain, handlers } = registered();
    handleShellChannels(ipcMain, appUrl, { [shellChannels.print]: async () => undefined, [shellChannels.savePdf]: async () => undefined });
    expect([...handlers.keys()]).toEqual([shellChannels.print, shellChannels.savePdf]);
    expect(handlers.has(shellChannels.resetSession)).toBe(false);
  });

  it.each(['gradapp:mode', 'gradapp:kiosk:open-devtools', 'other:print'])('refuses to handle the unknown channel %s', (channel) => {
    const { ipcMain } = registered();
    expect(() => handleShellChannels(ipcMain, appUrl, { [channel as ShellChannel]: async () => undefined })).toThrow(/unknown IPC channel/);
    expect(ipcMain.handle).not.toHaveBeenCalled();
  });
});
