import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdleTimer } from '../../../../../renderer/src/features/inactivity/idle-timer';

const settings = { timeoutMs: 900_000, warningMs: 60_000 };

function setUp(stored: number | null = null) {
  const shared = { value: stored };
  const events: string[] = [];
  const timer = new IdleTimer(
    settings,
    { read: () => shared.value, write: (at) => (shared.value = at) },
    {
      onWarn: (deadline) => events.push(`warn ${deadline - Date.now()}`),
      onActive: () => events.push('active'),
      onExpire: () => events.push('expire'),
    },
  );
  return { timer, shared, events };
}

beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z') }));
afterEach(() => vi.useRealTimers());

describe('the idle clock', () => {
  it('warns at timeout minus warning and logs out at the timeout', () => {
    const { timer, events } = setUp();
    timer.start({ freshLogin: true });
    vi.advanceTimersByTime(839_999);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(events).toEqual(['warn 60000']);
    vi.advanceTimersByTime(60_000);
    expect(events).toEqual(['warn 60000', 'expire']);
  });

  it('counts activity at most once a second and shares its time', () => {
    const { timer, shared } = setUp();
    timer.start({ freshLogin: true });
    const started = Date.now();
    vi.advanceTimersByTime(500);
    timer.activity();
    expect(shared.value).toBe(started);
    vi.advanceTimersByTime(600);
    timer.activity();
    expect(shared.value).toBe(started + 1_100);
  });

  it('ignores activity while warning; only stayLoggedIn closes it', () => {
    const { timer, events } = setUp();
    timer.start({ freshLogin: true });
    vi.advanceTimersByTime(850_000);
    timer.activity();
    expect(timer.currentPhase).toBe('warning');
    timer.stayLoggedIn();
    expect(events).toEqual(['warn 60000', 'active']);
    vi.advanceTimersByTime(839_999);
    expect(timer.currentPhase).toBe('active');
  });

  it('logs out at the first activity after a sleep in which no timer fired', () => {
    const { timer, events } = setUp();
    timer.start({ freshLogin: true });
    // The wall clock jumps; the timers have not run.
    vi.setSystemTime(Date.now() + 3_600_000);
    timer.activity();
    expect(events).toEqual(['expire']);
  });

  it('continues a session opened in another tab from the shared time, and expires a stale one', () => {
    const recent = setUp(Date.now() - 845_000);
    recent.timer.start({ freshLogin: false });
    expect(recent.events).toEqual(['warn 55000']);
    const stale = setUp(Date.now() - 901_000);
    stale.timer.start({ freshLogin: false });
    expect(stale.events).toEqual(['expire']);
    const login = setUp(Date.now() - 901_000);
    login.timer.start({ freshLogin: true });
    expect(login.events).toEqual([]);
  });

  it('takes activity in another tab, closing its own warning', () => {
    const { timer, events } = setUp();
    timer.start({ freshLogin: true });
    vi.advanceTimersByTime(845_000);
    timer.otherTabActivity(Date.now());
    expect(events).toEqual(['warn 60000', 'active']);
    vi.advanceTimersByTime(839_999);
    expect(events).toHaveLength(2);
  });

  it('does nothing once stopped', () => {
    const { timer, events } = setUp();
    timer.start({ freshLogin: true });
    timer.stop();
    vi.advanceTimersByTime(2_000_000);
    timer.activity();
    expect(events).toEqual([]);
  });
});
