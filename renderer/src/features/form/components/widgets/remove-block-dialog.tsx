import { useId } from 'react';
import { INITIAL_FOCUS_ATTRIBUTE, Modal } from '../../../../components/ui/modal';

export const removeBlockTitle = (blockName: string) => `Remove ${blockName}?`;
export const removeBlockMessage = (blockName: string) => `The answers you gave for ${blockName} will be removed.`;

interface RemoveBlockDialogProps {
  /** The block asked about ('College 3'); null while none is. */
  blockName: string | null;
  busy: boolean;
  onCancel: () => void;
  onRemove: () => void;
}

/** A block that holds answers is removed only once confirmed, as the Delete File dialog asks (issue 33, item 7). */
export function RemoveBlockDialog({ blockName, busy, onCancel, onRemove }: RemoveBlockDialogProps) {
  const messageId = useId();
  return (
    <Modal isOpen={blockName !== null} onClose={onCancel} title={blockName ? removeBlockTitle(blockName) : ''} size="xs" describedBy={messageId}>
      <p id={messageId}>{blockName && removeBlockMessage(blockName)}</p>
      <div className="form-dialog__actions">
        <button type="button" className="button button--secondary" onClick={onCancel} {...{ [INITIAL_FOCUS_ATTRIBUTE]: '' }}>
          Cancel
        </button>
        <button type="button" className="button button--primary" disabled={busy} aria-busy={busy || undefined} onClick={onRemove}>
          Remove
        </button>
      </div>
    </Modal>
  );
}
