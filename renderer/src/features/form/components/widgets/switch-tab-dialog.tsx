import { useId } from 'react';
import { Modal } from '../../../../components/ui/modal';

/** What a tab switch would remove: the old tab's typed text or its uploaded document. */
export type DiscardedWork = 'text' | 'document';

const discardedMessage: Record<DiscardedWork, string> = {
  text: 'The text you typed will be removed.',
  document: 'The document you uploaded will be removed.',
};

export const switchTabTitle = (tabLabel: string) => `Switch to ${tabLabel}?`;

interface SwitchTabDialogProps {
  /** The tab asked for and what switching to it removes; null while no switch waits. */
  pending: { tabLabel: string; discarded: DiscardedWork } | null;
  onCancel: () => void;
  onSwitch: () => void;
}

/** Issue 17 item 1: a switch that would remove work asks first, as the Delete File dialog does. */
export function SwitchTabDialog({ pending, onCancel, onSwitch }: SwitchTabDialogProps) {
  const messageId = useId();
  return (
    <Modal isOpen={pending !== null} onClose={onCancel} title={pending ? switchTabTitle(pending.tabLabel) : ''} size="xs" describedBy={messageId}>
      <p id={messageId}>{pending && discardedMessage[pending.discarded]}</p>
      <div className="form-dialog__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="button button--primary" onClick={onSwitch}>
          Switch
        </button>
      </div>
    </Modal>
  );
}
