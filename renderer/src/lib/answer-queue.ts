import { MAX_BASE_KEYS, answerBaseOf, type AnswerBase } from '../../../common/answer-base';
import type { Answers } from '../../../common/api';
import { ApiError, UnauthorizedError } from './api-errors';
import { accountOf, type OfflineCopy, type PendingAnswers, type PendingAnswersStorage, type PendingSave } from './pending-answers';

/** Sends one save (PUT /api/answer with its base); resolves with the answers kept as newer. */
export type SendSave = (patch: Answers, base: AnswerBase) => Promise<{ newer?: Answers }>;

export type FlushResult = { state: 'saved' } | { state: 'waiting'; error: unknown };

export interface AnswerQueueDeps {
  storage: PendingAnswersStorage;
  send: SendSave;
  now?: () => number;
  /** Runs `fn` alone among this browser's tabs; the app uses Web Locks. */
  exclusive?: <T>(fn: () => Promise<T>) => Promise<T>;
}

/**
 * No answer, a gateway or the database away (503), a timeout or a rate limit: the save waits and
 * is sent again. A 401 waits too: the session's end decides what becomes of it. Any other refusal
 * (400, 409 once submitted) is final for that save.
 */
export function isWaitingError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const { status } = error;
  return status === 0 || status === 401 || status === 408 || status === 429 || status >= 500;
}

/**
 * The saves of one browser, oldest first (issue 17, item 8). Every save is queued before it is
 * sent, so a save the server has not acknowledged is never only in a page's memory; a flush sends
 * the queue in order, one save at a time, each with the answers its changes were made on, so the
 * server keeps what another tab saved since. Delivered saves leave the queue; a refused one leaves
 * it with its error; a save that got no answer stays for the next flush.
 */
export function createAnswerQueue({ storage, send, now = Date.now, exclusive = (fn) => fn() }: AnswerQueueDeps) {
  // Storage that is full or off: the queue lives in this page only, as saves did before.
  let inMemory: PendingAnswers | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let counter = 0;
  // Counts the discards: a flush asked for before one never reports its saves as delivered.
  let discards = 0;

  const read = () => inMemory ?? storage.read();
  const write = (copy: PendingAnswers | null) => {
    if (copy === null || copy.saves.length === 0) {
      inMemory = null;
      storage.remove();
      return;
    }
    try {
      storage.write(copy);
      inMemory = null;
    } catch {
      storage.remove();
      inMemory = copy;
    }
  };

  const discard = (): void => {
    discards += 1;
    write(null);
  };

  /**
   * Removes a delivered save. An offline copy stays as it was until the flush ends: a flush that
   * still waits keeps the page's new one (`sendQueuedSavesAtom` in features/answers/answer-store.ts),
   * one that empties the queue removes it with the rest.
   */
  const delivered = (id: string) => {
    const copy = read();
    if (copy) write({ ...copy, saves: copy.saves.filter((save) => save.id !== id) });
  };

  async function flushNow(account: string, asked: number, onDelivered: (save: PendingSave, newer: Answers) => void): Promise<FlushResult> {
    for (;;) {
      // The session ended (its queue discarded) after this flush was asked for: what it was to send
      // is what the session's end decided (the tab's stash, or gone), as for the save that met the 401.
      if (discards !== asked) return { state: 'waiting', error: new UnauthorizedError() };
      const copy = read();
      const save = copy && copy.account === account ? copy.saves[0] : undefined;
      if (!save) return { state: 'saved' };
      let newer: Answers;
      try {
        newer = (await send(save.patch, save.base)).newer ?? {};
      } catch (error) {
        if (isWaitingError(error)) return { state: 'waiting', error };
        delivered(save.id);
        throw error;
      }
      delivered(save.id);
      onDelivered(save, newer);
    }
  }

  return {
    /**
     * Queues the changes of `patch`, made on `known` (the answers as the page believes the server
     * holds them), behind the account's earlier saves. A copy of another
     * account is replaced: whoever uses the browser now never sends or sees another's answers.
     */
    enqueue(username: string, patch: Answers, known: Answers): void {
      const keys = Object.keys(patch);
      if (keys.length === 0) return;
      const account = accountOf(username);
      const earlier = read();
      const mine = earlier?.account === account ? earlier : null;
      const saves = [...(mine?.saves ?? [])];
      // Every save queued before this one, from any tab of the browser, reaches the server first:
      // this one is based on what they leave, so the later answer of two offline tabs wins.
      const base = saves.reduce((answers, save) => ({ ...answers, ...save.patch }), known);
      const queuedAt = now();
      // Short headers: a long offline session goes as several saves, each with its part of the base.
      for (let start = 0; start < keys.length; start += MAX_BASE_KEYS) {
        const part = Object.fromEntries(keys.slice(start, start + MAX_BASE_KEYS).map((key) => [key, patch[key] ?? null]));
        counter += 1;
        saves.push({ id: `${queuedAt.toString(36)}-${counter}-${Math.random().toString(36).slice(2, 10)}`, queuedAt, patch: part, base: answerBaseOf(part, base) });
      }
      write({ ...mine, account, saves });
    },

    /**
     * Keeps with the account's waiting saves what a page loaded without a connection shows (the
     * profile with the acknowledged answers, when the last save was): only once a save could not
     * be delivered, so the saves that go through at once never copy the profile.
     */
    keepOffline(username: string, offline: OfflineCopy): void {
      const copy = read();
      if (copy?.account === accountOf(username) && copy.saves.length > 0) write({ ...copy, offline });
    },

    /** The account's saves still waiting, oldest first. */
    pending(username: string): PendingSave[] {
      const copy = read();
      return copy?.account === accountOf(username) ? copy.saves : [];
    },

    /** What a page loaded without a connection shows, kept with the account's waiting saves; the account's or, without one, any. */
    kept(username?: string): OfflineCopy | null {
      const copy = read();
      return (username === undefined || copy?.account === accountOf(username)) && copy?.offline ? copy.offline : null;
    },

    /**
     * Sends the account's saves in order, alone among the tabs; flushes asked for while one runs
     * run after it, so a save queued meanwhile is sent too.
     */
    flush(username: string, onDelivered: (save: PendingSave, newer: Answers) => void = () => undefined): Promise<FlushResult> {
      const account = accountOf(username);
      const asked = discards;
      const result = running.then(
        () => exclusive(() => flushNow(account, asked, onDelivered)),
        () => exclusive(() => flushNow(account, asked, onDelivered)),
      );
      running = result.catch(() => undefined);
      return result;
    },

    /** Forgets the kept saves unless they are this account's (a login). */
    discardUnless(username: string): void {
      const account = read()?.account;
      if (account !== undefined && account !== accountOf(username)) discard();
    },

    /** Forgets every kept save (a logout, the kiosk's wipe, another applicant); flushes asked for before wait on the ended session. */
    discard,
  };
}

export type AnswerQueue = ReturnType<typeof createAnswerQueue>;

/** Web Locks where the browser has them: two tabs never send the same save twice. */
export function browserExclusive<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request('gradapp.pending-answers', fn) as Promise<T>) : fn();
}
