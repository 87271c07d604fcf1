import { useState } from 'react';
import { useThrowToBoundary } from '../../../components/errors/use-throw-to-boundary';

/**
 * A page button's action (Save, Continue, Submit): the buttons are disabled while it runs, and a
 * failure goes to the dialog error handling (spec platform section 4).
 */
export function useRunAction() {
  const throwToBoundary = useThrowToBoundary();
  const [busy, setBusy] = useState(false);
  const run = (action: () => Promise<unknown>) => {
    setBusy(true);
    action()
      .catch(throwToBoundary)
      .finally(() => setBusy(false));
  };
  return { busy, run };
}
