import { describe, expect, it } from 'vitest';
import { SHELL_BRIDGE_GLOBAL, shellChannels, type KioskBridge, type ShellBridge } from '../../../../common/shell-bridge';
import { KIOSK_ACTIVITY, KIOSK_BINDING, KIOSK_REPLY, type KioskCall } from '../../../../scripts/kiosk-chromium/page-channel';
import { kioskPageScript } from '../../../../scripts/kiosk-chromium/page-script';

const SETTINGS = { idleMs: 8_000, countdownMs: 12_000, printerLocation: 'Room 104' };
type FakeWindow = EventTarget & Record<string, unknown>;

/** A fresh top-level window for each page (the bridge's properties cannot be taken back). */
function freshWindow(): FakeWindow {
  const page = new EventTarget() as FakeWindow;
  page.top = page;
  return page;
}

/** The page script as Chromium runs it, with the launcher's binding in place. */
async function install(page: FakeWindow, withBinding = true): Promise<KioskCall[]> {
  const calls: KioskCall[] = [];
  if (withBinding) page[KIOSK_BINDING] = (payload: string) => calls.push(JSON.parse(payload) as KioskCall);
  new Function('window', await kioskPageScript(SETTINGS))(page);
  return calls;
}

const reply = (page: FakeWindow, answer: { id: number; error?: string }) => (page[KIOSK_REPLY] as (answer: unknown) => void)(answer);

describe('the Chromium kiosk\'s page script', () => {
  it('gives the page the bridge of the contract, frozen, and takes the binding away', async () => {
    const page = freshWindow();
    await install(page);
    expect(page[KIOSK_BINDING]).toBeUndefined();
    const bridge = page[SHELL_BRIDGE_GLOBAL] as ShellBridge;
    expect(bridge.mode).toBe('kiosk');
    expect(bridge.kiosk).toMatchObject(SETTINGS);
    expect(Object.isFrozen(bridge) && Object.isFrozen(bridge.kiosk)).toBe(true);
    expect(Object.keys(page)).not.toContain(KIOSK_REPLY);
  });

  it('carries each call on its channel and settles it with the launcher\'s answer', async () => {
    const page = freshWindow();
    const calls = await install(page);
    const kiosk = (page[SHELL_BRIDGE_GLOBAL] as ShellBridge).kiosk as KioskBridge;
    const printed = kiosk.printApplication('https://apply.example.edu/api/pdf/file/a');
    const failed = kiosk.printApplication('https://apply.example.edu/api/pdf/file/b');
    void kiosk.resetSession();
    expect(calls).toEqual([
      { id: 1, channel: shellChannels.printApplication, args: ['https://apply.example.edu/api/pdf/file/a'] },
      { id: 2, channel: shellChannels.printApplication, args: ['https://apply.example.edu/api/pdf/file/b'] },
      { id: 3, channel: shellChannels.resetSession, args: [] },
    ]);
    reply(page, { id: 1 });
    reply(page, { id: 2, error: 'Printing failed.' });
    await expect(printed).resolves.toBeUndefined();
    await expect(failed).rejects.toThrow('Printing failed.');
  });

  it('tells the launcher of input, at most once a second', async () => {
    const page = freshWindow();
    const calls = await install(page);
    page.dispatchEvent(new Event('pointerdown'));
    page.dispatchEvent(new Event('keydown'));
    expect(calls).toEqual([{ id: 0, channel: KIOSK_ACTIVITY, args: [] }]);
  });

  it('leaves a page without the launcher\'s binding as a plain browser', async () => {
    const page = freshWindow();
    await install(page, false);
    expect(page[SHELL_BRIDGE_GLOBAL]).toBeUndefined();
  });

  it('gives a frame nothing, and takes the binding away there too', async () => {
    const frame = freshWindow();
    frame.top = freshWindow();
    await install(frame);
    expect(frame[SHELL_BRIDGE_GLOBAL]).toBeUndefined();
    expect(frame[KIOSK_BINDING]).toBeUndefined();
  });
});
