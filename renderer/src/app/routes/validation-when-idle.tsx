import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { isLoggedInAtom } from '../../state/session';
import { loadValidator, validatorAtom, validatorLoadedAtom } from '../../state/validator';

/** How long the browser may keep the validation waiting for an idle moment. */
const IDLE_TIMEOUT_MS = 2_000;

function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, 0);
  return () => window.clearTimeout(handle);
}

/**
 * Loads the whole-application validation (yup and the form's schema, a chunk of its own) for a
 * logged-in applicant once the page shows and can take input (issue 26, item 5): at the browser's
 * first idle moment after the page's first paint, or at the first blur, whichever comes first,
 * instead of before the first paint. The missing-information panel and, while validating, the
 * errors appear when it arrives; Submit waits for it (use-submit-application). A visitor never
 * validates and never downloads it. Rendered beside the page, so it mounts once the page has.
 */
export function ValidationWhenIdle() {
  const loggedIn = useAtomValue(isLoggedInAtom);
  const validate = useAtomValue(validatorAtom);
  const loadedInStore = useSetAtom(validatorLoadedAtom);
  const waiting = loggedIn && validate === null;
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      // It never fails: without a connection it is tried again until it arrives (load-chunk.ts).
      void loadValidator().then(() => live && loadedInStore((count) => count + 1));
    };
    const cancelIdle = whenIdle(start);
    document.addEventListener('focusout', start, { once: true });
    return () => {
      live = false;
      cancelIdle();
      document.removeEventListener('focusout', start);
    };
  }, [waiting, loadedInStore]);
  return null;
}
