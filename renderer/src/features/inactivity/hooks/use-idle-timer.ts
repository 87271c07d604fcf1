import { useCallback, useEffect, useRef, useState } from 'react';
import { KEEP_ALIVE_INTERVAL_MS, type InactivitySettings } from '../../../../../common/inactivity';
import { listenToOtherTabs, readLastActivity, writeLastActivity, type SessionEndReason } from '../../../lib/shared-session';
import { keepAlive } from '../api/keep-alive';
import { IdleTimer } from '../idle-timer';

/** What counts as the applicant being there (spec platform section 4). */
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel', 'scroll', 'focus'] as const;
/** Deliberate input, which at the kiosk answers the warning as "I'm still here" does. */
const INPUT_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;
/** Keys that act on the warning's own buttons (move between them, press one) rather than answer it. */
const DIALOG_KEYS = new Set(['Tab', 'Shift', 'Enter', ' ']);

/**
 * Whether an input event answers the kiosk's warning: any touch, click, wheel or key, except on
 * the dialog's own buttons (which answer for themselves: "I have finished" must not first count as
 * "I'm still here") and the keys that work them.
 */
function answersWarning(event: Event): boolean {
  if (event.target instanceof Element && event.target.closest('button')) return false;
  return !(event instanceof KeyboardEvent && DIALOG_KEYS.has(event.key));
}

export interface IdleTimerOptions {
  enabled: boolean;
  settings: InactivitySettings;
  onExpire: () => void;
  /** Another tab ended the session (Log Out, its inactivity logout, a 401). */
  onOtherTabEnded: (reason: SessionEndReason) => void;
  /** The tab had no session when it opened, though this runs only from the login on. */
  startedWithoutSession?: boolean;
  /** The kiosk: any input closes the warning, not only its answer. */
  anyInputAnswers?: boolean;
}

export interface IdleTimerState {
  /** Epoch ms of the logout while the warning is open; null otherwise. */
  deadline: number | null;
  stayLoggedIn: () => void;
}

/**
 * Runs the tab's idle clock while enabled (a logged-in applicant): listens for activity here and
 * in the other tabs, checks the wall clock when the page shows again, and keeps the server
 * session alive while the applicant is active: every few minutes, one cheap call, only if there
 * was activity in this tab since the last one, so an hour of typing in one field is never lost.
 */
export function useIdleTimer({
  enabled,
  settings,
  onExpire,
  onOtherTabEnded,
  startedWithoutSession = false,
  anyInputAnswers = false,
}: IdleTimerOptions): IdleTimerState {
  const [deadline, setDeadline] = useState<number | null>(null);
  const timerRef = useRef<IdleTimer | null>(null);
  const callbacks = useRef({ onExpire, onOtherTabEnded });
  useEffect(() => {
    callbacks.current = { onExpire, onOtherTabEnded };
  });
  // A session this tab finds on its first render was started earlier (a reload, a new tab); one
  // that starts after this tab saw no session is a login here, which is activity.
  const wasEnabled = useRef<boolean | null>(startedWithoutSession ? false : null);
  const { timeoutMs, warningMs } = settings;

  useEffect(() => {
    const freshLogin = wasEnabled.current === false;
    wasEnabled.current = enabled;
    if (!enabled) return;
    const timer = new IdleTimer(
      { timeoutMs, warningMs },
      { read: readLastActivity, write: writeLastActivity },
      {
        onWarn: setDeadline,
        onActive: () => setDeadline(null),
        onExpire: () => {
          setDeadline(null);
          callbacks.current.onExpire();
        },
      },
    );
    timerRef.current = timer;

    const onActivity = () => timer.activity();
    const onInput = (event: Event) => {
      if (timer.currentPhase === 'warning' && answersWarning(event)) timer.stayLoggedIn();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') timer.check();
    };
    const listenOptions = { capture: true, passive: true };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, listenOptions);
    if (anyInputAnswers) for (const type of INPUT_EVENTS) window.addEventListener(type, onInput, listenOptions);
    document.addEventListener('visibilitychange', onVisibility);
    const stopListening = listenToOtherTabs({
      activity: (at) => timer.otherTabActivity(at),
      ended: (reason) => callbacks.current.onOtherTabEnded(reason),
    });

    let lastPing = Date.now();
    const keepAliveTimer = setInterval(() => {
      if (timer.currentPhase === 'expired' || timer.lastActivityHere <= lastPing) return;
      lastPing = Date.now();
      // A 401 is handled by the API client (the session ended); anything else waits for the next round.
      keepAlive().catch(() => undefined);
    }, KEEP_ALIVE_INTERVAL_MS);

    timer.start({ freshLogin });
    return () => {
      timer.stop();
      timerRef.current = null;
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, listenOptions);
      for (const type of INPUT_EVENTS) window.removeEventListener(type, onInput, listenOptions);
      document.removeEventListener('visibilitychange', onVisibility);
      stopListening();
      clearInterval(keepAliveTimer);
      setDeadline(null);
    };
  }, [enabled, timeoutMs, warningMs, anyInputAnswers]);

  const stayLoggedIn = useCallback(() => timerRef.current?.stayLoggedIn(), []);
  return { deadline, stayLoggedIn };
}
