import { describe, expect, it } from 'vitest';
import { KIOSK_SETTINGS_ARGUMENT, SHELL_MODE_ARGUMENT } from '../../../common/shell-bridge';
import { appWindowOptions, printWindowOptions, SESSION_PARTITIONS } from '../../../electron/platform/window-options';

const securePreferences = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInSubFrames: false,
  nodeIntegrationInWorker: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  webviewTag: false,
  navigateOnDragDrop: false,
  spellcheck: false,
};

describe('window options', () => {
  it.each(['kiosk', 'desktop'] as const)('keep every security preference in %s mode', (mode) => {
    const options = appWindowOptions(mode, '/app/preload.cjs');
    expect(options.webPreferences).toMatchObject({ ...securePreferences, preload: '/app/preload.cjs' });
    expect(options.webPreferences?.additionalArguments).toEqual([`${SHELL_MODE_ARGUMENT}${mode}`]);
  });

  it('hand the kiosk\'s times and printer location to its preload, and nothing to the viewer\'s', () => {
    const settings = { idleMs: 120_000, countdownMs: 45_000, printerLocation: 'Room 104' };
    expect(appWindowOptions('kiosk', 'p', settings).webPreferences?.additionalArguments).toEqual([
      `${SHELL_MODE_ARGUMENT}kiosk`,
      `${KIOSK_SETTINGS_ARGUMENT}${JSON.stringify(settings)}`,
    ]);
    expect(appWindowOptions('desktop', 'p', settings).webPreferences?.additionalArguments).toEqual([`${SHELL_MODE_ARGUMENT}desktop`]);
  });

  it('keep each shell in its own in-memory session (no persist: partition)', () => {
    for (const mode of ['kiosk', 'desktop'] as const) {
      const partition = appWindowOptions(mode, 'p').webPreferences?.partition;
      expect(partition).toBe(SESSION_PARTITIONS[mode]);
      expect(partition).not.toMatch(/^persist:/);
    }
  });

  it('make the kiosk a full-screen kiosk window without devtools', () => {
    const options = appWindowOptions('kiosk', 'p');
    expect(options).toMatchObject({ kiosk: true, fullscreen: true, frame: false, closable: false, autoHideMenuBar: true });
    expect(options.webPreferences?.devTools).toBe(false);
    expect(options.webPreferences?.plugins).toBe(false);
  });

  it('give the desktop viewer an ordinary window with devtools for staff support', () => {
    const options = appWindowOptions('desktop', 'p');
    expect(options.kiosk).toBeUndefined();
    expect(options.webPreferences?.devTools).toBe(true);
    // Attached documents are PDFs, shown by Chromium's viewer.
    expect(options.webPreferences?.plugins).toBe(true);
  });

  it('make the print window hidden, without a preload, on the kiosk session, with the PDF viewer', () => {
    const options = printWindowOptions('kiosk');
    expect(options.show).toBe(false);
    expect(options.webPreferences).toMatchObject({ ...securePreferences, plugins: true, devTools: false, partition: SESSION_PARTITIONS.kiosk });
    expect(options.webPreferences?.preload).toBeUndefined();
  });
});
