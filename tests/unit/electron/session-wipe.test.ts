import { describe, expect, it, vi } from 'vitest';
import { kioskStartUrl } from '../../../common/kiosk-reset';
import { createKioskReset, KIOSK_STORAGES, wipeSession, type WipeableSession } from '../../../electron/kiosk/session-wipe';
import { FakeSession } from './fakes';

const appUrl = new URL('https://apply.example.edu/');

describe('kiosk session wipe', () => {
  it('clears every storage type, then the HTTP cache, HTTP auth and DNS caches', async () => {
    const session = new FakeSession();
    await wipeSession(session as unknown as WipeableSession);
    const storages = (session.clearStorageData.mock.calls[0]?.[0] as { storages: string[] }).storages;
    expect([...storages].sort()).toEqual(
      ['cachestorage', 'cookies', 'filesystem', 'indexdb', 'localstorage', 'serviceworkers', 'shadercache', 'websql'],
    );
    expect(storages).toEqual([...KIOSK_STORAGES]);
    expect(session.calls).toEqual(['clearStorageData', 'clearCache', 'clearAuthCache', 'clearHostResolverCache']);
  });

  it('replaces the applicant window first, wipes, then loads the start page', async () => {
    const session = new FakeSession();
    const order: string[] = [];
    session.clearStorageData.mockImplementation(async () => {
      order.push('wipe');
    });
    const screen = {
      replaceWithBlankWindow: vi.fn(() => {
        order.push('replace');
        return { loadURL: async (url: string) => void order.push(`load ${url}`) };
      }),
    };
    const reset = createKioskReset(session as unknown as WipeableSession, screen, kioskStartUrl(appUrl));
    await reset();
    expect(order).toEqual(['replace', 'wipe', 'load https://apply.example.edu/about']);
  });

  it('runs one reset when a logout and the idle timer ask together', async () => {
    const session = new FakeSession();
    const screen = { replaceWithBlankWindow: vi.fn(() => ({ loadURL: async () => undefined })) };
    const reset = createKioskReset(session as unknown as WipeableSession, screen, kioskStartUrl(appUrl));
    await Promise.all([reset(), reset()]);
    expect(screen.replaceWithBlankWindow).toHaveBeenCalledTimes(1);
    await reset();
    expect(screen.replaceWithBlankWindow).toHaveBeenCalledTimes(2);
  });

  it('starts at /about on the application origin, whatever path the URL was given with', () => {
    expect(kioskStartUrl(new URL('https://apply.example.edu/login?x=1')).toString()).toBe('https://apply.example.edu/about');
  });
});
