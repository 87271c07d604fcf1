import { useAtomValue } from 'jotai';
import { useEffect, useRef, type ReactNode } from 'react';
import { ADD_ANOTHER_DEFAULT } from '../../../../../../common/constants';
import type { AddAnotherDef } from '../../../../../../common/form/types';
import { slotId } from '../../../../../../common/form/repeat';
import type { SectionDef } from '../../../../../../common/form/types';
import { showErrorToast } from '../../../../components/ui/notifications';
import { isLoggedInAtom } from '../../../../state/session';
import { useAddAnotherCounts, useSaveAddAnotherCount } from '../../../form-state';
import { RemoveBlockDialog } from './remove-block-dialog';
import { useRemoveBlock } from './use-remove-block';

export const addAnotherErrorLabel = (button: AddAnotherDef) => `Error adding another ${button.id}`;

interface AddAnotherProps {
  button: AddAnotherDef;
  /** The repeated section: its block title names each block, its keys are what a removal moves. */
  section: SectionDef;
  /** The questions of one repeated block, by its index from 0. */
  renderBlock: (index: number) => ReactNode;
}

/**
 * A repeated block (form-content sections 2 item 7 and 4): as many as the stored count, at least
 * one; an applicant below the maximum may add one more, which is stored at once, and may remove
 * any block but the first (issue 33, item 7). After a removal the block before it takes focus.
 */
export function AddAnother({ button, section, renderBlock }: AddAnotherProps) {
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const counts = useAddAnotherCounts();
  const save = useSaveAddAnotherCount({
    onError: (error) => showErrorToast(addAnotherErrorLabel(button), error.message),
  });
  const stored = isLoggedIn ? counts.data?.[button.id] : undefined;
  const count = Math.min(button.max, Math.max(ADD_ANOTHER_DEFAULT, stored ?? ADD_ANOTHER_DEFAULT));
  const headings = useRef<(HTMLHeadingElement | null)[]>([]);
  const focusNext = useRef<number | null>(null);
  const removal = useRemoveBlock(section, button, count, (slot) => {
    focusNext.current = slot - 2;
  });
  const blockTitle = section.repeat?.blockTitle ?? section.title;
  const nameOf = (index: number) => `${blockTitle} ${index + 1}`;

  // Once the removal has rendered and the dialog has closed (putting focus back where it was): the
  // heading of the block before the removed one.
  useEffect(() => {
    if (focusNext.current === null) return;
    headings.current[focusNext.current]?.focus();
    focusNext.current = null;
  });

  return (
    <div className="add-another">
      {Array.from({ length: count }, (_, index) => {
        const headingId = `${slotId(section, index + 1)}-block-title`;
        return (
          <div key={index} role="group" aria-labelledby={headingId} className="form-section__block">
            <div className="form-section__block-header">
              <h4
                id={headingId}
                ref={(element) => {
                  headings.current[index] = element;
                }}
                tabIndex={-1}
                className="form-section__block-title"
              >
                {nameOf(index)}
              </h4>
              {isLoggedIn && index > 0 && (
                <button
                  type="button"
                  className="button button--secondary form-section__block-remove"
                  disabled={removal.busy || save.isPending}
                  onClick={() => removal.request(index + 1)}
                >
                  Remove<span className="visually-hidden"> {nameOf(index)}</span>
                </button>
              )}
            </div>
            {renderBlock(index)}
          </div>
        );
      })}
      {isLoggedIn && count < button.max && (
        <button
          type="button"
          className="button button--secondary add-another__button"
          disabled={counts.isLoading || save.isPending || removal.busy}
          aria-busy={save.isPending || undefined}
          onClick={() => save.mutate({ button_id: button.id, num_components: count + 1 })}
        >
          Add Another
        </button>
      )}
      <RemoveBlockDialog
        blockName={removal.asking === null ? null : nameOf(removal.asking - 1)}
        busy={removal.busy}
        onCancel={removal.cancel}
        onRemove={removal.confirm}
      />
    </div>
  );
}
