import { useRef } from 'react';
import { toast, type Toast } from 'react-hot-toast';
import { TOAST_SWIPE_THRESHOLD_PX } from '../../../../common/constants';

export const SUCCESS_NOTIFICATION_LABEL = 'Success Notification';
export const TOAST_REGION_ATTRIBUTE = 'data-toast-region';

interface ToastCardProps {
  toast: Toast;
  tone: 'success' | 'error';
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

interface ToastOptions {
  duration?: number;
}

// One toast per label: a newer message of the same kind replaces the older one and restarts its
// timer, so a label always names exactly one toast (for screen readers and for tests alike).
function show(tone: 'success' | 'error', label: string, message: string, options: ToastOptions) {
  const render = (current: Toast) => <ToastCard toast={current} tone={tone} label={label} message={message} />;
  return toast.custom(render, { ...options, id: label });
}

export function showSuccessToast(message: string, options: ToastOptions & { label?: string } = {}) {
  return show('success', options.label ?? SUCCESS_NOTIFICATION_LABEL, message, options);
}

/** Takes the success toast down: a refused submit says one thing, its error summary (issue 26, item 4). */
export function dismissSuccessToast(label = SUCCESS_NOTIFICATION_LABEL) {
  toast.dismiss(label);
}

/** label names the source, e.g. 'Login Card Error'; e2e tests and screen readers find toasts by it. */
export function showErrorToast(label: string, message: string, options: ToastOptions = {}) {
  return show('error', label, message, options);
}
