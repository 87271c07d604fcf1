import type { InactivitySettings } from '../../../../common/inactivity';

/** Activity events closer together than this count once: typing must not write storage per key. */
export const ACTIVITY_THROTTLE_MS = 1_000;

export type IdlePhase = 'active' | 'warning' | 'expired';

/** Where the last activity of every tab is kept (lib/shared-session in the app). */
export interface SharedActivity {
  read: () => number | null;
  write: (at: number) => void;
}

export interface IdleTimerCallbacks {
  /** The warning opens; the logout comes at `deadline` (epoch ms) unless the applicant stays. */
  onWarn: (deadline: number) => void;
  /** Activity (here or in another tab) closed the warning. */
  onActive: () => void;
  onExpire: () => void;
}

/**
 * The idle clock of one tab (spec platform section 4). It keeps the wall-clock time of the last
 * activity, shared with the other tabs, and decides from the clock alone, never from how many
 * timers fired: a laptop that slept has fired none, and the first event after waking logs out.
 * While the warning is open only stayLoggedIn() (or another tab's activity) counts: moving the
 * mouse over the dialog is not an answer to it.
 */
export class IdleTimer {
  private lastActivity = 0;
  private lastLocalActivity = 0;
  private lastChecked = 0;
  private phase: IdlePhase = 'active';
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly settings: InactivitySettings,
    private readonly shared: SharedActivity,
    private readonly callbacks: IdleTimerCallbacks,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Starts counting. A login in this tab is activity; a tab opened (or reloaded) on a session
   * that already exists continues from the shared time, so an old session is not revived.
   */
  start({ freshLogin }: { freshLogin: boolean }): void {
    const stored = this.shared.read();
    if (freshLogin || stored === null) this.record(this.now());
    else this.lastActivity = stored;
    this.evaluate();
  }

  stop(): void {
    this.clear();
    this.phase = 'expired';
  }

  get currentPhase(): IdlePhase {
    return this.phase;
  }

  /** When this tab last saw the applicant (keep-alive pings only after such activity). */
  get lastActivityHere(): number {
    return this.lastLocalActivity;
  }

  /** A pointer, key, touch, scroll or focus event in this tab. */
  activity(): void {
    if (this.phase === 'expired') return;
    const now = this.now();
    if (now - this.lastChecked < ACTIVITY_THROTTLE_MS && now >= this.lastChecked) return;
    this.lastChecked = now;
    this.syncShared();
    if (now - this.lastActivity >= this.settings.timeoutMs) return this.expire();
    // Only Yes answers the warning; the clock still decides whether another tab's Yes closed it.
    if (this.phase === 'warning') return this.evaluate();
    this.record(now);
    this.evaluate();
  }

  /** The page became visible again, or a timer fired: decide from the clock. */
  check(): void {
    if (this.phase === 'expired') return;
    this.syncShared();
    this.evaluate();
  }

  /** Yes in the dialog: activity that also closes the warning. */
  stayLoggedIn(): void {
    if (this.phase === 'expired') return;
    const now = this.now();
    if (now - Math.max(this.lastActivity, this.shared.read() ?? 0) >= this.settings.timeoutMs) return this.expire();
    this.record(now);
    this.evaluate();
  }

  /** Another tab saw activity at `at`. */
  otherTabActivity(at: number): void {
    if (this.phase === 'expired' || at <= this.lastActivity) return;
    this.lastActivity = at;
    this.evaluate();
  }

  private record(at: number): void {
    this.lastActivity = at;
    this.lastLocalActivity = at;
    this.lastChecked = at;
    this.shared.write(at);
  }

  private syncShared(): void {
    const stored = this.shared.read();
    if (stored !== null && stored > this.lastActivity) this.lastActivity = stored;
  }

  private evaluate(): void {
    this.clear();
    const { timeoutMs, warningMs } = this.settings;
    const deadline = this.lastActivity + timeoutMs;
    const now = this.now();
    if (now >= deadline) return this.expire();
    if (now >= deadline - warningMs) {
      if (this.phase !== 'warning') {
        this.phase = 'warning';
        this.callbacks.onWarn(deadline);
      }
      this.schedule(deadline - now);
      return;
    }
    if (this.phase === 'warning') {
      this.phase = 'active';
      this.callbacks.onActive();
    }
    this.schedule(deadline - warningMs - now);
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => this.check(), Math.max(0, delayMs));
  }

  private clear(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private expire(): void {
    this.clear();
    this.phase = 'expired';
    this.callbacks.onExpire();
  }
}
