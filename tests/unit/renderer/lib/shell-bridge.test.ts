import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_KIOSK_COUNTDOWN_MS, DEFAULT_KIOSK_IDLE_MS, SHELL_BRIDGE_GLOBAL } from '../../../../common/shell-bridge';
import { markShellMode, readShellBridge, SHELL_ATTRIBUTE } from '../../../../renderer/src/lib/shell-bridge';

const asWindow = (bridge: unknown) => ({ [SHELL_BRIDGE_GLOBAL]: bridge });
const kioskMethods = () => ({
  idleMs: 180_000,
  countdownMs: 45_000,
  resetSession: vi.fn(async () => undefined),
  printApplication: vi.fn(async () => undefined),
});
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

  it('reads the kiosk: its two functions, always answering a promise, and its times', async () => {
    const methods = kioskMethods();
    const bridge = readShellBridge(asWindow({ mode: 'kiosk', kiosk: methods, extra: () => 'not in the contract' }))!;
    expect(bridge.mode).toBe('kiosk');
    expect(bridge.viewer).toBeUndefined();
    expect(Object.keys(bridge.kiosk!).sort()).toEqual(['countdownMs', 'idleMs', 'printApplication', 'resetSession']);
    expect(bridge.kiosk).toMatchObject({ idleMs: 180_000, countdownMs: 45_000 });
    await bridge.kiosk!.printApplication('http://127.0.0.1/api/pdf/file/abc');
    expect(methods.printApplication).toHaveBeenCalledWith('http://127.0.0.1/api/pdf/file/abc');

    methods.resetSession.mockImplementation(() => {
      throw new Error('thrown at once');
    });
    await expect(bridge.kiosk!.resetSession()).rejects.toThrow('thrown at once');
  });

  it('reads the printer location as text, trimmed', () => {
    const bridge = readShellBridge(asWindow({ mode: 'kiosk', kiosk: { ...kioskMethods(), printerLocation: ' Room 104, by the door ' } }))!;
    expect(bridge.kiosk!.printerLocation).toBe('Room 104, by the door');
  });

  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ['missing times', { idleMs: undefined, countdownMs: undefined }, { idleMs: DEFAULT_KIOSK_IDLE_MS, countdownMs: DEFAULT_KIOSK_COUNTDOWN_MS }],
    ['times as strings', { idleMs: '180000' }, { idleMs: DEFAULT_KIOSK_IDLE_MS, countdownMs: DEFAULT_KIOSK_COUNTDOWN_MS }],
    ['a fraction', { countdownMs: 1_500.5 }, { idleMs: DEFAULT_KIOSK_IDLE_MS }],
    ['no countdown at all', { countdownMs: 0 }, { countdownMs: DEFAULT_KIOSK_COUNTDOWN_MS }],
    ['a total past the web\'s 15 minutes', { idleMs: 800_000, countdownMs: 100_000 }, { idleMs: DEFAULT_KIOSK_IDLE_MS }],
    ['Infinity', { idleMs: Infinity }, { idleMs: DEFAULT_KIOSK_IDLE_MS }],
    ['a printer location with a control character', { printerLocation: 'Room\u0007 1' }, { idleMs: 180_000, printerLocation: undefined }],
    ['a printer location as an object', { printerLocation: { toString: () => 'x' } }, { idleMs: 180_000, printerLocation: undefined }],
    ['an over-long printer location', { printerLocation: 'x'.repeat(81) }, { idleMs: 180_000, printerLocation: undefined }],
  ])('replaces %s from the shell with the defaults, and says so', (_name, settings, expected) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const bridge = readShellBridge(asWindow({ mode: 'kiosk', kiosk: { ...kioskMethods(), ...settings } }))!;
    const { printerLocation, ...times } = expected;
    expect(bridge.kiosk).toMatchObject(times);
    if ('printerLocation' in expected) expect(bridge.kiosk!.printerLocation).toBe(printerLocation);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('Kiosk settings from the shell ignored'));
    error.mockRestore();
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
