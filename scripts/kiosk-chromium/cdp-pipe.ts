import type { Readable, Writable } from 'node:stream';

/** An event of the Chrome DevTools Protocol; `sessionId` names the target it came from, if any. */
export interface CdpEvent {
  method: string;
  params: Record<string, unknown>;
  sessionId?: string;
}

export interface CdpConnection {
  send<T = Record<string, unknown>>(method: string, params?: Record<string, unknown>, sessionId?: string): Promise<T>;
  /** Calls the listener for every event until the returned function is called. */
  on(listener: (event: CdpEvent) => void): () => void;
}

/**
 * The DevTools protocol over the pipe Chromium opens with --remote-debugging-pipe: JSON messages
 * ending in a NUL byte, commands written to its fd 3, answers and events read from its fd 4. A
 * pipe, not a port: no other program on the terminal can reach the browser through it.
 */
export function cdpOverPipe(toBrowser: Writable, fromBrowser: Readable): CdpConnection {
  let nextId = 1;
  const pending = new Map<number, { resolve: (value: never) => void; reject: (error: Error) => void; method: string }>();
  const listeners = new Set<(event: CdpEvent) => void>();
  let buffered = '';
  let closed: Error | undefined;

  fromBrowser.setEncoding('utf8');
  fromBrowser.on('data', (chunk: string) => {
    buffered += chunk;
    for (let end = buffered.indexOf('\0'); end >= 0; end = buffered.indexOf('\0')) {
      const message = JSON.parse(buffered.slice(0, end)) as { id?: number; result?: never; error?: { message: string } } & Partial<CdpEvent>;
      buffered = buffered.slice(end + 1);
      if (message.id !== undefined) {
        const call = pending.get(message.id);
        pending.delete(message.id);
        if (message.error) call?.reject(new Error(`${call.method}: ${message.error.message}`));
        else call?.resolve(message.result ?? ({} as never));
      } else if (message.method) {
        for (const listener of listeners) listener({ method: message.method, params: message.params ?? {}, ...(message.sessionId ? { sessionId: message.sessionId } : {}) });
      }
    }
  });
  fromBrowser.on('close', () => {
    closed = new Error('Chromium closed its DevTools pipe.');
    for (const call of pending.values()) call.reject(closed);
    pending.clear();
  });
  // A write after Chromium exited fails here and is answered by the rejection above.
  toBrowser.on('error', () => undefined);

  return {
    send(method, params = {}, sessionId) {
      if (closed) return Promise.reject(closed);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve: resolve as (value: never) => void, reject, method });
        toBrowser.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
      });
    },
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
