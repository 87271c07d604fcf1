import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

/** Stand-ins for the few Electron objects the shells touch; each records what was done to it. */
export class FakeWebContents extends EventEmitter {
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
  setWindowOpenHandler = vi.fn((handler: (details: { url: string }) => { action: string }) => {
    this.windowOpenHandler = handler;
  });
  loadURL = vi.fn(async (_url: string) => undefined);
  print = vi.fn();
  printToPDF = vi.fn(async () => new Uint8Array([37, 80, 68, 70]));
  getTitle = vi.fn(() => 'Application of Ada Lovelace');
  closeDevTools = vi.fn();
}

export class FakeWindow extends EventEmitter {
  static created: FakeWindow[] = [];
  /** How many of the next loadURL calls fail, as when the backend is away. */
  static failingLoads = 0;
  webContents = new FakeWebContents();
  destroyed = false;
  constructor(public options: Record<string, unknown>) {
    super();
    FakeWindow.created.push(this);
  }
  loadURL = vi.fn((url: string) => {
    if (FakeWindow.failingLoads > 0) {
      FakeWindow.failingLoads -= 1;
      return Promise.reject(new Error('ERR_CONNECTION_REFUSED'));
    }
    return this.webContents.loadURL(url);
  });
  destroy = vi.fn(() => {
    this.destroyed = true;
  });
  isDestroyed = () => this.destroyed;
  isMinimized = vi.fn(() => true);
  restore = vi.fn();
  focus = vi.fn();
}

export class FakeSession extends EventEmitter {
  calls: string[] = [];
  clearStorageData = vi.fn(async (_options?: unknown) => {
    this.calls.push('clearStorageData');
  });
  clearCache = vi.fn(async () => {
    this.calls.push('clearCache');
  });
  clearAuthCache = vi.fn(async () => {
    this.calls.push('clearAuthCache');
  });
  clearHostResolverCache = vi.fn(async () => {
    this.calls.push('clearHostResolverCache');
  });
  setPermissionRequestHandler = vi.fn();
  setPermissionCheckHandler = vi.fn();
  setDevicePermissionHandler = vi.fn();
  setSpellCheckerEnabled = vi.fn();
  webRequest = { onHeadersReceived: vi.fn() };
}

/** An IPC invoke event from a frame at `url`, or from no frame at all. */
export function ipcEvent(url: string | null, parent: unknown = null) {
  return { senderFrame: url === null ? null : { url, parent } };
}

/** Lets an `await`-chain of resolved promises run to its end. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
}
