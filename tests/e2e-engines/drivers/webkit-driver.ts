import { spawn, type ChildProcess } from 'node:child_process';
import type { EngineDriver } from './driver';

export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER_PATH = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
export const XVFB_RUN_PATH = process.env.XVFB_RUN_PATH ?? '/usr/bin/xvfb-run';

const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';
const KEYS = { Escape: '\uE00C', Tab: '\uE004' } as const;

/**
 * WebKitGTK's MiniBrowser through WebKitWebDriver (classic W3C WebDriver over HTTP) on a virtual
 * X display (xvfb-run). The handful of endpoints a journey uses are called directly with fetch
 * (docs/decisions.md, "Three engines"); nothing is downloaded.
 */
export async function webkitDriver(port: number): Promise<EngineDriver> {
  // Its own process group, so that closing ends xvfb-run, Xvfb, the driver and the browser together.
  // The display is numbered after the driver's free port: two `xvfb-run -a` started at once can pick
  // the same free display, and then one of them fails.
  const child: ChildProcess = spawn(
    XVFB_RUN_PATH,
    ['--server-num', String(port), '--server-args', '-screen 0 1920x1080x24', WEBKIT_DRIVER_PATH, `--port=${port}`],
    { detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const stop = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${endpoint}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as { value: T & { error?: string; message?: string } };
    if (!response.ok) throw new Error(`WebDriver ${method} ${path}: ${json.value?.error ?? response.status} ${json.value?.message ?? ''}`);
    return json.value;
  }

  // The driver is up once /status answers ready (a condition, not a fixed wait).
  const started = Date.now();
  for (;;) {
    const ready = await fetch(`${endpoint}/status`).then((r) => r.json() as Promise<{ value?: { ready?: boolean } }>).catch(() => null);
    if (ready?.value?.ready) break;
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited with ${child.exitCode}: ${stderr}`);
    if (Date.now() - started > 60_000) {
      stop();
      throw new Error('WebKitWebDriver did not answer /status within 60 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  let sessionId: string;
  try {
    const session = await call<{ sessionId: string }>('POST', '/session', {
      capabilities: {
        alwaysMatch: {
          browserName: 'MiniBrowser',
          'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args: ['--automation'] },
        },
      },
    });
    sessionId = session.sessionId;
    await call('POST', `/session/${sessionId}/timeouts`, { script: 60_000, pageLoad: 60_000 });
    await call('POST', `/session/${sessionId}/window/rect`, { width: 1280, height: 800 });
  } catch (error) {
    stop();
    throw error;
  }
  const s = `/session/${sessionId}`;
  const element = async (selector: string): Promise<string> => {
    const found = await call<Record<string, string>>('POST', `${s}/element`, { using: 'css selector', value: selector });
    return found[ELEMENT]!;
  };
  const evaluate = async <T>(source: string, arg?: unknown): Promise<T> => {
    const script = `const done = arguments[arguments.length - 1];
      Promise.resolve().then(() => (${source})(arguments[0])).then((value) => done({ value }), (error) => done({ error: String(error && error.stack || error) }));`;
    const result = await call<{ value?: T; error?: string }>('POST', `${s}/execute/async`, { script, args: [arg ?? null] });
    if (result.error) throw new Error(`In the page: ${result.error}`);
    return result.value as T;
  };
  return {
    goto: async (url) => {
      await call('POST', `${s}/url`, { url });
    },
    evaluate,
    type: async (selector, text) => {
      await call('POST', `${s}/element/${await element(selector)}/value`, { text });
    },
    clear: async (selector) => {
      await call('POST', `${s}/element/${await element(selector)}/clear`, {});
    },
    activate: async (selector) => {
      await call('POST', `${s}/element/${await element(selector)}/click`, {});
    },
    choose: async (selector, optionText) => {
      const option = await evaluate<string | null>(
        `(arg) => {
          const option = Array.from(document.querySelector(arg.selector).options).find((o) => o.text.trim() === arg.optionText);
          if (!option) return null;
          option.dataset.journeyId = String(Math.random()).slice(2);
          return '[data-journey-id="' + option.dataset.journeyId + '"]';
        }`,
        { selector, optionText },
      );
      if (!option) throw new Error(`No option "${optionText}" in ${selector}`);
      await call('POST', `${s}/element/${await element(option)}/click`, {});
    },
    upload: async (selector, file) => {
      await call('POST', `${s}/element/${await element(selector)}/value`, { text: file });
    },
    pressKey: async (key) => {
      await call('POST', `${s}/actions`, {
        actions: [{ type: 'key', id: 'keyboard', actions: [{ type: 'keyDown', value: KEYS[key] }, { type: 'keyUp', value: KEYS[key] }] }],
      });
    },
    url: () => call<string>('GET', `${s}/url`),
    close: async () => {
      await call('DELETE', s).catch(() => undefined);
      stop();
    },
  };
}
