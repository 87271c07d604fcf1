import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { kioskSettingsArgument, shellChannels } from '../../../common/shell-bridge';
import { IDLE_HEARTBEAT_MS, KIOSK_BACKSTOP_MARGIN_MS, KIOSK_RESET_RETRY_MS } from '../../../common/kiosk-reset';
import { startAppShell, type ElectronApi } from '../../../electron/app-shell';
import { loadShellConfig } from '../../../electron/platform/config';
import { FakeSession, FakeWindow, flush, ipcEvent } from './fakes';

const TOKEN = 'k'.repeat(43);
const APP = 'https://apply.example.edu';

function fakeElectron(options: { lock?: boolean; health?: () => Promise<{ ok: boolean; status: number }> } = {}) {
  const app = Object.assign(new EventEmitter(), {
    requestSingleInstanceLock: vi.fn(() => options.lock ?? true),
    quit: vi.fn(),
    exit: vi.fn(),
    whenReady: vi.fn(async () => undefined),
    setAsDefaultProtocolClient: vi.fn(() => true),
  });
  const session = new FakeSession();
  const handlers = new Map<string, (event: unknown, ...args: unknown[]) => Promise<unknown>>();
  const electron = {
    app,
    BrowserWindow: FakeWindow,
    ipcMain: { handle: vi.fn((channel: string, listener: (event: unknown, ...args: unknown[]) => Promise<unknown>) => void handlers.set(channel, listener)) },
    session: { fromPartition: vi.fn(() => session) },
    Menu: { setApplicationMenu: vi.fn(), buildFromTemplate: vi.fn((template: unknown) => ({ template })) },
    dialog: { showErrorBox: vi.fn(), showMessageBox: vi.fn(async () => ({ response: 0 })), showSaveDialog: vi.fn() },
    net: { fetch: vi.fn<(url: string) => Promise<{ ok: boolean; status: number }>>(options.health ?? (async () => ({ ok: true, status: 200 }))) },
    clipboard: { readText: vi.fn(() => '') },
  };
  return { electron, api: electron as unknown as ElectronApi, app, session, handlers };
}

const env = { preloadPath: '/opt/gradapp/preload.cjs', platform: 'linux' as const, writeFile: vi.fn(async () => undefined) };
const config = (...argv: string[]) => loadShellConfig(argv, { GRADAPP_APP_URL: APP });

beforeEach(() => {
  FakeWindow.created = [];
});

describe('app shell start', () => {
  it('hands over to the running instance and opens nothing when it is not the first', async () => {
    const { api, app } = fakeElectron({ lock: false });
    expect(await startAppShell(api, config('--mode=kiosk'), env)).toBe(false);
    expect(app.quit).toHaveBeenCalled();
    expect(app.whenReady).not.toHaveBeenCalled();
    expect(FakeWindow.created).toHaveLength(0);
  });

  it('refuses to start with a clear message and exit code 1 when /health does not answer', async () => {
    const { api, electron, app } = fakeElectron({ health: async () => Promise.reject(new TypeError('fetch failed')) });
    expect(await startAppShell(api, config('--mode=kiosk'), env)).toBe(false);
    expect(electron.net.fetch.mock.calls[0]?.[0]).toBe(`${APP}/health`);
    expect(electron.dialog.showErrorBox).toHaveBeenCalledWith('Graduate Application cannot start', expect.stringMatching(/cannot be reached/));
    expect(app.exit).toHaveBeenCalledWith(1);
    expect(FakeWindow.created).toHaveLength(0);
  });

  it('locks every web contents created to the application origin', async () => {
    const { api, app } = fakeElectron();
    await startAppShell(api, config('--mode=desktop'), env);
    const contents = new FakeWindow({}).webContents;
    app.emit('web-contents-created', {}, contents);
    const preventDefault = vi.fn();
    contents.emit('will-frame-navigate', { url: 'https://evil.example/', isMainFrame: true, preventDefault });
    expect(preventDefault).toHaveBeenCalled();
    expect(contents.windowOpenHandler?.({ url: APP })).toEqual({ action: 'deny' });
  });
});

describe('kiosk shell', () => {
  async function startKiosk() {
    const fake = fakeElectron();
    await startAppShell(fake.api, config('--mode=kiosk'), env);
    await flush();
    return fake;
  }

  it('opens one menu-less kiosk window on the start page, with permissions denied and downloads refused', async () => {
    const { electron, session } = await startKiosk();
    expect(electron.Menu.setApplicationMenu).toHaveBeenCalledWith(null);
    expect(FakeWindow.created).toHaveLength(1);
    const [window] = FakeWindow.created;
    expect(window?.options).toMatchObject({ kiosk: true, webPreferences: { devTools: false, preload: env.preloadPath } });
    expect(window?.loadURL).toHaveBeenCalledWith(`${APP}/about`);
    expect(session.setPermissionRequestHandler).toHaveBeenCalled();
    expect(session.setSpellCheckerEnabled).toHaveBeenCalledWith(false);
    const preventDefault = vi.fn();
    session.emit('will-download', { preventDefault });
    expect(preventDefault).toHaveBeenCalled();
  });

  it('serves only the kiosk channels', async () => {
    const { handlers } = await startKiosk();
    expect([...handlers.keys()].sort()).toEqual([shellChannels.printApplication, shellChannels.resetSession].sort());
  });

  it('wipes everything and comes back to the start page in a new window when the applicant logs out', async () => {
    const { handlers, session } = await startKiosk();
    const first = FakeWindow.created[0]!;
    session.calls = [];
    await handlers.get(shellChannels.resetSession)!(ipcEvent(`${APP}/form/about-you`));
    expect(first.destroy).toHaveBeenCalled();
    expect(session.calls).toEqual(['clearStorageData', 'clearCache', 'clearAuthCache', 'clearHostResolverCache']);
    const second = FakeWindow.created[1]!;
    expect(second.loadURL).toHaveBeenCalledWith(`${APP}/about`);
  });

  it('refuses a reset asked for by a foreign page', async () => {
    const { handlers, session } = await startKiosk();
    await expect(handlers.get(shellChannels.resetSession)!(ipcEvent('https://evil.example/'))).rejects.toThrow(/IPC refused/);
    expect(session.clearStorageData).toHaveBeenCalledTimes(1); // the start-up reset only
  });

  it.each(['render-process-gone', 'unresponsive'])('wipes and reloads when the renderer is %s', async (event) => {
    const { session } = await startKiosk();
    FakeWindow.created[0]!.webContents.emit(event, {}, { reason: 'crashed', exitCode: 1 });
    await flush();
    expect(session.clearStorageData).toHaveBeenCalledTimes(2);
    expect(FakeWindow.created[1]?.loadURL).toHaveBeenCalledWith(`${APP}/about`);
  });

  it('keeps the kiosk window open against Alt+F4, but not when the app quits', async () => {
    const { app } = await startKiosk();
    const window = FakeWindow.created[0]!;
    const close = { preventDefault: vi.fn() };
    window.emit('close', close);
    expect(close.preventDefault).toHaveBeenCalledTimes(1);
    app.emit('before-quit');
    window.emit('close', close);
    expect(close.preventDefault).toHaveBeenCalledTimes(1);
  });

  it('tries the start page again when it fails to load, rather than staying blank', async () => {
    vi.useFakeTimers();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      FakeWindow.failingLoads = 1;
      await startKiosk();
      expect(error).toHaveBeenCalledWith(expect.stringMatching(/trying again/), expect.any(Error));
      expect(FakeWindow.created).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(KIOSK_RESET_RETRY_MS);
      expect(FakeWindow.created).toHaveLength(2);
      expect(FakeWindow.created[0]?.destroy).toHaveBeenCalled();
      expect(FakeWindow.created[1]?.webContents.loadURL).toHaveBeenCalledWith(`${APP}/about`);
    } finally {
      FakeWindow.failingLoads = 0;
      error.mockRestore();
      vi.useRealTimers();
    }
  });

  it('leaves the reset to the renderer\'s "Still there?" sequence, and resets later itself when the page could not', async () => {
    vi.useFakeTimers();
    try {
      const fake = fakeElectron();
      await startAppShell(fake.api, config('--mode=kiosk', '--idle-minutes=1', '--countdown-seconds=30', '--kiosk-printer-location=Room 104'), env);
      await flush();
      const [window] = FakeWindow.created;
      expect((window?.options as { webPreferences: { additionalArguments: string[] } }).webPreferences.additionalArguments).toContain(
        kioskSettingsArgument({ idleMs: 60_000, countdownMs: 30_000, printerLocation: 'Room 104' }),
      );
      const wipes = fake.session.clearStorageData.mock.calls.length;
      window!.webContents.emit('input-event', {}, { type: 'touchStart' });
      // The renderer's dialog (1 min) and countdown (30 s) run, then its save and logout: no reset yet.
      await vi.advanceTimersByTimeAsync(90_000 + KIOSK_BACKSTOP_MARGIN_MS - IDLE_HEARTBEAT_MS);
      expect(FakeWindow.created).toHaveLength(1);
      // A page that hung or crashed never asked: the backstop wipes and replaces the window.
      await vi.advanceTimersByTimeAsync(IDLE_HEARTBEAT_MS);
      expect(FakeWindow.created).toHaveLength(2);
      expect(window?.destroy).toHaveBeenCalled();
      expect(fake.session.clearStorageData).toHaveBeenCalledTimes(wipes + 1);
      expect(FakeWindow.created[1]?.webContents.loadURL).toHaveBeenCalledWith(`${APP}/about`);
    } finally {
      vi.useRealTimers();
    }
  });

  it('ignores gradapp:// links', async () => {
    const { app } = await startKiosk();
    app.emit('second-instance', {}, ['gradapp', `gradapp://open?service_token=${TOKEN}`]);
    expect(FakeWindow.created[0]?.focus).toHaveBeenCalled();
    expect(FakeWindow.created[0]?.loadURL).toHaveBeenCalledTimes(1);
  });
});

describe('desktop viewer', () => {
  it('opens the service link it was launched with, registers gradapp:// and shows its menu', async () => {
    const { api, electron, app, handlers } = fakeElectron();
    await startAppShell(api, config(`gradapp://open?service_token=${TOKEN}`), env);
    const [window] = FakeWindow.created;
    expect(window?.options).toMatchObject({ webPreferences: { devTools: true } });
    expect(window?.loadURL).toHaveBeenCalledWith(`${APP}/?service_token=${TOKEN}`);
    expect(app.setAsDefaultProtocolClient).toHaveBeenCalledWith('gradapp');
    expect(electron.Menu.setApplicationMenu).toHaveBeenCalledWith(expect.objectContaining({ template: expect.any(Array) }));
    expect([...handlers.keys()].sort()).toEqual([shellChannels.print, shellChannels.savePdf].sort());
  });

  it('opens the staff inbox when launched without a link, or with a refused one', async () => {
    const { api } = fakeElectron();
    await startAppShell(api, config('--mode=desktop'), env);
    expect(FakeWindow.created[0]?.loadURL).toHaveBeenCalledWith(`${APP}/staff`);
    const refused = fakeElectron();
    await startAppShell(refused.api, config('gradapp://open?service_token=bad'), env);
    expect(refused.electron.dialog.showMessageBox).toHaveBeenCalledWith(expect.any(FakeWindow), expect.objectContaining({ message: expect.stringMatching(/malformed/) }));
    expect(FakeWindow.created[1]?.loadURL).toHaveBeenCalledWith(`${APP}/staff`);
  });

  it('focuses itself and opens the link of a second launch, refusing a foreign one', async () => {
    const { api, app, electron } = fakeElectron();
    await startAppShell(api, config('--mode=desktop'), env);
    const window = FakeWindow.created[0]!;
    app.emit('second-instance', {}, ['gradapp', `gradapp://open?service_token=${TOKEN}`]);
    expect(window.restore).toHaveBeenCalled();
    expect(window.focus).toHaveBeenCalled();
    expect(window.loadURL).toHaveBeenLastCalledWith(`${APP}/?service_token=${TOKEN}`);
    app.emit('second-instance', {}, ['gradapp', 'gradapp://evil?service_token=x']);
    expect(window.loadURL).toHaveBeenCalledTimes(2);
    expect(electron.dialog.showMessageBox).toHaveBeenCalled();
  });

  it('takes macOS open-url links, also before it is ready', async () => {
    const { api, app } = fakeElectron();
    let ready!: () => void;
    app.whenReady.mockImplementation(() => new Promise<undefined>((resolve) => (ready = () => resolve(undefined))));
    const started = startAppShell(api, config('--mode=desktop'), env);
    const early = { preventDefault: vi.fn() };
    app.emit('open-url', early, `gradapp://open?service_token=${TOKEN}`);
    expect(early.preventDefault).toHaveBeenCalled();
    ready();
    await started;
    expect(FakeWindow.created[0]?.loadURL).toHaveBeenCalledWith(`${APP}/?service_token=${TOKEN}`);
  });

  it('prints and saves the page shown when the application asks', async () => {
    const { api, handlers, electron } = fakeElectron();
    await startAppShell(api, config('--mode=desktop'), env);
    const contents = FakeWindow.created[0]!.webContents;
    contents.print.mockImplementation((_o: unknown, cb: (ok: boolean, reason: string) => void) => cb(true, ''));
    await handlers.get(shellChannels.print)!(ipcEvent(`${APP}/?service_token=${TOKEN}`));
    expect(contents.print).toHaveBeenCalled();
    electron.dialog.showSaveDialog.mockResolvedValue({ canceled: false, filePath: '/tmp/a.pdf' });
    await handlers.get(shellChannels.savePdf)!(ipcEvent(`${APP}/?service_token=${TOKEN}`));
    expect(env.writeFile).toHaveBeenCalledWith('/tmp/a.pdf', expect.any(Uint8Array));
  });
});
