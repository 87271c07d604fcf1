import { isAppOrigin } from '../../electron/security/app-origin';
import type { CdpConnection } from './cdp-pipe';
import { fillTheScreen } from './fill-screen';
import { KIOSK_ACTIVITY, KIOSK_BINDING, KIOSK_REPLY, type KioskCall, type KioskReply } from './page-channel';

/** What the launcher does for each bridge channel; a handler's failure is the page's rejected promise. */
export type ChannelHandlers = Record<string, (...args: unknown[]) => Promise<void>>;

export interface KioskPageOptions {
  appUrl: URL;
  /** The page script (page-script.ts), run in every document before its own scripts. */
  pageScript: string;
  handlers: ChannelHandlers;
  onActivity: () => void;
  /** The page's renderer crashed or was killed. */
  onCrash: () => void;
}

export interface KioskPage {
  /** Loads the URL in the kiosk's one tab; fails when the page cannot be reached. */
  navigate(url: URL): Promise<void>;
}

interface PageContext {
  origin: string;
  topFrame: boolean;
}

/**
 * The kiosk's one tab, driven over the browser's DevTools pipe: the bridge's page script goes in
 * before anything loads, and every bridge call is answered here, as the Electron main process
 * answers its IPC (electron/security/ipc-guard.ts): only from the top frame of a page on the
 * application's origin, only on a known channel.
 */
export async function openKioskPage(cdp: CdpConnection, options: KioskPageOptions): Promise<KioskPage> {
  const { targetInfos } = await cdp.send<{ targetInfos: { targetId: string; type: string }[] }>('Target.getTargets');
  const target = targetInfos.find((info) => info.type === 'page');
  if (!target) throw new Error('Chromium opened no page.');
  const { sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', { targetId: target.targetId, flatten: true });
  const contexts = new Map<number, PageContext>();

  const reply = (contextId: number, answer: KioskReply) =>
    cdp.send('Runtime.evaluate', { contextId, expression: `window.${KIOSK_REPLY}(${JSON.stringify(answer)})` }, sessionId).catch(() => undefined);

  const answerCall = async (contextId: number, payload: string) => {
    let call: KioskCall;
    try {
      call = JSON.parse(payload) as KioskCall;
    } catch {
      return;
    }
    const context = contexts.get(contextId);
    if (!context?.topFrame || !isAppOrigin(context.origin, options.appUrl)) return;
    if (call.channel === KIOSK_ACTIVITY) return options.onActivity();
    const handler = Object.hasOwn(options.handlers, call.channel) ? options.handlers[call.channel] : undefined;
    if (!handler || !Array.isArray(call.args)) return void reply(contextId, { id: call.id, error: 'The kiosk does not offer this.' });
    try {
      await handler(...call.args);
      await reply(contextId, { id: call.id });
    } catch (error) {
      await reply(contextId, { id: call.id, error: error instanceof Error ? error.message : String(error) });
    }
  };

  cdp.on((event) => {
    if (event.sessionId !== sessionId) return;
    const params = event.params;
    if (event.method === 'Runtime.executionContextCreated') {
      const context = params.context as { id: number; origin: string; auxData?: { frameId?: string; isDefault?: boolean } };
      contexts.set(context.id, { origin: context.origin, topFrame: context.auxData?.frameId === target.targetId && context.auxData.isDefault === true });
    } else if (event.method === 'Runtime.executionContextDestroyed') {
      contexts.delete(params.executionContextId as number);
    } else if (event.method === 'Runtime.executionContextsCleared') {
      contexts.clear();
    } else if (event.method === 'Runtime.bindingCalled' && params.name === KIOSK_BINDING) {
      void answerCall(params.executionContextId as number, params.payload as string);
    } else if (event.method === 'Inspector.targetCrashed') {
      options.onCrash();
    }
  });

  await cdp.send('Runtime.addBinding', { name: KIOSK_BINDING }, sessionId);
  await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: options.pageScript }, sessionId);
  await Promise.all(['Inspector.enable', 'Page.enable', 'Runtime.enable'].map((method) => cdp.send(method, {}, sessionId)));
  await fillTheScreen(cdp, target.targetId, sessionId);

  return {
    async navigate(url) {
      const { errorText } = await cdp.send<{ errorText?: string }>('Page.navigate', { url: url.toString() }, sessionId);
      if (errorText) throw new Error(`${url.toString()} could not be loaded: ${errorText}.`);
    },
  };
}
