/**
 * The contract between the Electron shells' preload (electron/preload.ts) and the renderer: the
 * few typed functions the preload exposes on `window.gradappShell`, and the IPC channels behind
 * them. Named once here so the two sides cannot drift; neither imports the other.
 */

export type ShellMode = 'kiosk' | 'desktop';

/** The global the preload defines; absent in a plain browser. */
export const SHELL_BRIDGE_GLOBAL = 'gradappShell';

/** Walk-in applicants at campus terminals. */
export interface KioskBridge {
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
