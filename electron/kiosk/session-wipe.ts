import type { ClearStorageDataOptions, Session } from 'electron';

/** Every storage Electron can clear, named so a test can see none is missing. */
export const KIOSK_STORAGES = [
  'cookies',
  'localstorage',
  'indexdb',
  'serviceworkers',
  'cachestorage',
  'filesystem',
  'websql',
  'shadercache',
] as const satisfies NonNullable<ClearStorageDataOptions['storages']>;

export type WipeableSession = Pick<Session, 'clearStorageData' | 'clearCache' | 'clearAuthCache' | 'clearHostResolverCache'>;

/** Removes everything the session holds about whoever used it: storage, HTTP cache, HTTP auth, DNS. */
export async function wipeSession(session: WipeableSession): Promise<void> {
  await session.clearStorageData({ storages: [...KIOSK_STORAGES] });
  await session.clearCache();
  await session.clearAuthCache();
  await session.clearHostResolverCache();
}

export interface KioskScreen {
  /**
   * Puts a fresh window with nothing loaded in front and destroys the applicant's. A new window
   * is the only way to drop what clearStorageData cannot reach: sessionStorage (which lives with
   * the tab, and holds unsaved answers), the back/forward history and the page's memory. The
   * blank window goes up first so the desktop never shows in between.
   */
  replaceWithBlankWindow(): { loadURL(url: string): Promise<void> };
}

/**
 * Resets the kiosk for the next person: the applicant's page is gone before the wipe starts (so
 * nothing it still runs can write after it), then the session is wiped, then the start page
 * loads. Resets asked for while one runs (a logout and the idle timer together) share it.
 */
export function createKioskReset(session: WipeableSession, screen: KioskScreen, startUrl: URL): () => Promise<void> {
  let running: Promise<void> | undefined;
  const reset = async () => {
    const fresh = screen.replaceWithBlankWindow();
    await wipeSession(session);
    await fresh.loadURL(startUrl.toString());
  };
  return () => {
    running ??= reset().finally(() => {
      running = undefined;
    });
    return running;
  };
}
