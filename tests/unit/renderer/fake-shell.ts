import { vi } from 'vitest';
import { defaultKioskSettings, type KioskSettings, type ShellBridge } from '../../../common/shell-bridge';
import { readShellBridge } from '../../../renderer/src/lib/shell-bridge';

/**
 * Stands in for the kiosk shell's preload: the raw functions are spies, and the bridge the
 * renderer gets is read through lib/shell-bridge.ts as in the shell.
 */
export function fakeKiosk(
  answers: { reset?: () => Promise<void>; print?: (url: string) => Promise<void>; settings?: Partial<KioskSettings> } = {},
) {
  const raw = {
    ...defaultKioskSettings,
    ...answers.settings,
    resetSession: vi.fn(answers.reset ?? (async () => undefined)),
    printApplication: vi.fn(answers.print ?? (async (_url: string) => undefined)),
  };
  const bridge = readShellBridge({ gradappShell: { mode: 'kiosk', kiosk: raw } }) as ShellBridge;
  return { bridge, ...raw };
}

/** The desktop viewer's preload: it prints and saves what it shows; the renderer calls neither. */
export function fakeViewer() {
  const raw = { print: vi.fn(async () => undefined), savePdf: vi.fn(async () => undefined) };
  const bridge = readShellBridge({ gradappShell: { mode: 'desktop', viewer: raw } }) as ShellBridge;
  return { bridge, ...raw };
}
