import { contextBridge, ipcRenderer } from 'electron';
import { createShellBridge, SHELL_BRIDGE_GLOBAL } from '../../common/shell-bridge';
import { readKioskSettings, readShellMode } from './bridge';

// The preload of the application window (STYLE.md item 11). It runs sandboxed, so it is bundled
// into one file (build/compile-electron.mjs): a sandboxed preload can require only 'electron'.
const mode = readShellMode(process.argv);
if (mode) {
  contextBridge.exposeInMainWorld(SHELL_BRIDGE_GLOBAL, createShellBridge(mode, (channel, ...args) => ipcRenderer.invoke(channel, ...args), readKioskSettings(process.argv)));
}
