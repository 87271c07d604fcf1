import { describe, expect, it, vi } from 'vitest';
import type { CdpConnection, CdpEvent } from '../../../../scripts/kiosk-chromium/cdp-pipe';
import { openKioskPage } from '../../../../scripts/kiosk-chromium/kiosk-page';
import { KIOSK_ACTIVITY, KIOSK_BINDING, KIOSK_REPLY } from '../../../../scripts/kiosk-chromium/page-channel';

const APP = new URL('https://apply.example.edu');
const TARGET = 'page-1';

/** The browser's side of the pipe: answers what openKioskPage asks, and lets the test send events. */
function fakeBrowser() {
  const sent: { method: string; params: Record<string, unknown>; sessionId?: string }[] = [];
  const listeners = new Set<(event: CdpEvent) => void>();
  const cdp: CdpConnection = {
    async send(method, params = {}, sessionId) {
      sent.push({ method, params, ...(sessionId ? { sessionId } : {}) });
      const answers: Record<string, unknown> = {
        'Target.getTargets': { targetInfos: [{ targetId: 'ui', type: 'browser_ui' }, { targetId: TARGET, type: 'page' }] },
        'Target.attachToTarget': { sessionId: 's1' },
        'Browser.getWindowForTarget': { windowId: 1, bounds: { width: 1920, height: 1080 } },
        'Runtime.evaluate': { result: { value: { width: 1920, height: 1080 } } },
      };
      return (answers[method] ?? {}) as never;
    },
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const emit = (method: string, params: Record<string, unknown>, sessionId = 's1') => listeners.forEach((listener) => listener({ method, params, sessionId }));
  const context = (id: number, origin: string, frameId = TARGET) => emit('Runtime.executionContextCreated', { context: { id, origin, auxData: { frameId, isDefault: true } } });
  const call = (contextId: number, channel: string, args: unknown[] = [], id = 7) =>
    emit('Runtime.bindingCalled', { name: KIOSK_BINDING, executionContextId: contextId, payload: JSON.stringify({ id, channel, args }) });
  const replies = () =>
    sent.filter((message) => message.method === 'Runtime.evaluate' && String(message.params.expression).startsWith(`window.${KIOSK_REPLY}(`)).map((message) => ({
      contextId: message.params.contextId,
      answer: JSON.parse(/\((.*)\)$/.exec(String(message.params.expression))![1]!) as unknown,
    }));
  return { cdp, sent, emit, context, call, replies };
}

async function openWith(browser: ReturnType<typeof fakeBrowser>) {
  const handlers = { 'gradapp:kiosk:print-application': vi.fn(async (url: unknown) => (String(url).endsWith('/bad') ? Promise.reject(new Error('Printing failed.')) : undefined)) };
  const onActivity = vi.fn();
  const onCrash = vi.fn();
  const page = await openKioskPage(browser.cdp, { appUrl: APP, pageScript: 'install()', handlers, onActivity, onCrash });
  return { page, handlers, onActivity, onCrash };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the kiosk page over the DevTools pipe', () => {
  it('puts the binding and the page script in before anything loads', async () => {
    const browser = fakeBrowser();
    await openWith(browser);
    const methods = browser.sent.map((message) => message.method);
    expect(browser.sent).toContainEqual({ method: 'Runtime.addBinding', params: { name: KIOSK_BINDING }, sessionId: 's1' });
    expect(browser.sent).toContainEqual({ method: 'Page.addScriptToEvaluateOnNewDocument', params: { source: 'install()' }, sessionId: 's1' });
    expect(methods).not.toContain('Page.navigate');
  });

  it('answers bridge calls from the application\'s top frame, a failure as the page\'s rejection', async () => {
    const browser = fakeBrowser();
    const { handlers } = await openWith(browser);
    browser.context(3, 'https://apply.example.edu');
    browser.call(3, 'gradapp:kiosk:print-application', ['https://apply.example.edu/api/pdf/file/x'], 7);
    browser.call(3, 'gradapp:kiosk:print-application', ['https://apply.example.edu/bad'], 8);
    await settle();
    expect(handlers['gradapp:kiosk:print-application']).toHaveBeenCalledWith('https://apply.example.edu/api/pdf/file/x');
    expect(browser.replies()).toEqual([
      { contextId: 3, answer: { id: 7 } },
      { contextId: 3, answer: { id: 8, error: 'Printing failed.' } },
    ]);
  });

  it('refuses a channel it does not offer, and ignores calls from frames and other origins', async () => {
    const browser = fakeBrowser();
    const { handlers, onActivity } = await openWith(browser);
    browser.context(3, 'https://apply.example.edu');
    browser.context(4, 'https://evil.example.org');
    browser.context(5, 'https://apply.example.edu', 'frame-2');
    browser.call(3, 'gradapp:viewer:save-pdf', [], 9);
    browser.call(3, 'constructor', [], 10);
    browser.call(4, 'gradapp:kiosk:print-application', ['https://apply.example.edu/api/pdf/file/x']);
    browser.call(5, 'gradapp:kiosk:print-application', ['https://apply.example.edu/api/pdf/file/x']);
    browser.call(4, KIOSK_ACTIVITY);
    browser.call(3, 'gradapp:kiosk:print-application', ['x']);
    browser.emit('Runtime.executionContextsCleared', {});
    browser.call(3, KIOSK_ACTIVITY);
    await settle();
    expect(handlers['gradapp:kiosk:print-application']).toHaveBeenCalledTimes(1);
    expect(onActivity).not.toHaveBeenCalled();
    expect(browser.replies().slice(0, 2)).toEqual([
      { contextId: 3, answer: { id: 9, error: 'The kiosk does not offer this.' } },
      { contextId: 3, answer: { id: 10, error: 'The kiosk does not offer this.' } },
    ]);
  });

  it('passes on the page\'s input and its renderer\'s crash, and only its own', async () => {
    const browser = fakeBrowser();
    const { onActivity, onCrash } = await openWith(browser);
    browser.context(3, 'https://apply.example.edu');
    browser.call(3, KIOSK_ACTIVITY);
    browser.emit('Inspector.targetCrashed', {}, 'another-session');
    expect(onCrash).not.toHaveBeenCalled();
    browser.emit('Inspector.targetCrashed', {});
    await settle();
    expect(onActivity).toHaveBeenCalledTimes(1);
    expect(onCrash).toHaveBeenCalledTimes(1);
  });

  it('says when the start page cannot be loaded', async () => {
    const browser = fakeBrowser();
    browser.cdp.send = (async (method: string) =>
      method === 'Page.navigate' ? { errorText: 'net::ERR_CONNECTION_REFUSED' } : fakeBrowser().cdp.send(method)) as CdpConnection['send'];
    const { page } = await openWith(browser);
    await expect(page.navigate(new URL('/about', APP))).rejects.toThrow('https://apply.example.edu/about could not be loaded: net::ERR_CONNECTION_REFUSED.');
  });
});
