import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadChunk } from '../../../../renderer/src/lib/load-chunk';

/**
 * A lazily loaded chunk whose download fails (no connection) is tried again once the browser is
 * online, after a pause, until it arrives: the page keeps its fallback instead of the error screen
 * (the offline-saving e2e once crashed on exactly that: react-imask's chunk requested offline).
 */
function fakeBrowser(onLine: boolean) {
  const listeners: (() => void)[] = [];
  const navigator = { onLine };
  vi.stubGlobal('navigator', navigator);
  vi.stubGlobal('window', {
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'online') listeners.push(listener);
    },
  });
  return {
    goOnline() {
      navigator.onLine = true;
      for (const listener of listeners.splice(0)) listener();
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('loadChunk', () => {
  it('tries a failed download again after a growing pause, and resolves with the chunk when it arrives', async () => {
    vi.useFakeTimers();
    fakeBrowser(true);
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue('chunk');
    const loaded = loadChunk(load, [100, 200]);
    await vi.advanceTimersByTimeAsync(99);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(199);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(loaded).resolves.toBe('chunk');
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('waits for the browser to be online before trying again, and never rejects meanwhile', async () => {
    vi.useFakeTimers();
    const browser = fakeBrowser(false);
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue('chunk');
    let settled = false;
    const loaded = loadChunk(load, [100]).finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(1);
    expect(settled).toBe(false);
    browser.goOnline();
    await vi.advanceTimersByTimeAsync(100);
    await expect(loaded).resolves.toBe('chunk');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
