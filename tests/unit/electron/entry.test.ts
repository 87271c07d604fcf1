import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const electron = vi.hoisted(() => ({
  app: { exit: vi.fn(), quit: vi.fn(), requestSingleInstanceLock: vi.fn(() => false), on: vi.fn() },
  dialog: { showErrorBox: vi.fn() },
}));
vi.mock('electron', () => electron);

describe('electron/index.ts, the only entry', () => {
  const argv = process.argv;
  const env = { ...process.env };
  beforeEach(() => {
    vi.resetModules();
    vi.clearAllMocks();
    delete process.env.GRADAPP_APP_URL;
    delete process.env.GRADAPP_BUILT_IN_APP_URL;
    delete process.env.GRADAPP_SHELL_MODE;
  });
  afterEach(() => {
    process.argv = argv;
    process.env = { ...env };
  });

  it('refuses to start without an application URL: a dialog naming the setting, exit code 2', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    process.argv = ['/opt/gradapp/gradapp', '--mode=kiosk'];
    await import('../../../electron/index');
    expect(electron.dialog.showErrorBox).toHaveBeenCalledWith('Graduate Application cannot start', expect.stringMatching(/--app-url=.*GRADAPP_APP_URL/));
    expect(electron.app.exit).toHaveBeenCalledWith(2);
    expect(electron.app.requestSingleInstanceLock).not.toHaveBeenCalled();
    error.mockRestore();
  });

  it('starts the shell from the command line when the configuration is good', async () => {
    process.argv = ['/opt/gradapp/gradapp', '--mode=kiosk', '--app-url=https://apply.example.edu'];
    await import('../../../electron/index');
    expect(electron.dialog.showErrorBox).not.toHaveBeenCalled();
    // Here a second instance: it hands over and quits.
    expect(electron.app.requestSingleInstanceLock).toHaveBeenCalled();
    expect(electron.app.quit).toHaveBeenCalled();
  });
});
