import type { Store } from '../../../backend/open-store';

/**
 * Resolves once no mail waits in the store's outbox (every one sent or given up): what a test reads
 * from the mail server or the file outbox after a request is then complete.
 */
export async function outboxDelivered(store: Store, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const unsent = await store.mailOutbox.countUnsent();
    if (unsent === 0) return;
    if (Date.now() > deadline) throw new Error(`${unsent} mail(s) still unsent in the outbox after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
