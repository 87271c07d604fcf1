import type { WebContents } from 'electron';

/**
 * A crashed or killed renderer ('render-process-gone') or a hung one ('unresponsive') leaves the
 * applicant's data in the session and a broken screen in front of the next person: both are
 * handled like a logout, wiped and back to the start page.
 */
export function resetWhenRendererFails(contents: Pick<WebContents, 'on'>, reset: () => Promise<void>): void {
  contents.on('render-process-gone', () => void reset());
  contents.on('unresponsive', () => void reset());
}
