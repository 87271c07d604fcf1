/**
 * How the launcher's page script (page-bridge.ts) and the launcher talk: one DevTools binding
 * the page calls with a JSON message, and one function the launcher calls back with the answer.
 * Both names are taken off the page's window by the page script before the application runs.
 */
export const KIOSK_BINDING = '__gradappKioskShell';
export const KIOSK_REPLY = '__gradappKioskShellReply';

/** Input seen by the page (touch, click, key, wheel), for the launcher's backstop. Not a bridge channel. */
export const KIOSK_ACTIVITY = 'gradapp:kiosk-launcher:activity';

/** What the page sends through the binding. */
export interface KioskCall {
  id: number;
  channel: string;
  args: unknown[];
}

/** The answer to a call: `error` is a sentence the bridge's promise rejects with. */
export interface KioskReply {
  id: number;
  error?: string;
}
