import { useState } from 'react';
import type { AddAnotherDef } from '../../../../../../common/form/types';
import { isSlotAnswered, removeSlotAnswers } from '../../../../../../common/form/repeat-removal';
import type { SectionDef } from '../../../../../../common/form/types';
import { useThrowToBoundary } from '../../../../components/errors/use-throw-to-boundary';
import { showErrorToast } from '../../../../components/ui/notifications';
import { useReadAnswers, useSetAnswers } from '../../../answers/typed-answers';
import { useSaveAnswers } from '../../../answers';
import { useSaveAddAnotherCount } from '../../../form-state';

export const removeBlockErrorLabel = (button: AddAnotherDef) => `Error removing ${button.id}`;

/**
 * Removing an added block (issue 33, item 7): the blocks after it move up a slot and the last is
 * cleared (common/form/repeat-removal.ts), those answers are saved as every answer is, then the
 * count goes down by one. A block holding answers is removed only once the applicant confirms.
 */
export function useRemoveBlock(section: SectionDef, button: AddAnotherDef, count: number, onRemoved: (slot: number) => void) {
  const readAnswers = useReadAnswers();
  const setAnswers = useSetAnswers();
  const saveAnswers = useSaveAnswers();
  const saveCount = useSaveAddAnotherCount({ onError: (error) => showErrorToast(removeBlockErrorLabel(button), error.message) });
  const throwToBoundary = useThrowToBoundary();
  const [asking, setAsking] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const remove = async (slot: number) => {
    setBusy(true);
    try {
      setAnswers(removeSlotAnswers(section, slot, count, readAnswers()));
      await saveAnswers();
    } catch (error) {
      setBusy(false);
      setAsking(null);
      throwToBoundary(error);
      return;
    }
    const removed = await saveCount.mutateAsync({ button_id: button.id, num_components: count - 1 }).then(
      () => true,
      () => false,
    );
    setBusy(false);
    setAsking(null);
    if (removed) onRemoved(slot);
  };

  return {
    /** The slot whose removal waits for the applicant's answer, or null. */
    asking,
    busy,
    /** Removes the block in `slot` (from 2), asking first when it holds answers. */
    request: (slot: number) => (isSlotAnswered(section, slot, readAnswers()) ? setAsking(slot) : void remove(slot)),
    confirm: () => asking !== null && void remove(asking),
    cancel: () => setAsking(null),
  };
}
