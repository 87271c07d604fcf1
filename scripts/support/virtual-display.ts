import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';

export const XVFB_PATH = process.env.XVFB_PATH ?? '/usr/bin/Xvfb';

export interface VirtualDisplay {
  /** The DISPLAY value for a browser drawn on it, ':N'. */
  display: string;
  stop: () => void;
}

/**
 * Debian's Xvfb on the first free display (it picks one and writes its number to -displayfd), for
 * a browser that draws real frames: headless Chromium withholds the presentation feedback of some
 * frames, and Event Timing then reports a later, unrelated paint (docs/performance.md); and for
 * the Chromium kiosk, which fills the screen it is given (a terminal's, in landscape or portrait).
 */
export function startVirtualDisplay(screen: { width: number; height: number } = { width: 1920, height: 1080 }): Promise<VirtualDisplay> {
  const size = `${screen.width}x${screen.height}x24`;
  const child = spawn(XVFB_PATH, ['-displayfd', '3', '-screen', '0', size, '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
  const stop = () => {
    if (child.exitCode === null) child.kill();
  };
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    let number = '';
    (child.stdio[3] as Readable).on('data', (chunk: Buffer) => {
      number += chunk.toString();
      if (number.includes('\n')) resolve({ display: `:${number.trim()}`, stop });
    });
    child.on('error', (error) => reject(new Error(`${XVFB_PATH} did not start (Debian's xvfb package; .ci/run installs it): ${error.message}`)));
    child.on('exit', (code) => reject(new Error(`${XVFB_PATH} exited with ${code} before it named its display: ${stderr.trim()}`)));
  });
}
