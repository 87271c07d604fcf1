import { useEffect, useRef, useState } from 'react';
import { LOOKUP_DEBOUNCE_MAX_WAIT_MS, LOOKUP_DEBOUNCE_MS } from '../../../../../common/constants';

/**
 * `value` once it has held still for `delay` ms, but never older than `maxWait` ms: a value
 * that keeps changing is still passed on at least every `maxWait` ms (spec platform section 7).
 */
export function useDebouncedValue<T>(value: T, delay = LOOKUP_DEBOUNCE_MS, maxWait = LOOKUP_DEBOUNCE_MAX_WAIT_MS): T {
  const [debounced, setDebounced] = useState(value);
  // When the oldest change not yet passed on was made; null when nothing waits.
  const waitingSince = useRef<number | null>(null);

  useEffect(() => {
    if (Object.is(value, debounced)) {
      waitingSince.current = null;
      return;
    }
    const now = Date.now();
    waitingSince.current ??= now;
    const wait = Math.max(0, Math.min(delay, waitingSince.current + maxWait - now));
    const timer = setTimeout(() => {
      waitingSince.current = null;
      setDebounced(value);
    }, wait);
    return () => clearTimeout(timer);
  }, [value, debounced, delay, maxWait]);

  return debounced;
}
