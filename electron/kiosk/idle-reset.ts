import type { WebContents } from 'electron';
import type { KioskSettings } from '../../common/shell-bridge';

/** How often the main process compares the clock with the last input. */
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

export interface IdleResetOptions {
  timeoutMs: number;
  onIdle: () => unknown;
  heartbeatMs?: number;
  now?: () => number;
}

export interface IdleReset {
  /** Follows keyboard (before-input-event) and mouse, touch and wheel input (input-event) of a page. */
  watch(contents: Pick<WebContents, 'on'>): void;
  noteActivity(): void;
  /** Nobody is at the kiosk (it was just reset): no reset is due until someone touches it. */
  disarm(): void;
  stop(): void;
}

/**
 * The kiosk's backstop inactivity reset, in the main process, so it holds even when the page is
 * broken or hung. Input arrives from the page's WebContents; a heartbeat compares the wall
 * clock with the last input (a machine that slept past the limit resets at the first beat).
 * The renderer warns first ("Still there?"), saves, logs out and asks for the reset itself; this
 * one comes later (backstopTimeoutMs) and only acts when the page could not.
 */
export function startIdleReset(options: IdleResetOptions): IdleReset {
  const now = options.now ?? Date.now;
  let lastInput = now();
  // Armed only once someone has touched the kiosk: an untouched start page is not reloaded.
  let armed = false;
  const noteActivity = () => {
    lastInput = now();
    armed = true;
  };
  const timer = setInterval(() => {
    if (armed && now() - lastInput >= options.timeoutMs) {
      armed = false;
      void options.onIdle();
    }
  }, options.heartbeatMs ?? IDLE_HEARTBEAT_MS);
  return {
    watch(contents) {
      contents.on('before-input-event', noteActivity);
      contents.on('input-event', noteActivity);
    },
    noteActivity,
    disarm: () => {
      armed = false;
    },
    stop: () => clearInterval(timer),
  };
}
