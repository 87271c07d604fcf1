/**
 * The contract between the shells (the Electron preload, electron/preload; the Chromium kiosk
 * launcher's page script, scripts/kiosk-chromium) and the renderer: the few typed functions a
 * shell exposes on `window.gradappShell`, and the channels behind them. Named and built once here
 * (createShellBridge) so the sides cannot drift; none imports another.
 */

import { isAllowedText } from './validation/text-characters';

export type ShellMode = 'kiosk' | 'desktop';

/** The global the preload defines; absent in a plain browser. */
export const SHELL_BRIDGE_GLOBAL = 'gradappShell';

/**
 * The kiosk's settings, chosen by the campus in the shell's configuration (electron/platform/config.ts)
 * and handed to the page with the bridge, so a test or another shell sets them the same way.
 */
export interface KioskSettings {
  /** Time without input before the "Still there?" dialog opens. */
  idleMs: number;
  /** How long the dialog counts down before the renderer saves, logs out and asks for the reset. */
  countdownMs: number;
  /** Where the printout comes out ("the printer beside the entrance"), said on the print button; absent when unknown. */
  printerLocation?: string;
}

/** Walk-in applicants at campus terminals. */
export interface KioskBridge extends KioskSettings {
  /**
   * Wipes every trace of the applicant (cookies, local and session storage, IndexedDB, cache,
   * service workers) and returns the window to the start page. Called at logout and inactivity.
   */
  resetSession(): Promise<void>;
  /** Prints the application PDF at this same-origin URL on the kiosk's printer; nothing is written to disk. */
  printApplication(pdfUrl: string): Promise<void>;
}

/** Staff printing applications from service-token links. */
export interface ViewerBridge {
  /** Prints the page shown (the print view) through the system print dialog. */
  print(): Promise<void>;
  /** Saves the page shown as a PDF where the staff member chooses. */
  savePdf(): Promise<void>;
}

export interface ShellBridge {
  mode: ShellMode;
  /** Present in kiosk mode only. */
  kiosk?: KioskBridge;
  /** Present in desktop mode only. */
  viewer?: ViewerBridge;
}

/** Every IPC channel starts with this prefix; the main process refuses any other and checks every sender. */
export const SHELL_CHANNEL_PREFIX = 'gradapp:';

export const shellChannels = {
  resetSession: 'gradapp:kiosk:reset-session',
  printApplication: 'gradapp:kiosk:print-application',
  print: 'gradapp:viewer:print',
  savePdf: 'gradapp:viewer:save-pdf',
} as const;

/** The argument the main process passes to the preload (webPreferences.additionalArguments) to name the mode. */
export const SHELL_MODE_ARGUMENT = '--gradapp-shell-mode=';

/** The kiosk's settings reach the preload the same way, as JSON (kioskSettingsArgument). */
export const KIOSK_SETTINGS_ARGUMENT = '--gradapp-kiosk-settings=';

/** The defaults: shorter than the web's 15 minutes, and a minute's countdown (WCAG 2.2.1 asks for 20 s at least). */
export const DEFAULT_KIOSK_IDLE_MS = 300_000;
export const DEFAULT_KIOSK_COUNTDOWN_MS = 60_000;
/** Idle time and countdown together stay under the web's 15-minute logout. */
export const KIOSK_TOTAL_MAX_MS = 840_000;
/** A second is the least a person can react to; the shell's own configuration asks for more (electron/platform/config.ts). */
export const KIOSK_TIMING_MIN_MS = 1_000;
export const KIOSK_PRINTER_LOCATION_MAX = 80;

export const defaultKioskSettings: KioskSettings = { idleMs: DEFAULT_KIOSK_IDLE_MS, countdownMs: DEFAULT_KIOSK_COUNTDOWN_MS };

/**
 * What is wrong with kiosk settings that crossed a process boundary (the shell's argument, the
 * page's bridge), one sentence each; empty when they are usable. Unknown members are ignored.
 */
export function kioskSettingsProblems(value: unknown): string[] {
  if (typeof value !== 'object' || value === null) return ['The kiosk settings are missing.'];
  const { idleMs, countdownMs, printerLocation } = value as Record<string, unknown>;
  const problems: string[] = [];
  for (const [name, ms] of [
    ['idleMs', idleMs],
    ['countdownMs', countdownMs],
  ] as const) {
    if (typeof ms !== 'number' || !Number.isInteger(ms) || ms < KIOSK_TIMING_MIN_MS || ms > KIOSK_TOTAL_MAX_MS) {
      problems.push(`kiosk.${name} must be a whole number of milliseconds from ${KIOSK_TIMING_MIN_MS} to ${KIOSK_TOTAL_MAX_MS} (got ${String(ms)}).`);
    }
  }
  if (problems.length === 0 && (idleMs as number) + (countdownMs as number) > KIOSK_TOTAL_MAX_MS) {
    problems.push(`kiosk.idleMs and kiosk.countdownMs together must stay within ${KIOSK_TOTAL_MAX_MS} ms, under the web's 15 minutes.`);
  }
  if (printerLocation !== undefined && !isKioskPrinterLocation(printerLocation)) {
    problems.push(`kiosk.printerLocation must be text of 1 to ${KIOSK_PRINTER_LOCATION_MAX} characters without control characters.`);
  }
  return problems;
}

/** A printer location the print button can show: plain text, not blank, not long. */
export function isKioskPrinterLocation(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '' && value.length <= KIOSK_PRINTER_LOCATION_MAX && isAllowedText(value);
}

/** The settings as the preload's argument (the main process writes it, the preload reads it). */
export function kioskSettingsArgument(settings: KioskSettings): string {
  return `${KIOSK_SETTINGS_ARGUMENT}${JSON.stringify(settings)}`;
}

/** How a shell carries a bridge call to its own side: Electron's ipcRenderer.invoke, the Chromium launcher's binding. */
export type ShellInvoke = (channel: string, ...args: unknown[]) => Promise<unknown>;

/**
 * The bridge and nothing more: each function calls one fixed channel with plain arguments, so the
 * page never holds the shell's transport (ipcRenderer, a CDP binding) or picks a channel itself.
 */
export function createShellBridge(mode: ShellMode, invoke: ShellInvoke, kiosk: KioskSettings = defaultKioskSettings): ShellBridge {
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
