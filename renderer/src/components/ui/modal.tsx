import { useEffectEvent, useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export type ModalSize = 'xs' | 's' | 'm';

interface ModalProps {
  isOpen: boolean;
  onClose: () => void;
  /** Spec platform section 2: a dialog without its own title is an error dialog. */
  title?: string;
  size?: ModalSize;
  /** Id of the text that says what the dialog is about, read with its title. */
  describedBy?: string;
  /** 'alertdialog' for a dialog that interrupts to warn (the kiosk's "Still there?"), announced at once. */
  role?: 'alertdialog';
  /** Runs once the dialog has opened, e.g. to move focus to its main action. */
  onAfterOpen?: () => void;
  children: ReactNode;
}

/** The attribute that names the control a dialog focuses on opening; without one, the dialog itself is focused. */
export const INITIAL_FOCUS_ATTRIBUTE = 'data-initial-focus';
const BODY_OPEN_CLASS = 'modal-open';
const TABBABLE = 'a[href], button:not(:disabled), input:not(:disabled):not([type="hidden"]), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/**
 * Tab and Shift+Tab go round the dialog's controls. The platform lets them leave a modal dialog
 * for the browser's own controls; a kiosk has none, and a keyboard user would land nowhere.
 */
function keepTabInside(event: KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== 'Tab') return;
  const tabbable = [...event.currentTarget.querySelectorAll<HTMLElement>(TABBABLE)].filter((element) => element.getClientRects().length > 0);
  const [first, last] = [tabbable[0], tabbable.at(-1)];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === event.currentTarget)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A dialog with a titled header and a close button; sizes come from styles/modal.css. The
 * platform's modal <dialog>: it sits in the top layer above everything (toasts too) under its
 * ::backdrop, makes the rest of the page inert for pointer, keyboard and assistive technology, and
 * closes on Escape. A click on the backdrop closes it too, and Tab goes round its controls. Focus goes to the control marked with
 * INITIAL_FOCUS_ATTRIBUTE, else to the dialog, and returns where it was on closing.
 */
export function Modal({ isOpen, onClose, title = 'Error', size = 's', describedBy, role, onAfterOpen, children }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const afterOpen = useEffectEvent(() => onAfterOpen?.());

  // A layout effect: the dialog opens in the same frame it is rendered, so a busy or background
  // page cannot hold the focus move back (the inactivity warning counts down while it waits).
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!isOpen || !element) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
    document.body.classList.add(BODY_OPEN_CLASS);
    (element.querySelector<HTMLElement>(`[${INITIAL_FOCUS_ATTRIBUTE}]`) ?? element).focus();
    afterOpen();
    return () => {
      if (element.open) element.close();
      if (!document.querySelector('dialog[open]')) document.body.classList.remove(BODY_OPEN_CLASS);
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, [isOpen]);

  if (!isOpen) return null;
  return createPortal(
    <dialog
      ref={dialog}
      tabIndex={-1}
      role={role}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      className={`modal modal--${size}`}
      // Escape: the page decides whether the dialog closes, as with every other way out.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // Closed by the browser itself (a second Escape without a click in between): the page is told.
      onClose={() => {
        if (dialog.current?.isConnected) onClose();
      }}
      onKeyDown={keepTabInside}
      // The dialog's content fills it: a click on the dialog element itself is a click on the backdrop.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="modal__content">
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="modal__close" aria-label="Close" onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="modal__body">{children}</div>
      </div>
    </dialog>,
    document.body,
  );
}
