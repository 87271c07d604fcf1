import {
  defaultKioskSettings,
  kioskSettingsProblems,
  SHELL_BRIDGE_GLOBAL,
  type KioskSettings,
  type KioskBridge,
  type ShellBridge,
  type ViewerBridge,
} from '../../../common/shell-bridge';

/**
 * The one reader of the Electron preload's bridge (common/shell-bridge.ts). The page cannot trust
 * what it finds on `window`: anything but a complete bridge of a known mode counts as no bridge,
 * so a plain browser, or a shell whose preload failed, gets the ordinary web application.
 */

/** The root attribute that names the shell, for the kiosk's stylesheet (styles/kiosk.css). */
export const SHELL_ATTRIBUTE = 'data-shell';

type Methods = Record<string, unknown>;

function methodsOf(value: unknown, names: readonly string[]): Methods | null {
  if (typeof value !== 'object' || value === null) return null;
  const methods = value as Methods;
  return names.every((name) => typeof methods[name] === 'function') ? methods : null;
}

/**
 * The kiosk's times and printer location, read once and checked like any input from another
 * process: settings that do not fit the contract are logged and replaced by the defaults (the
 * kiosk still resets and prints; only a printer location that is wrong is left out).
 */
function kioskSettingsOf(raw: Methods): KioskSettings {
  const { idleMs, countdownMs, printerLocation } = raw;
  const problems = kioskSettingsProblems({ idleMs, countdownMs, printerLocation });
  if (problems.length > 0) console.error(`Kiosk settings from the shell ignored: ${problems.join(' ')}`);
  const timesOk = !problems.some((problem) => !problem.startsWith('kiosk.printerLocation'));
  const locationOk = typeof printerLocation === 'string' && !problems.some((problem) => problem.startsWith('kiosk.printerLocation'));
  return {
    ...(timesOk ? { idleMs: idleMs as number, countdownMs: countdownMs as number } : defaultKioskSettings),
    ...(locationOk ? { printerLocation: printerLocation.trim() } : {}),
  };
}

// Only the contract's members reach the renderer, each always answering a promise: a preload that
// throws at once fails like one that rejects.
function kioskOf(raw: Methods): KioskBridge {
  let resetting: Promise<void> | null = null;
  return {
    ...kioskSettingsOf(raw),
    // Several endings can meet (a 401 during Log Out): the shell wipes once.
    resetSession: () =>
      (resetting ??= (async () => (raw.resetSession as () => Promise<void>)())().finally(() => {
        resetting = null;
      })),
    printApplication: async (pdfUrl) => (raw.printApplication as (url: string) => Promise<void>)(pdfUrl),
  };
}

function viewerOf(raw: Methods): ViewerBridge {
  return {
    print: async () => (raw.print as () => Promise<void>)(),
    savePdf: async () => (raw.savePdf as () => Promise<void>)(),
  };
}

/** The bridge on `scope` (the window), checked; null when absent or malformed. */
export function readShellBridge(scope: object | undefined): ShellBridge | null {
  try {
    const candidate = (scope as Record<string, unknown> | undefined)?.[SHELL_BRIDGE_GLOBAL];
    if (typeof candidate !== 'object' || candidate === null) return null;
    const { mode, kiosk, viewer } = candidate as Record<string, unknown>;
    if (mode === 'kiosk') {
      const methods = methodsOf(kiosk, ['resetSession', 'printApplication']);
      return methods ? { mode, kiosk: kioskOf(methods) } : null;
    }
    if (mode === 'desktop') {
      const methods = methodsOf(viewer, ['print', 'savePdf']);
      return methods ? { mode, viewer: viewerOf(methods) } : null;
    }
    return null;
  } catch {
    // A hostile getter or proxy: no bridge.
    return null;
  }
}

let read: { bridge: ShellBridge | null } | null = null;

/** The window's bridge, read once: the preload defines it before any script of the page runs. */
export function shellBridge(): ShellBridge | null {
  if (!read) {
    const scope = typeof window === 'undefined' ? undefined : window;
    const bridge = readShellBridge(scope);
    if (!bridge && scope && SHELL_BRIDGE_GLOBAL in scope) {
      console.error(`Ignoring window.${SHELL_BRIDGE_GLOBAL}: it does not match the shell contract.`);
    }
    read = { bridge };
  }
  return read.bridge;
}

/** Names the shell on the root element once at start (`data-shell="kiosk"`); nothing in a browser. */
export function markShellMode(root: HTMLElement, bridge: ShellBridge | null): void {
  if (bridge) root.setAttribute(SHELL_ATTRIBUTE, bridge.mode);
}
