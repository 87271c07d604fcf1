import { build } from 'esbuild';
import path from 'node:path';
import type { KioskSettings } from '../../common/shell-bridge';

const INSTALLER = '__gradappKioskInstaller';

/**
 * The page script's source for Page.addScriptToEvaluateOnNewDocument: page-bridge.ts and what it
 * imports from common/ bundled into one function, called with the campus's kiosk settings. It
 * leaves nothing on the window but the bridge.
 */
export async function kioskPageScript(settings: KioskSettings): Promise<string> {
  const result = await build({
    entryPoints: [path.join(import.meta.dirname, 'page-bridge.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: INSTALLER,
    platform: 'browser',
    target: 'chrome110',
    logLevel: 'silent',
  });
  return `(() => {\n${result.outputFiles[0]!.text}\n${INSTALLER}.installKioskBridge(${JSON.stringify(settings)});\n})();`;
}
