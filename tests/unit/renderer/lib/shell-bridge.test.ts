import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHELL_BRIDGE_GLOBAL } from '../../../../common/shell-bridge';
import { markShellMode, readShellBridge, SHELL_ATTRIBUTE } from '../../../../renderer/src/lib/shell-bridge';

const asWindow = (bridge: unknown) => ({ [SHELL_BRIDGE_GLOBAL]: bridge });
const kioskMethods = () => ({ resetSession: vi.fn(async () => undefined), printApplication: vi.fn(async () => undefined) });
const viewerMethods = () => ({ print: vi.fn(async () => undefined), savePdf: vi.fn(async () => undefined) });

describe('reading the shell bridge', () => {
  it('finds none in a plain browser', () => {
    expect(readShellBridge({})).toBeNull();
    expect(readShellBridge(undefined)).toBeNull();
  });

  it.each<[string, unknown]>([
    ['a string', 'kiosk'],
    ['null', null],
    ['an unknown mode', { mode: 'tablet', kiosk: kioskMethods() }],
    ['a kiosk without its functions', { mode: 'kiosk' }],
    ['a kiosk missing printApplication', { mode: 'kiosk', kiosk: { resetSession: async (): Promise<void> => undefined } }],
    ['a kiosk whose functions are not functions', { mode: 'kiosk', kiosk: { resetSession: 'yes', printApplication: 1 } }],
    ['a desktop bridge without its viewer', { mode: 'desktop', kiosk: kioskMethods() }],
  ])('ignores %s', (_name, bridge) => {
    expect(readShellBridge(asWindow(bridge))).toBeNull();
  });

  it('ignores a bridge that throws when read', () => {
    const hostile = {
      get [SHELL_BRIDGE_GLOBAL]() {
        throw new Error('no');
      },
    };
    expect(readShellBridge(hostile)).toBeNull();
  });

  it('reads the kiosk: its two functions, always answering a promise', async () => {
    const methods = kioskMethods();
    const bridge = readShellBridge(asWindow({ mode: 'kiosk', kiosk: methods, extra: () => 'not in the contract' }))!;
    expect(bridge.mode).toBe('kiosk');
    expect(bridge.viewer).toBeUndefined();
    expect(Object.keys(bridge.kiosk!).sort()).toEqual(['printApplication', 'resetSession']);
    await bridge.kiosk!.printApplication('http://127.0.0.1/api/pdf/file/abc');
    expect(methods.printApplication).toHaveBeenCalledWith('http://127.0.0.1/api/pdf/file/abc');

    methods.resetSession.mockImplementation(() => {
      throw new Error('thrown at once');
    });
    await expect(bridge.kiosk!.resetSession()).rejects.toThrow('thrown at once');
  });

  it('asks the kiosk for one wipe while one is under way', async () => {
    const methods = kioskMethods();
    let finish = () => {};
    methods.resetSession.mockImplementationOnce(() => new Promise<undefined>((resolve) => (finish = () => resolve(undefined))));
    const bridge = readShellBridge(asWindow({ mode: 'kiosk', kiosk: methods }))!;
    const first = bridge.kiosk!.resetSession();
    const second = bridge.kiosk!.resetSession();
    expect(methods.resetSession).toHaveBeenCalledTimes(1);
    finish();
    await Promise.all([first, second]);
    await bridge.kiosk!.resetSession();
    expect(methods.resetSession).toHaveBeenCalledTimes(2);
  });

  it('reads the desktop viewer', async () => {
    const methods = viewerMethods();
    const bridge = readShellBridge(asWindow({ mode: 'desktop', viewer: methods }))!;
    expect(bridge.mode).toBe('desktop');
    expect(bridge.kiosk).toBeUndefined();
    await bridge.viewer!.print();
    expect(methods.print).toHaveBeenCalledOnce();
  });
});

describe('marking the root', () => {
  const root = () => {
    const attributes = new Map<string, string>();
    return { setAttribute: (name: string, value: string) => attributes.set(name, value), attributes };
  };

  it('names the shell', () => {
    const kiosk = root();
    markShellMode(kiosk as unknown as HTMLElement, readShellBridge(asWindow({ mode: 'kiosk', kiosk: kioskMethods() })));
    expect(kiosk.attributes.get(SHELL_ATTRIBUTE)).toBe('kiosk');
    const desktop = root();
    markShellMode(desktop as unknown as HTMLElement, readShellBridge(asWindow({ mode: 'desktop', viewer: viewerMethods() })));
    expect(desktop.attributes.get(SHELL_ATTRIBUTE)).toBe('desktop');
  });

  it('leaves a browser unmarked', () => {
    const browser = root();
    markShellMode(browser as unknown as HTMLElement, null);
    expect(browser.attributes.size).toBe(0);
  });
});

describe('the window of the page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.resetModules();
  });

  const freshReader = async () => (await import('../../../../renderer/src/lib/shell-bridge')).shellBridge;

  it('is read once, at the first question', async () => {
    const methods = kioskMethods();
    const scope: Record<string, unknown> = asWindow({ mode: 'kiosk', kiosk: methods });
    vi.stubGlobal('window', scope);
    const shellBridge = await freshReader();
    const bridge = shellBridge();
    expect(bridge?.mode).toBe('kiosk');
    scope[SHELL_BRIDGE_GLOBAL] = undefined;
    expect(shellBridge()).toBe(bridge);
  });

  it('says so when a shell left a bridge that does not match the contract', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('window', asWindow({ mode: 'kiosk' }));
    expect((await freshReader())()).toBeNull();
    expect(error).toHaveBeenCalledOnce();
  });

  it('is quiet in a plain browser', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('window', {});
    expect((await freshReader())()).toBeNull();
    expect(error).not.toHaveBeenCalled();
  });
});
