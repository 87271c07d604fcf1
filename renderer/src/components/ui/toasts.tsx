import { useEffect, useRef } from 'react';
import { resolveValue, toast, useToaster, type Toast } from 'react-hot-toast';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '../../../../common/constants';
import { TOAST_REGION_ATTRIBUTE } from './toast-region';

// The toasts themselves: react-hot-toast's store, the cards and their list. A chunk of its own,
// loaded at the first notice or the first interaction (notifications.tsx), not with the page
// (issue 26, item 5); the region they show in is always there (toaster.tsx).

export type ToastTone = 'success' | 'error';

export interface ToastOptions {
  duration?: number;
}

interface ToastCardProps {
  toast: Toast;
  tone: ToastTone;
  label: string;
  message: string;
}

function ToastCard({ toast: current, tone, label, message }: ToastCardProps) {
  const dismiss = () => toast.dismiss(current.id);
  const swipeStart = useRef<number | null>(null);
  return (
    // aria-live off: the region around the toasts announces them, once.
    <div
      role="status"
      aria-live="off"
      aria-atomic="true"
      aria-label={label}
      className={`toast toast--${tone}`}
      onPointerDown={(event) => (swipeStart.current = event.clientX)}
      onPointerUp={(event) => {
        const start = swipeStart.current;
        swipeStart.current = null;
        if (start !== null && Math.abs(event.clientX - start) >= TOAST_SWIPE_THRESHOLD_PX) dismiss();
      }}
    >
      <div className="toast__body">
        <p className="toast__title">{tone === 'success' ? 'Success' : 'Error'}</p>
        <p className="toast__message">{message}</p>
      </div>
      <button
        type="button"
        className="toast__close"
        aria-label="Dismiss notification"
        onClick={(event) => {
          // The button is about to disappear; keep focus in the region rather than lose it to the page.
          event.currentTarget.closest<HTMLElement>(`[${TOAST_REGION_ATTRIBUTE}]`)?.focus();
          dismiss();
        }}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

// One toast per label: a newer message of the same kind replaces the older one and restarts its
// timer, so a label always names exactly one toast (for screen readers and for tests alike).
export function showToast(tone: ToastTone, label: string, message: string, options: ToastOptions): void {
  const render = (current: Toast) => <ToastCard toast={current} tone={tone} label={label} message={message} />;
  toast.custom(render, { ...options, id: label });
}

export function dismissToast(label: string): void {
  toast.dismiss(label);
}

/** The toasts on show, inside the region the page drew before this chunk arrived (toaster.tsx). */
export const toastList = (region: HTMLElement) => <ToastList region={region} />;

/** Hovering or focusing the region pauses the toasts' timers; the region is not ours, so listeners. */
function ToastList({ region }: { region: HTMLElement }) {
  const { toasts, handlers } = useToaster({ duration: TOAST_DURATION_MS });
  // The handlers change as the store pauses and resumes; the listeners stay and call the latest.
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const pause = () => latest.current.startPause();
    const resume = () => latest.current.endPause();
    // focusin and focusout, as React's onFocus and onBlur: the region itself (F8) or a toast's button.
    region.addEventListener('mouseenter', pause);
    region.addEventListener('focusin', pause);
    region.addEventListener('mouseleave', resume);
    region.addEventListener('focusout', resume);
    // Hovered or focused already when the toasts arrived: paused as if entered now.
    if (region.matches(':hover') || region.contains(document.activeElement)) pause();
    return () => {
      region.removeEventListener('mouseenter', pause);
      region.removeEventListener('focusin', pause);
      region.removeEventListener('mouseleave', resume);
      region.removeEventListener('focusout', resume);
    };
  }, [region]);
  return toasts
    .filter((current) => current.visible)
    .map((current) => (
      <div key={current.id} className="toaster__item">
        {resolveValue(current.message, current)}
      </div>
    ));
}
