import { expect } from 'vitest';
import { apiPaths } from '../../../common/api';
import type { ApiClient } from '../../../scripts/support/http-client';

/**
 * One applicant saving one answer again and again, as the renderer does while they type, each
 * save a new value; it records what the server acknowledged (200) and what it answered otherwise
 * while a test ends connections, restarts the database or stops the server underneath.
 */
export interface SaveStreamRecord {
  field: string;
  /** The last value the server acknowledged (200), or null. */
  acknowledged: string | null;
  /** Values sent after it whose save was not acknowledged: any of them may or may not be stored. */
  sentAfterAcknowledged: string[];
  acknowledgedCount: number;
  /** Statuses of the answers that were not 200, with their Retry-After and message; 0 when the connection failed. */
  refusals: { status: number; retryAfter: string | null; message: string | null }[];
}

export interface SaveStream {
  /** Ends the stream after the save in flight; resolves with what happened. */
  stop(): Promise<SaveStreamRecord>;
  /** Resolves once the stream has had `count` answers more that were not 200. */
  refusedAtLeast(count: number, timeoutMs: number): Promise<void>;
  /** Resolves once a save was acknowledged after this call. */
  acknowledgedAgain(timeoutMs: number): Promise<void>;
}

export function startSaveStream(baseUrl: string, client: ApiClient, field: string, pauseMs = 20): SaveStream {
  const record: SaveStreamRecord = { field, acknowledged: null, sentAfterAcknowledged: [], acknowledgedCount: 0, refusals: [] };
  let running = true;
  const finished = (async () => {
    for (let round = 1; running; round += 1) {
      const value = `${field} ${round}`;
      try {
        const response = await fetch(`${baseUrl}${apiPaths.answer}`, {
          method: 'PUT',
          headers: { origin: baseUrl, 'content-type': 'application/json', cookie: client.cookieHeader() },
          body: JSON.stringify({ [field]: value }),
          signal: AbortSignal.timeout(15_000),
        });
        const text = await response.text();
        if (response.status === 200) {
          record.acknowledged = value;
          record.sentAfterAcknowledged = [];
          record.acknowledgedCount += 1;
        } else {
          record.sentAfterAcknowledged.push(value);
          let message: string | null = null;
          try {
            message = (JSON.parse(text) as { message?: string }).message ?? null;
          } catch {
            // not JSON: recorded without a message
          }
          record.refusals.push({ status: response.status, retryAfter: response.headers.get('retry-after'), message });
        }
      } catch {
        record.sentAfterAcknowledged.push(value);
        record.refusals.push({ status: 0, retryAfter: null, message: null });
      }
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  })();

  const until = async (done: () => boolean, timeoutMs: number, what: string) => {
    for (const deadline = Date.now() + timeoutMs; !done(); await new Promise((resolve) => setTimeout(resolve, 20))) {
      if (Date.now() > deadline) {
        const statuses = [...new Set(record.refusals.map((refusal) => refusal.status))];
        throw new Error(`the save stream of ${field}: ${what} did not happen within ${timeoutMs} ms (${record.acknowledgedCount} acknowledged, ${record.refusals.length} refused with ${statuses.join(', ')})`);
      }
    }
  };
  return {
    async stop() {
      running = false;
      await finished;
      return record;
    },
    refusedAtLeast(count, timeoutMs) {
      const from = record.refusals.length;
      return until(() => record.refusals.length >= from + count, timeoutMs, `${count} refusal(s)`);
    },
    acknowledgedAgain(timeoutMs) {
      const from = record.acknowledgedCount;
      return until(() => record.acknowledgedCount > from, timeoutMs, 'an acknowledged save');
    },
  };
}

/** Nothing acknowledged is lost: the stored value is the last acknowledged one, or one sent after it. */
export function expectAcknowledgedSaveKept(record: SaveStreamRecord, stored: unknown): void {
  expect(record.acknowledged, `no save of ${record.field} was acknowledged`).not.toBeNull();
  expect([record.acknowledged, ...record.sentAfterAcknowledged], `${record.field} lost its acknowledged save`).toContain(stored);
}
