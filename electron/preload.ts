import { contextBridge, ipcRenderer } from 'electron';

/**
 * The narrow bridge the renderer may use (STYLE.md item 11): a few typed functions on an
 * allow-listed channel prefix, never ipcRenderer itself.
 */
const CHANNEL_PREFIX = 'gradapp:';

export interface ShellBridge {
  mode: () => Promise<'kiosk' | 'desktop'>;
}

const bridge: ShellBridge = {
  mode: () => ipcRenderer.invoke(`${CHANNEL_PREFIX}mode`) as Promise<'kiosk' | 'desktop'>,
};

contextBridge.exposeInMainWorld('gradappShell', bridge);
