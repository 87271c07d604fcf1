import { describe, expect, it } from 'vitest';
import { loadShellConfig } from '../../../electron/config';

const TOKEN = 'A'.repeat(43);

describe('electron shell configuration', () => {
  it('reads the mode and application URL from flags before the environment', () => {
    const config = loadShellConfig(['electron', '.', '--mode=desktop', '--app-url=https://apply.example.edu'], {
      GRADAPP_SHELL_MODE: 'kiosk',
    });
    expect(config.mode).toBe('desktop');
    expect(config.appUrl.origin).toBe('https://apply.example.edu');
  });

  it('refuses to start without an application URL or with an unknown mode', () => {
    expect(() => loadShellConfig([], {})).toThrow(/application URL is missing/);
    expect(() => loadShellConfig(['--mode=tv'], { GRADAPP_APP_URL: 'https://a.example.edu' })).toThrow(/kiosk or desktop/);
    expect(() => loadShellConfig([], { GRADAPP_APP_URL: 'file:///etc/passwd' })).toThrow(/http/);
    expect(() => loadShellConfig([], { GRADAPP_APP_URL: 'not a url' })).toThrow(/not a valid URL/);
  });

  it('names every bad setting at once', () => {
    expect(() => loadShellConfig(['--mode=tv', '--idle-minutes=abc'], {})).toThrow(
      /kiosk or desktop[\s\S]*application URL is missing[\s\S]*idle time/,
    );
  });

  it('gives the kiosk a 5-minute idle reset by default, configurable below the web 15 minutes', () => {
    const env = { GRADAPP_APP_URL: 'https://apply.example.edu' };
    expect(loadShellConfig([], env).kioskIdleMs).toBe(5 * 60_000);
    expect(loadShellConfig(['--idle-minutes=2'], env).kioskIdleMs).toBe(120_000);
    expect(loadShellConfig([], { ...env, GRADAPP_KIOSK_IDLE_MINUTES: '0.5' }).kioskIdleMs).toBe(30_000);
    expect(() => loadShellConfig(['--idle-minutes=15'], env)).toThrow(/idle time/);
    expect(() => loadShellConfig(['--idle-minutes=0'], env)).toThrow(/idle time/);
  });

  it('reads the kiosk printer', () => {
    const env = { GRADAPP_APP_URL: 'https://apply.example.edu' };
    expect(loadShellConfig([], env).kioskPrinter).toBeUndefined();
    expect(loadShellConfig(['--kiosk-printer=Lobby HP'], env).kioskPrinter).toBe('Lobby HP');
    expect(loadShellConfig([], { ...env, GRADAPP_KIOSK_PRINTER: 'Lobby' }).kioskPrinter).toBe('Lobby');
  });

  it('takes a gradapp:// link on the command line as a desktop launch with that link', () => {
    const link = `gradapp://open?service_token=${TOKEN}`;
    const config = loadShellConfig(['/opt/gradapp/gradapp', link], { GRADAPP_APP_URL: 'https://apply.example.edu' });
    expect(config.mode).toBe('desktop');
    expect(config.initialLink).toBe(link);
    // A kiosk named as such stays a kiosk, link or not.
    expect(loadShellConfig(['--mode=kiosk', link], { GRADAPP_APP_URL: 'https://a.example.edu' }).mode).toBe('kiosk');
    expect(loadShellConfig(['--open=https://a.example.edu/?service_token=x'], { GRADAPP_APP_URL: 'https://a.example.edu' }).initialLink).toBe(
      'https://a.example.edu/?service_token=x',
    );
  });

  it('falls back to the URL and mode built in at packaging time, after flags and the environment', () => {
    const builtIn = { GRADAPP_BUILT_IN_APP_URL: 'https://built.example.edu', GRADAPP_BUILT_IN_MODE: 'desktop' };
    expect(loadShellConfig([], builtIn)).toMatchObject({ mode: 'desktop', appUrl: new URL('https://built.example.edu') });
    expect(loadShellConfig(['--mode=kiosk', '--app-url=https://flag.example.edu'], builtIn)).toMatchObject({
      mode: 'kiosk',
      appUrl: new URL('https://flag.example.edu'),
    });
    expect(loadShellConfig([], { ...builtIn, GRADAPP_APP_URL: 'https://env.example.edu' }).appUrl.origin).toBe('https://env.example.edu');
    // A package built as a kiosk stays one, whatever link starts it.
    const link = `gradapp://open?service_token=${TOKEN}`;
    expect(loadShellConfig([link], { ...builtIn, GRADAPP_BUILT_IN_MODE: 'kiosk' }).mode).toBe('kiosk');
    // An empty built-in (a build without GRADAPP_APP_URL) counts as none.
    expect(() => loadShellConfig([], { GRADAPP_BUILT_IN_APP_URL: '', GRADAPP_BUILT_IN_MODE: '' })).toThrow(/application URL is missing/);
  });
});
