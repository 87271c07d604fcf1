import type { WebContents } from 'electron';
import { startIdleBackstop, type IdleBackstop, type IdleBackstopOptions } from '../../common/kiosk-reset';

export interface IdleReset extends IdleBackstop {
  /** Follows keyboard (before-input-event) and mouse, touch and wheel input (input-event) of a page. */
  watch(contents: Pick<WebContents, 'on'>): void;
}

/**
 * The backstop (common/kiosk-reset.ts) in the main process: input arrives from the page's
 * WebContents, which the main process sees even when the page itself is hung.
 */
export function startIdleReset(options: IdleBackstopOptions): IdleReset {
  const backstop = startIdleBackstop(options);
  return {
    ...backstop,
    watch(contents) {
      contents.on('before-input-event', backstop.noteActivity);
      contents.on('input-event', backstop.noteActivity);
    },
  };
}
