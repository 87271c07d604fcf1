import { useEffect, useId, useState, type ReactNode } from 'react';
import { INITIAL_FOCUS_ATTRIBUTE, Modal } from '../../../components/ui/modal';

/** Which warning: the web's 'Still working?', or the campus kiosk's 'Still there?' for the next person's sake. */
export type WarningKind = 'web' | 'kiosk-applicant' | 'kiosk-visitor';

interface StillWorkingDialogProps {
  /** Epoch ms of the logout; the dialog is open while it is set. */
  deadline: number | null;
  onStay: () => void;
  onLeave: () => void;
  kind?: WarningKind;
}

interface Copy {
  title: string;
  text: (countdown: ReactNode) => ReactNode;
  stay: string;
  leave: string;
}

export const KIOSK_WARNING_TITLE = 'Still there?';
export const KIOSK_STAY_LABEL = "I'm still here";

const COPY: Record<WarningKind, Copy> = {
  web: {
    title: 'Still working?',
    text: (countdown) => (
      <>
        You have not used the application for a while. For your security you will be logged out in {countdown}; your answers
        will be saved first. Do you want to stay logged in?
      </>
    ),
    stay: 'Yes, keep me logged in',
    leave: 'No, log me out',
  },
  'kiosk-applicant': {
    title: KIOSK_WARNING_TITLE,
    text: (countdown) => (
      <>
        No one has touched this screen for a while. In {countdown} your answers will be saved, you will be logged out, and the
        screen will be cleared for the next person. Touch the screen to keep working.
      </>
    ),
    stay: KIOSK_STAY_LABEL,
    leave: 'I have finished: log me out',
  },
  'kiosk-visitor': {
    title: KIOSK_WARNING_TITLE,
    text: (countdown) => (
      <>
        No one has touched this screen for a while. In {countdown} the screen will be cleared for the next person. Touch the
        screen to keep working.
      </>
    ),
    stay: KIOSK_STAY_LABEL,
    leave: 'I have finished: clear the screen',
  },
};

/**
 * The inactivity warning (spec platform section 4), and the kiosk's before its reset. Focus goes
 * to the button that stays; closing the dialog in any other way (Escape, the close button, a click
 * beside it) also means the applicant is there. The kiosk's is an alert dialog, announced at once.
 */
export function StillWorkingDialog({ deadline, onStay, onLeave, kind = 'web' }: StillWorkingDialogProps) {
  const textId = useId();
  const copy = COPY[kind];
  const kiosk = kind !== 'web';
  return (
    <Modal
      isOpen={deadline !== null}
      onClose={onStay}
      title={copy.title}
      size={kiosk ? 's' : 'xs'}
      describedBy={textId}
      role={kiosk ? 'alertdialog' : undefined}
    >
      <p id={textId}>{copy.text(deadline !== null && <Countdown deadline={deadline} />)}</p>
      <div className={kiosk ? 'modal__actions modal__actions--stacked' : 'modal__actions'}>
        <button
          {...{ [INITIAL_FOCUS_ATTRIBUTE]: '' }}
          type="button"
          className={kiosk ? 'button button--primary button--large' : 'button button--primary'}
          onClick={onStay}
        >
          {copy.stay}
        </button>
        <button type="button" className="button button--secondary" onClick={onLeave}>
          {copy.leave}
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
