import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { cdpOverPipe, type CdpEvent } from '../../../../scripts/kiosk-chromium/cdp-pipe';

function pipes() {
  const toBrowser = new PassThrough();
  const fromBrowser = new PassThrough();
  const written: unknown[] = [];
  toBrowser.on('data', (chunk: Buffer) => written.push(...chunk.toString().split('\0').filter(Boolean).map((text) => JSON.parse(text) as unknown)));
  return { toBrowser, fromBrowser, written, answer: (message: unknown) => fromBrowser.write(`${JSON.stringify(message)}\0`) };
}

describe('the DevTools protocol over Chromium\'s pipe', () => {
  it('writes NUL-ended commands and matches the answers, whole or in pieces', async () => {
    const { toBrowser, fromBrowser, written, answer } = pipes();
    const cdp = cdpOverPipe(toBrowser, fromBrowser);
    const first = cdp.send('Target.getTargets');
    const second = cdp.send('Runtime.evaluate', { expression: '1' }, 's1');
    await new Promise((resolve) => setImmediate(resolve));
    expect(written).toEqual([
      { id: 1, method: 'Target.getTargets', params: {} },
      { id: 2, method: 'Runtime.evaluate', params: { expression: '1' }, sessionId: 's1' },
    ]);
    const text = `${JSON.stringify({ id: 2, error: { message: 'No such context' } })}\0${JSON.stringify({ id: 1, result: { targetInfos: [] } })}\0`;
    fromBrowser.write(text.slice(0, 10));
    fromBrowser.write(text.slice(10));
    await expect(first).resolves.toEqual({ targetInfos: [] });
    await expect(second).rejects.toThrow('Runtime.evaluate: No such context');
    answer({});
  });

  it('hands events to every listener until it is removed', async () => {
    const { toBrowser, fromBrowser, answer } = pipes();
    const cdp = cdpOverPipe(toBrowser, fromBrowser);
    const events: CdpEvent[] = [];
    const stop = cdp.on((event) => events.push(event));
    answer({ method: 'Inspector.targetCrashed', params: {}, sessionId: 's1' });
    await new Promise((resolve) => setImmediate(resolve));
    stop();
    answer({ method: 'Page.loadEventFired', params: { timestamp: 1 } });
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual([{ method: 'Inspector.targetCrashed', params: {}, sessionId: 's1' }]);
  });

  it('fails what is waiting, and what comes after, once Chromium has gone', async () => {
    const { toBrowser, fromBrowser } = pipes();
    const cdp = cdpOverPipe(toBrowser, fromBrowser);
    const waiting = cdp.send('Page.navigate', { url: 'https://apply.example.edu/about' });
    fromBrowser.destroy();
    await expect(waiting).rejects.toThrow('Chromium closed its DevTools pipe.');
    await expect(cdp.send('Target.getTargets')).rejects.toThrow('Chromium closed its DevTools pipe.');
  });
});
