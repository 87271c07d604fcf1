import { describe, expect, it } from 'vitest';
import { loadShellConfig } from '../../../electron/platform/config';

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

  it('gives the kiosk its "Still there?" at 5 minutes and a 60-second countdown by default, configurable under the web 15 minutes', () => {
    const env = { GRADAPP_APP_URL: 'https://apply.example.edu' };
    expect(loadShellConfig([], env).kiosk).toEqual({ idleMs: 5 * 60_000, countdownMs: 60_000 });
    expect(loadShellConfig(['--idle-minutes=2', '--countdown-seconds=90'], env).kiosk).toEqual({ idleMs: 120_000, countdownMs: 90_000 });
    expect(loadShellConfig([], { ...env, GRADAPP_KIOSK_IDLE_MINUTES: '0.5', GRADAPP_KIOSK_COUNTDOWN_SECONDS: '20' }).kiosk).toEqual({
      idleMs: 30_000,
      countdownMs: 20_000,
    });
    // The flag before the environment.
    expect(loadShellConfig(['--countdown-seconds=45'], { ...env, GRADAPP_KIOSK_COUNTDOWN_SECONDS: '120' }).kiosk.countdownMs).toBe(45_000);
  });

  it.each([
    [['--idle-minutes=15'], /idle time must be from 0.5 to under 14 minutes \(got "15"\)/],
    [['--idle-minutes=0'], /idle time/],
    [['--idle-minutes='], /idle time/],
    [['--idle-minutes=abc'], /idle time/],
    // WCAG 2.2.1: at least 20 seconds to say "I'm still here".
    [['--countdown-seconds=19'], /countdown must be a whole number of seconds from 20 to 300 \(got "19"\)/],
    [['--countdown-seconds=30.5'], /countdown/],
    [['--countdown-seconds=301'], /countdown/],
    [['--countdown-seconds= '], /countdown/],
    [['--idle-minutes=13', '--countdown-seconds=120'], /together must stay within 14 minutes/],
    [[`--kiosk-printer-location=${'x'.repeat(81)}`], /printer location must be text of 1 to 80 characters/],
    [['--kiosk-printer-location=  '], /printer location/],
  ])('refuses the kiosk times %j with a message naming the setting', (argv, message) => {
    expect(() => loadShellConfig(argv, { GRADAPP_APP_URL: 'https://apply.example.edu' })).toThrow(message);
  });

  it('reads where the printout comes out, for the print button', () => {
    const env = { GRADAPP_APP_URL: 'https://apply.example.edu' };
    expect(loadShellConfig(['--kiosk-printer-location= Room 104, by the door '], env).kiosk.printerLocation).toBe('Room 104, by the door');
    expect(loadShellConfig([], { ...env, GRADAPP_KIOSK_PRINTER_LOCATION: 'Front desk' }).kiosk.printerLocation).toBe('Front desk');
    expect(loadShellConfig([], env).kiosk).not.toHaveProperty('printerLocation');
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
