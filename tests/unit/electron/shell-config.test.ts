import { describe, expect, it } from 'vitest';
import { loadShellConfig } from '../../../electron/config';
import { isAppOrigin } from '../../../electron/navigation-policy';

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
  });

  it('allows navigation only to the application origin', () => {
    const appUrl = new URL('https://apply.example.edu/about');
    expect(isAppOrigin('https://apply.example.edu/login', appUrl)).toBe(true);
    expect(isAppOrigin('https://apply.example.edu.evil.example/', appUrl)).toBe(false);
    expect(isAppOrigin('http://apply.example.edu/', appUrl)).toBe(false);
    expect(isAppOrigin('not a url', appUrl)).toBe(false);
  });
});
