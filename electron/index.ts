import * as electron from 'electron';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startAppShell } from './app-shell';
import { loadShellConfig, type ShellConfig } from './platform/config';

/** Exit code for a configuration problem (a missing or bad --app-url, mode or idle time). */
const EXIT_BAD_CONFIGURATION = 2;

// The only place the shell reads its process's arguments and environment (STYLE.md item 3).
let config: ShellConfig | undefined;
try {
  config = loadShellConfig(process.argv, {
    ...process.env,
    // Replaced by literals when packaged (build/compile-electron.mjs); read from the environment otherwise.
    GRADAPP_BUILT_IN_APP_URL: process.env.GRADAPP_BUILT_IN_APP_URL,
    GRADAPP_BUILT_IN_MODE: process.env.GRADAPP_BUILT_IN_MODE,
  });
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(message);
  // showErrorBox is safe before 'ready', and shows on a kiosk where nobody reads stderr.
  electron.dialog.showErrorBox('Graduate Application cannot start', message);
  electron.app.exit(EXIT_BAD_CONFIGURATION);
}

if (config) {
  void startAppShell(electron, config, {
    preloadPath: path.join(__dirname, 'preload.cjs'),
    platform: process.platform,
    writeFile: (file, data) => writeFile(file, data),
  });
}
