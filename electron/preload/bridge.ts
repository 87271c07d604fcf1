import {
  SHELL_MODE_ARGUMENT,
  shellChannels,
  type ShellBridge,
  type ShellMode,
} from '../../common/shell-bridge';

/** The mode the main process named in webPreferences.additionalArguments, read synchronously. */
export function readShellMode(argv: readonly string[]): ShellMode | undefined {
  const value = argv.find((arg) => arg.startsWith(SHELL_MODE_ARGUMENT))?.slice(SHELL_MODE_ARGUMENT.length);
  return value === 'kiosk' || value === 'desktop' ? value : undefined;
}

type Invoke = (channel: string, ...args: unknown[]) => Promise<unknown>;

/**
 * The bridge of common/shell-bridge.ts and nothing more: each function calls one fixed channel
 * with plain arguments, so the page never holds ipcRenderer or picks a channel itself.
 */
export function createShellBridge(mode: ShellMode, invoke: Invoke): ShellBridge {
  const call = async (channel: string, ...args: unknown[]) => {
    await invoke(channel, ...args);
  };
  if (mode === 'kiosk') {
    return {
      mode,
      kiosk: {
        resetSession: () => call(shellChannels.resetSession),
        printApplication: (pdfUrl: string) => call(shellChannels.printApplication, String(pdfUrl)),
      },
    };
  }
  return {
    mode,
    viewer: {
      print: () => call(shellChannels.print),
      savePdf: () => call(shellChannels.savePdf),
    },
  };
}
