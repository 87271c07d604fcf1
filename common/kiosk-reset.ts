import type { KioskSettings } from './shell-bridge';

/**
 * What both kiosk shells (the Electron main process, the Chromium launcher) do alike around a
 * reset: where it leads, when a failed one is tried again, and the backstop.
 */

/** The start page the kiosk returns to between applicants. */
export function kioskStartUrl(appUrl: URL): URL {
  return new URL('/about', appUrl);
}

/** How long a kiosk whose start page failed to load (the backend went away) waits before trying again. */
export const KIOSK_RESET_RETRY_MS = 30_000;

/**
 * The kiosk shells' backstop inactivity reset (the Electron main process, the Chromium launcher),
 * outside the page, so it holds even when the page is broken or hung. Each shell feeds it the
 * input it can see; a heartbeat compares the wall clock with the last input (a machine that slept
 * past the limit resets at the first beat). The renderer warns first ("Still there?"), saves,
 * logs out and asks for the reset itself; this one comes later (backstopTimeoutMs) and only acts
 * when the page could not.
 */

/** How often the shell compares the clock with the last input. */
export const IDLE_HEARTBEAT_MS = 5_000;

/**
 * How long after the renderer's countdown ran out the backstop waits: the renderer's save, logout
 * and clean-up take a few seconds (renderer/src/features/inactivity, KIOSK_STEP_LIMIT_MS) before
 * it asks for the reset itself, which also disarms the backstop.
 */
export const KIOSK_BACKSTOP_MARGIN_MS = 30_000;

/** The backstop's idle time: the dialog's idle time, its countdown, then the margin. */
export function backstopTimeoutMs({ idleMs, countdownMs }: Pick<KioskSettings, 'idleMs' | 'countdownMs'>): number {
  return idleMs + countdownMs + KIOSK_BACKSTOP_MARGIN_MS;
}

export interface IdleBackstopOptions {
  timeoutMs: number;
  onIdle: () => unknown;
  heartbeatMs?: number;
  now?: () => number;
}

export interface IdleBackstop {
  noteActivity(): void;
  /** Nobody is at the kiosk (it was just reset): no reset is due until someone touches it. */
  disarm(): void;
  stop(): void;
}

export function startIdleBackstop(options: IdleBackstopOptions): IdleBackstop {
  const now = options.now ?? Date.now;
  let lastInput = now();
  // Armed only once someone has touched the kiosk: an untouched start page is not reloaded.
  let armed = false;
  const timer = setInterval(() => {
    if (armed && now() - lastInput >= options.timeoutMs) {
      armed = false;
      void options.onIdle();
    }
  }, options.heartbeatMs ?? IDLE_HEARTBEAT_MS);
  return {
    noteActivity: () => {
      lastInput = now();
      armed = true;
    },
    disarm: () => {
      armed = false;
    },
    stop: () => clearInterval(timer),
  };
}
