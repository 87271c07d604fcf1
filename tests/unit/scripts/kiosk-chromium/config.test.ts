import { describe, expect, it } from 'vitest';
import { loadChromiumKioskConfig } from '../../../../scripts/kiosk-chromium/config';

describe('the Chromium kiosk launcher\'s configuration', () => {
  it('takes the application URL as its argument, with the shells\' defaults for the kiosk', () => {
    const config = loadChromiumKioskConfig(['https://apply.example.edu'], {});
    expect(config.appUrl.toString()).toBe('https://apply.example.edu/');
    expect(config.kiosk).toEqual({ idleMs: 300_000, countdownMs: 60_000 });
    expect(config.chromiumPath).toBe('/usr/bin/chromium');
    expect(config.printPolicies).toBe(false);
    expect(config.chromiumFlags).toEqual([]);
  });

  it('adds the campus\'s own Chromium flags, but none that opens the browser or keeps a profile', () => {
    expect(loadChromiumKioskConfig(['https://a.example.edu'], { GRADAPP_CHROMIUM_FLAGS: ' --force-device-scale-factor=1.25  --lang=es ' }).chromiumFlags).toEqual([
      '--force-device-scale-factor=1.25',
      '--lang=es',
    ]);
    for (const flag of ['--remote-debugging-port=9222', '--user-data-dir=/home/kiosk/.config/chromium', 'lang=es']) {
      expect(() => loadChromiumKioskConfig(['https://a.example.edu'], { GRADAPP_CHROMIUM_FLAGS: flag })).toThrow(`GRADAPP_CHROMIUM_FLAGS may not hold "${flag}"`);
    }
  });

  it('reads the same flags and environment as the Electron shell', () => {
    const config = loadChromiumKioskConfig(['--idle-minutes=3', '--countdown-seconds=45', '--kiosk-printer-location=Room 104', '--chromium=/opt/chromium/chrome'], {
      GRADAPP_APP_URL: 'http://127.0.0.1:3000',
    });
    expect(config.appUrl.origin).toBe('http://127.0.0.1:3000');
    expect(config.kiosk).toEqual({ idleMs: 180_000, countdownMs: 45_000, printerLocation: 'Room 104' });
    expect(config.chromiumPath).toBe('/opt/chromium/chrome');
    expect(loadChromiumKioskConfig(['https://a.example.edu'], { GRADAPP_KIOSK_IDLE_MINUTES: '2', GRADAPP_CHROMIUM_PATH: '/usr/bin/chromium-browser' })).toMatchObject({
      kiosk: { idleMs: 120_000 },
      chromiumPath: '/usr/bin/chromium-browser',
    });
  });

  it('names every bad setting at once', () => {
    const problems = () => loadChromiumKioskConfig(['ftp://apply.example.edu', '--idle-minutes=0.1', '--countdown-seconds=5', '--kiosk-printer=Lobby HP', '--incognito'], {});
    expect(problems).toThrow(/must be http:\/\/ or https:\/\//);
    expect(problems).toThrow(/idle time must be from 0\.5 to under 14 minutes \(got "0\.1"\)/);
    expect(problems).toThrow(/countdown must be a whole number of seconds from 20 to 300 \(got "5"\)/);
    expect(problems).toThrow(/default printer: set it with `lpadmin -d <printer>` or the DefaultPrinterSelection policy/);
    expect(problems).toThrow(/Unknown option "--incognito"\. Usage: npm run kiosk:chromium/);
    expect(() => loadChromiumKioskConfig([], {})).toThrow(/The application URL is missing/);
    expect(() => loadChromiumKioskConfig(['https://a.example.edu', 'https://b.example.edu'], {})).toThrow(/Give one application URL/);
    expect(() => loadChromiumKioskConfig(['https://a.example.edu', '--idle-minutes=10', '--countdown-seconds=300'], {})).toThrow(/together must stay within 14 minutes/);
  });

  it('asks for the policies of an address with --policies', () => {
    expect(loadChromiumKioskConfig(['--policies', 'https://apply.example.edu'], {}).printPolicies).toBe(true);
  });
});
