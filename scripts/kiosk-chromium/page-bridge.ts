import { createShellBridge, SHELL_BRIDGE_GLOBAL, type KioskSettings } from '../../common/shell-bridge';
import { KIOSK_ACTIVITY, KIOSK_BINDING, KIOSK_REPLY, type KioskCall, type KioskReply } from './page-channel';

/** At most one activity note a second: enough for a backstop that counts minutes. */
const ACTIVITY_NOTE_MS = 1_000;

/**
 * Runs in every page of the kiosk Chromium before the page's own scripts (bundled by
 * page-script.ts): the same `window.gradappShell` the Electron preload exposes (createShellBridge),
 * its calls carried by the launcher's binding. The binding and the reply function are taken off
 * the window first, so the application's scripts see the bridge and nothing else; frames get
 * nothing.
 */
export function installKioskBridge(settings: KioskSettings): void {
  const page = window as unknown as Record<string, unknown>;
  const binding = page[KIOSK_BINDING];
  delete page[KIOSK_BINDING];
  if (typeof binding !== 'function' || window.top !== window) return;
  const send = (call: KioskCall) => (binding as (payload: string) => void)(JSON.stringify(call));

  let nextId = 1;
  const pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  Object.defineProperty(window, KIOSK_REPLY, {
    value: ({ id, error }: KioskReply) => {
      const call = pending.get(id);
      pending.delete(id);
      if (error === undefined) call?.resolve();
      else call?.reject(new Error(error));
    },
  });
  const invoke = (channel: string, ...args: unknown[]) =>
    new Promise<void>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      send({ id, channel, args });
    });

  const bridge = createShellBridge('kiosk', invoke, settings);
  Object.defineProperty(window, SHELL_BRIDGE_GLOBAL, { value: Object.freeze({ ...bridge, kiosk: Object.freeze(bridge.kiosk) }) });

  let lastNote = 0;
  const noteActivity = () => {
    if (Date.now() - lastNote < ACTIVITY_NOTE_MS) return;
    lastNote = Date.now();
    send({ id: 0, channel: KIOSK_ACTIVITY, args: [] });
  };
  for (const type of ['pointerdown', 'touchstart', 'keydown', 'wheel']) window.addEventListener(type, noteActivity, { capture: true, passive: true });
}
