import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createShellBridge,
  defaultKioskSettings,
  kioskSettingsArgument,
  SHELL_BRIDGE_GLOBAL,
  SHELL_MODE_ARGUMENT,
  shellChannels,
  type ShellBridge,
} from '../../../common/shell-bridge';
import { readKioskSettings, readShellMode } from '../../../electron/preload/bridge';

const electron = vi.hoisted(() => ({
  contextBridge: { exposeInMainWorld: vi.fn() },
  ipcRenderer: { invoke: vi.fn(async () => undefined), send: vi.fn(), on: vi.fn() },
}));
vi.mock('electron', () => electron);

describe('preload bridge', () => {
  it('reads the mode from the additional argument, and nothing else', () => {
    expect(readShellMode(['electron', `${SHELL_MODE_ARGUMENT}kiosk`])).toBe('kiosk');
    expect(readShellMode([`${SHELL_MODE_ARGUMENT}desktop`])).toBe('desktop');
    expect(readShellMode([`${SHELL_MODE_ARGUMENT}admin`])).toBeUndefined();
    expect(readShellMode(['--mode=kiosk'])).toBeUndefined();
  });

  it('gives the kiosk resetSession and printApplication on their fixed channels, and no viewer', async () => {
    const invoke = vi.fn(async () => 'ignored');
    const bridge = createShellBridge('kiosk', invoke, { idleMs: 120_000, countdownMs: 30_000, printerLocation: 'Room 104' });
    expect(Object.keys(bridge).sort()).toEqual(['kiosk', 'mode']);
    expect(Object.keys(bridge.kiosk!).sort()).toEqual(['countdownMs', 'idleMs', 'printApplication', 'printerLocation', 'resetSession']);
    expect(bridge.kiosk).toMatchObject({ idleMs: 120_000, countdownMs: 30_000, printerLocation: 'Room 104' });
    await expect(bridge.kiosk!.resetSession()).resolves.toBeUndefined();
    await bridge.kiosk!.printApplication('https://apply.example.edu/api/pdf/file/1');
    expect(invoke.mock.calls).toEqual([
      [shellChannels.resetSession],
      [shellChannels.printApplication, 'https://apply.example.edu/api/pdf/file/1'],
    ]);
  });

  it('reads the kiosk\'s settings from the main process\'s argument, checked, else the defaults', () => {
    const settings = { idleMs: 120_000, countdownMs: 30_000, printerLocation: 'Room 104' };
    expect(readKioskSettings(['electron', kioskSettingsArgument(settings)])).toEqual(settings);
    expect(readKioskSettings(['electron'])).toEqual(defaultKioskSettings);
    expect(readKioskSettings([kioskSettingsArgument({ idleMs: -1, countdownMs: 30_000 })])).toEqual(defaultKioskSettings);
    expect(readKioskSettings(['--gradapp-kiosk-settings={not json'])).toEqual(defaultKioskSettings);
    // Only the contract's members pass.
    const extra = `--gradapp-kiosk-settings=${JSON.stringify({ ...settings, resetSession: 'x' })}`;
    expect(readKioskSettings([extra])).toEqual(settings);
  });

  it('gives the viewer print and savePdf on their fixed channels, and no kiosk', async () => {
    const invoke = vi.fn(async () => undefined);
    const bridge = createShellBridge('desktop', invoke);
    expect(Object.keys(bridge).sort()).toEqual(['mode', 'viewer']);
    await bridge.viewer!.print();
    await bridge.viewer!.savePdf();
    expect(invoke.mock.calls).toEqual([[shellChannels.print], [shellChannels.savePdf]]);
  });

  it('passes a refusal from the main process on to the page', async () => {
    const bridge = createShellBridge('kiosk', async () => Promise.reject(new Error('IPC refused')));
    await expect(bridge.kiosk!.resetSession()).rejects.toThrow(/IPC refused/);
  });
});

describe('preload entry (electron replaced)', () => {
  const argv = process.argv;
  beforeEach(() => {
    vi.resetModules();
    electron.contextBridge.exposeInMainWorld.mockClear();
    electron.ipcRenderer.invoke.mockClear();
  });
  afterEach(() => {
    process.argv = argv;
  });

  it('exposes the bridge on window.gradappShell, never ipcRenderer itself', async () => {
    process.argv = [...argv, `${SHELL_MODE_ARGUMENT}kiosk`];
    await import('../../../electron/preload/index');
    expect(electron.contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1);
    const [name, bridge] = electron.contextBridge.exposeInMainWorld.mock.calls[0] as unknown as [string, ShellBridge];
    expect(name).toBe(SHELL_BRIDGE_GLOBAL);
    expect(bridge.mode).toBe('kiosk');
    expect(Object.values(bridge)).not.toContain(electron.ipcRenderer);
    await bridge.kiosk!.resetSession();
    expect(electron.ipcRenderer.invoke).toHaveBeenCalledWith(shellChannels.resetSession);
  });

  it('exposes nothing without a mode argument', async () => {
    process.argv = argv.filter((arg) => !arg.startsWith(SHELL_MODE_ARGUMENT));
    await import('../../../electron/preload/index');
    expect(electron.contextBridge.exposeInMainWorld).not.toHaveBeenCalled();
  });
});
