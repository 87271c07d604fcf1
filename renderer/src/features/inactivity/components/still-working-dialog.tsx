import { useEffect, useId, useState } from 'react';
import { INITIAL_FOCUS_ATTRIBUTE, Modal } from '../../../components/ui/modal';

interface StillWorkingDialogProps {
  /** Epoch ms of the logout; the dialog is open while it is set. */
  deadline: number | null;
  onStay: () => void;
  onLeave: () => void;
}

/**
 * The inactivity warning (spec platform section 4). Focus goes to Yes; closing the dialog in any
 * other way (Escape, the close button, a click beside it) also means the applicant is there.
 */
export function StillWorkingDialog({ deadline, onStay, onLeave }: StillWorkingDialogProps) {
  const textId = useId();
  return (
    <Modal
      isOpen={deadline !== null}
      onClose={onStay}
      title="Still working?"
      size="xs"
      describedBy={textId}
    >
      <p id={textId}>
        You have not used the application for a while. For your security you will be logged out in{' '}
        {deadline !== null && <Countdown deadline={deadline} />}; your answers will be saved first. Do you want to stay
        logged in?
      </p>
      <div className="modal__actions">
        <button {...{ [INITIAL_FOCUS_ATTRIBUTE]: '' }} type="button" className="button button--primary" onClick={onStay}>
          Yes, keep me logged in
        </button>
        <button type="button" className="button button--secondary" onClick={onLeave}>
          No, log me out
        </button>
      </div>
    </Modal>
  );
}

/** m:ss left. A timer role is not announced at every tick; the sentence is read once on opening. */
function Countdown({ deadline }: { deadline: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(tick);
  }, []);
  const seconds = Math.max(0, Math.ceil((deadline - now) / 1_000));
  return (
    <span role="timer" className="countdown">
      {Math.floor(seconds / 60)}:{String(seconds % 60).padStart(2, '0')}
    </span>
  );
}
