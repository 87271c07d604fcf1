import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backstopTimeoutMs, KIOSK_BACKSTOP_MARGIN_MS } from '../../../common/kiosk-reset';
import { startIdleReset, type IdleReset } from '../../../electron/kiosk/idle-reset';
import { FakeWebContents } from './fakes';

const MINUTE = 60_000;

describe('kiosk idle reset', () => {
  let idle: IdleReset | undefined;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    idle?.stop();
    vi.useRealTimers();
  });

  it('resets after the idle time without input, once', () => {
    const onIdle = vi.fn();
    idle = startIdleReset({ timeoutMs: 5 * MINUTE, onIdle });
    const contents = new FakeWebContents();
    idle.watch(contents as unknown as Parameters<IdleReset['watch']>[0]);
    contents.emit('input-event', {}, { type: 'mouseDown' });
    vi.advanceTimersByTime(5 * MINUTE - 10_000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(30 * MINUTE);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('starts the time again at every key press, click or touch', () => {
    const onIdle = vi.fn();
    idle = startIdleReset({ timeoutMs: 5 * MINUTE, onIdle });
    const contents = new FakeWebContents();
    idle.watch(contents as unknown as Parameters<IdleReset['watch']>[0]);
    contents.emit('before-input-event', {}, { type: 'keyDown', key: 'a' });
    for (let i = 0; i < 4; i += 1) {
      vi.advanceTimersByTime(4 * MINUTE);
      contents.emit(i % 2 ? 'before-input-event' : 'input-event', {}, { type: 'touchStart' });
    }
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5 * MINUTE);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('leaves an untouched start page alone, and is disarmed by a reset', () => {
    const onIdle = vi.fn();
    idle = startIdleReset({ timeoutMs: MINUTE, onIdle });
    vi.advanceTimersByTime(10 * MINUTE);
    expect(onIdle).not.toHaveBeenCalled();
    idle.noteActivity();
    idle.disarm();
    vi.advanceTimersByTime(10 * MINUTE);
    expect(onIdle).not.toHaveBeenCalled();
  });

  it('goes by the wall clock, so a machine that slept past the limit resets at the next beat', () => {
    const onIdle = vi.fn();
    let clock = 0;
    idle = startIdleReset({ timeoutMs: 5 * MINUTE, onIdle, now: () => clock, heartbeatMs: 5_000 });
    idle.noteActivity();
    clock = 6 * MINUTE; // asleep: no timer ran meanwhile
    vi.advanceTimersByTime(5_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('is a backstop: later than the renderer\'s dialog, countdown and save', () => {
    expect(KIOSK_BACKSTOP_MARGIN_MS).toBeGreaterThanOrEqual(20_000);
    expect(backstopTimeoutMs({ idleMs: 5 * MINUTE, countdownMs: MINUTE })).toBe(6 * MINUTE + KIOSK_BACKSTOP_MARGIN_MS);
  });
});
