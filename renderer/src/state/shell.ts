import { atom } from 'jotai';
import { atomWithLazy } from 'jotai/utils';
import { shellBridge } from '../lib/shell-bridge';

/** The Electron shell around the renderer (null in a plain browser); tests set their own. */
export const shellBridgeAtom = atomWithLazy(shellBridge);

/** The kiosk's functions (reset, print) when the renderer runs in the campus kiosk; else null. */
export const kioskBridgeAtom = atom((get) => {
  const bridge = get(shellBridgeAtom);
  return bridge?.mode === 'kiosk' ? (bridge.kiosk ?? null) : null;
});

export const isKioskAtom = atom((get) => get(kioskBridgeAtom) !== null);
