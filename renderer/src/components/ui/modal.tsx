import { useId, type ReactNode } from 'react';
import ReactModal from 'react-modal';

export type ModalSize = 'xs' | 's' | 'm';

interface ModalProps {
  isOpen: boolean;
  onClose: () => void;
  /** Spec platform section 2: a dialog without its own title is an error dialog. */
  title?: string;
  size?: ModalSize;
  /** Id of the text that says what the dialog is about, read with its title. */
  describedBy?: string;
  /** Runs once the dialog has opened, e.g. to move focus to its main action. */
  onAfterOpen?: () => void;
  children: ReactNode;
}

/** A dialog with a titled header and a close button; sizes come from styles/modal.css. */
export function Modal({ isOpen, onClose, title = 'Error', size = 's', describedBy, onAfterOpen, children }: ModalProps) {
  const titleId = useId();
  return (
    <ReactModal
      isOpen={isOpen}
      onRequestClose={onClose}
      role="dialog"
      aria={{ labelledby: titleId, describedby: describedBy }}
      onAfterOpen={onAfterOpen}
      className={`modal modal--${size}`}
      overlayClassName="modal-overlay"
      bodyOpenClassName="modal-open"
      shouldReturnFocusAfterClose
    >
      <div className="modal__header">
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        <button type="button" className="modal__close" aria-label="Close" onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="modal__body">{children}</div>
    </ReactModal>
  );
}
