import { useAtomValue } from 'jotai';
import { Fragment, type ReactNode } from 'react';
import { ADD_ANOTHER_DEFAULT } from '../../../../../../common/constants';
import type { AddAnotherDef } from '../../../../../../common/form/form-state';
import { showErrorToast } from '../../../../components/ui/notifications';
import { isLoggedInAtom } from '../../../../state/session';
import { useAddAnotherCounts, useSaveAddAnotherCount } from '../../../form-state';

export const addAnotherErrorLabel = (button: AddAnotherDef) => `Error adding another ${button.id}`;

interface AddAnotherProps {
  button: AddAnotherDef;
  /** One repeated block, by its index from 0. */
  renderBlock: (index: number) => ReactNode;
}

/**
 * A repeated block (form-content sections 2 item 7 and 4): as many as the stored count, at least
 * one; an applicant below the maximum may add one more, which is stored at once.
 */
export function AddAnother({ button, renderBlock }: AddAnotherProps) {
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const counts = useAddAnotherCounts();
  const save = useSaveAddAnotherCount({
    onError: (error) => showErrorToast(addAnotherErrorLabel(button), error.message),
  });
  const stored = isLoggedIn ? counts.data?.[button.id] : undefined;
  const count = Math.min(button.max, Math.max(ADD_ANOTHER_DEFAULT, stored ?? ADD_ANOTHER_DEFAULT));

  return (
    <div className="add-another">
      {Array.from({ length: count }, (_, index) => (
        <Fragment key={index}>{renderBlock(index)}</Fragment>
      ))}
      {isLoggedIn && count < button.max && (
        <button
          type="button"
          className="button button--secondary add-another__button"
          disabled={counts.isLoading || save.isPending}
          aria-busy={save.isPending || undefined}
          onClick={() => save.mutate({ button_id: button.id, num_components: count + 1 })}
        >
          Add Another
        </button>
      )}
    </div>
  );
}
