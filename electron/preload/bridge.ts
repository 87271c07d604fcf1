import {
  defaultKioskSettings,
  KIOSK_SETTINGS_ARGUMENT,
  kioskSettingsProblems,
  SHELL_MODE_ARGUMENT,
  shellChannels,
  type KioskSettings,
  type ShellBridge,
  type ShellMode,
} from '../../common/shell-bridge';

/** The mode the main process named in webPreferences.additionalArguments, read synchronously. */
export function readShellMode(argv: readonly string[]): ShellMode | undefined {
  const value = argv.find((arg) => arg.startsWith(SHELL_MODE_ARGUMENT))?.slice(SHELL_MODE_ARGUMENT.length);
  return value === 'kiosk' || value === 'desktop' ? value : undefined;
}

/**
 * The kiosk's settings the main process named (kioskSettingsArgument), checked; the defaults
 * when they are missing or do not fit the contract, so the page always gets usable times.
 */
export function readKioskSettings(argv: readonly string[]): KioskSettings {
  const raw = argv.find((arg) => arg.startsWith(KIOSK_SETTINGS_ARGUMENT))?.slice(KIOSK_SETTINGS_ARGUMENT.length);
  try {
    const parsed: unknown = raw === undefined ? undefined : JSON.parse(raw);
    if (kioskSettingsProblems(parsed).length > 0) return defaultKioskSettings;
    const { idleMs, countdownMs, printerLocation } = parsed as KioskSettings;
    return { idleMs, countdownMs, ...(printerLocation === undefined ? {} : { printerLocation }) };
  } catch {
    return defaultKioskSettings;
  }
}

type Invoke = (channel: string, ...args: unknown[]) => Promise<unknown>;

/**
 * The bridge of common/shell-bridge.ts and nothing more: each function calls one fixed channel
 * with plain arguments, so the page never holds ipcRenderer or picks a channel itself.
 */
export function createShellBridge(mode: ShellMode, invoke: Invoke, kiosk: KioskSettings = defaultKioskSettings): ShellBridge {
  const call = async (channel: string, ...args: unknown[]) => {
    await invoke(channel, ...args);
  };
  if (mode === 'kiosk') {
    return {
      mode,
      kiosk: {
        ...kiosk,
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
