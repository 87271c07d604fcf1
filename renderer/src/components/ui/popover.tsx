import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { POPOVER_SIDE_OFFSET } from '../../../../common/constants';

interface PopoverProps {
  /** The trigger button's text. */
  label: string;
  /** The panel's accessible name, shown in its header. */
  title: string;
  children: ReactNode;
}

/** A non-modal panel under its button: Escape, the close button or a click elsewhere closes it. */
export function Popover({ label, title, children }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const titleId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) trigger.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    panel.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  return (
    <div ref={root} className="popover">
      <button
        ref={trigger}
        type="button"
        className="popover__trigger"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
      </button>
      {open && (
        <div
          ref={panel}
          id={panelId}
          role="dialog"
          aria-labelledby={titleId}
          tabIndex={-1}
          className="popover__panel"
          style={{ marginTop: POPOVER_SIDE_OFFSET }}
          onKeyDown={(event) => event.key === 'Escape' && close(true)}
        >
          <div className="popover__header">
            <p id={titleId} className="popover__title">
              {title}
            </p>
            <button type="button" className="popover__close" aria-label="Close" onClick={() => close(true)}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          {children}
        </div>
      )}
    </div>
  );
}
