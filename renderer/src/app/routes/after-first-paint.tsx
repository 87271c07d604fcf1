import { useCallback, useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { formDefinitionLoadedAtom, loadFormPages, loadedFormPagesAtom } from '../../state/form-definition';
import { whenIdle } from '../../lib/when-idle';
import { isLoggedInAtom } from '../../state/session';
import { loadValidator, validatorAtom, validatorLoadedAtom } from '../../state/validator';

/**
 * Runs `load` once the page shows and can take input: at the browser's first idle moment after
 * the first paint, or at the first focus or blur in the page, whichever comes first. `then` runs
 * when it has loaded, unless the component has gone.
 */
function useLoadAfterFirstPaint(wanted: boolean, load: () => Promise<unknown>, then: () => void): void {
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      // It never fails: without a connection it is tried again until it arrives (load-chunk.ts).
      void load().then(() => live && then());
    };
    const cancelIdle = whenIdle(start);
    document.addEventListener('focusin', start, { once: true });
    document.addEventListener('focusout', start, { once: true });
    return () => {
      live = false;
      cancelIdle();
      document.removeEventListener('focusin', start);
      document.removeEventListener('focusout', start);
    };
  }, [wanted, load, then]);
}

/**
 * What the form loads after its first paint instead of before it (issue 26, item 5), rendered
 * beside the page so it mounts once the page has:
 * - the whole form's definition (state/form-definition.ts), which a visitor on About You does not
 *   wait for (everyone else's form waits for it, FormRoot);
 * - for a logged-in applicant, the whole-application validation (yup and the form's schema): the
 *   missing-information panel and, while validating, the errors appear when it arrives, and
 *   the check before the review page and Submit waits for it (use-check-answers). A visitor never
 *   validates and never downloads it.
 */
export function AfterFirstPaint() {
  const definition = useAtomValue(loadedFormPagesAtom);
  const bumpDefinition = useSetAtom(formDefinitionLoadedAtom);
  const definitionLoaded = useCallback(() => bumpDefinition((count) => count + 1), [bumpDefinition]);
  useLoadAfterFirstPaint(definition === null, loadFormPages, definitionLoaded);

  const loggedIn = useAtomValue(isLoggedInAtom);
  const validate = useAtomValue(validatorAtom);
  const bumpValidator = useSetAtom(validatorLoadedAtom);
  const validatorLoaded = useCallback(() => bumpValidator((count) => count + 1), [bumpValidator]);
  useLoadAfterFirstPaint(loggedIn && validate === null, loadValidator, validatorLoaded);
  return null;
}
