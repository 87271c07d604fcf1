import { useEffect, useRef } from 'react';
import { resolveValue, useToaster } from 'react-hot-toast';
import { TOAST_DURATION_MS, TOAST_HOTKEY } from '../../../../common/constants';
import { TOAST_REGION_ATTRIBUTE } from './notifications';

/**
 * The toast region. Rendered headless so the toasts are our own markup and CSS; F8 moves focus
 * here so keyboard users can reach a toast's dismiss button before it times out.
 */
export function Toaster() {
  const { toasts, handlers } = useToaster({ duration: TOAST_DURATION_MS });
  const region = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== TOAST_HOTKEY) return;
      event.preventDefault();
      region.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <section
      ref={region}
      tabIndex={-1}
      aria-label={`Notifications (${TOAST_HOTKEY})`}
      aria-live="polite"
      className="toaster"
      {...{ [TOAST_REGION_ATTRIBUTE]: '' }}
      onMouseEnter={handlers.startPause}
      onMouseLeave={handlers.endPause}
      onFocus={handlers.startPause}
      onBlur={handlers.endPause}
    >
      {toasts
        .filter((current) => current.visible)
        .map((current) => (
          <div key={current.id} className="toaster__item">
            {resolveValue(current.message, current)}
          </div>
        ))}
    </section>
  );
}
