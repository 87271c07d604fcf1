import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { SHELL_CHANNEL_PREFIX, shellChannels } from '../../common/shell-bridge';
import { isAppOrigin } from './app-origin';

export type ShellChannel = (typeof shellChannels)[keyof typeof shellChannels];
export type ShellHandler = (...args: unknown[]) => Promise<void>;

const knownChannels: ReadonlySet<string> = new Set(Object.values(shellChannels));

/**
 * The main process checks every call again, whatever the preload allowed (VS Code's
 * `validatedIpcMain`): the sender must be the top frame of a page on the application's origin,
 * right now (`senderFrame` is null once the frame navigated away or was destroyed).
 */
export function isTrustedSender(event: Pick<IpcMainInvokeEvent, 'senderFrame'>, appUrl: URL): boolean {
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return false;
  return isAppOrigin(frame.url, appUrl);
}

/**
 * Registers this mode's handlers, and only known channels: a name outside common/shell-bridge.ts
 * is a programming error and refused at start. A channel not registered (the other mode's)
 * stays refused by Electron itself ("No handler registered").
 */
export function handleShellChannels(
  ipcMain: Pick<IpcMain, 'handle'>,
  appUrl: URL,
  handlers: Partial<Record<ShellChannel, ShellHandler>>,
): void {
  for (const [channel, handler] of Object.entries(handlers)) {
    if (!channel.startsWith(SHELL_CHANNEL_PREFIX) || !knownChannels.has(channel) || !handler) {
      throw new Error(`Refusing to handle the unknown IPC channel "${channel}".`);
    }
    ipcMain.handle(channel, async (event, ...args: unknown[]) => {
      if (!isTrustedSender(event, appUrl)) throw new Error('IPC refused: the sender is not the application.');
      await handler(...args);
    });
  }
}
