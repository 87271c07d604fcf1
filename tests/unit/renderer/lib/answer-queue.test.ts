import { describe, expect, it } from 'vitest';
import { MAX_BASE_KEYS, answerFingerprint, type AnswerBase } from '../../../../common/answer-base';
import type { Answers, ProfileResponse } from '../../../../common/api';
import { ServerError, UnauthorizedError, UnexpectedResponseError } from '../../../../renderer/src/lib/api-errors';
import { createAnswerQueue, type SendSave } from '../../../../renderer/src/lib/answer-queue';
import { PENDING_ANSWERS_KEY, storagePendingAnswers } from '../../../../renderer/src/lib/pending-answers';

/** A Storage over a Map, as localStorage is: strings in, strings out, shared by every queue on it. */
function memoryStorage({ full = false } = {}) {
  const items = new Map<string, string>();
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (full) throw new DOMException('quota', 'QuotaExceededError');
      items.set(key, value);
    },
    removeItem: (key: string) => void items.delete(key),
  } as unknown as Storage;
  return { items, storage: storagePendingAnswers(() => storage) };
}

/** A server holding answers: applies a save when each based key still holds its base, as the backend does. */
function server() {
  const stored: Answers = {};
  const sent: Array<{ patch: Answers; base: AnswerBase }> = [];
  let failWith: Error | null = null;
  const send: SendSave = async (patch, base) => {
    sent.push({ patch, base });
    if (failWith) throw failWith;
    const newer: Answers = {};
    for (const [key, value] of Object.entries(patch)) {
      if (key in base && answerFingerprint(stored[key]) !== base[key]) newer[key] = stored[key] ?? null;
      else if (value === null) delete stored[key];
      else stored[key] = value;
    }
    return { newer };
  };
  return {
    stored,
    sent,
    send,
    down: () => void (failWith = new UnexpectedResponseError(0)),
    refuse: (error: Error) => void (failWith = error),
    up: () => void (failWith = null),
  };
}

const profile = (answer: Answers): ProfileResponse => ({
  answer,
  document_answer: {},
  username: 'ada@example.edu',
  last_page: '/about',
  successful_login: [],
  web_status: [],
});

describe('the answer queue', () => {
  it('keeps a save in storage before sending it, and removes it once the server acknowledges it', async () => {
    const { items, storage } = memoryStorage();
    const api = server();
    const queue = createAnswerQueue({ storage, send: api.send });
    queue.enqueue('Ada@Example.edu', { middle_name: 'King' }, {});
    expect(JSON.parse(items.get(PENDING_ANSWERS_KEY)!)).toMatchObject({ account: 'ada@example.edu', saves: [{ patch: { middle_name: 'King' } }] });

    expect(await queue.flush('ada@example.edu')).toEqual({ state: 'saved' });
    expect(api.stored).toEqual({ middle_name: 'King' });
    expect(items.has(PENDING_ANSWERS_KEY)).toBe(false);
  });

  it('keeps the saves while the network is down and sends them oldest first when it is back', async () => {
    const { storage } = memoryStorage();
    const api = server();
    const queue = createAnswerQueue({ storage, send: api.send });
    api.down();
    queue.enqueue('ada@example.edu', { middle_name: 'K' }, {});
    expect(await queue.flush('ada@example.edu')).toMatchObject({ state: 'waiting' });
    queue.enqueue('ada@example.edu', { middle_name: 'King', first_name: 'Ada' }, { middle_name: 'K' });
    expect(queue.pending('ada@example.edu')).toHaveLength(2);

    api.up();
    api.sent.length = 0;
    const delivered: Answers[] = [];
    expect(await queue.flush('ada@example.edu', (save) => delivered.push(save.patch))).toEqual({ state: 'saved' });
    expect(delivered).toEqual([{ middle_name: 'K' }, { middle_name: 'King', first_name: 'Ada' }]);
    expect(api.stored).toEqual({ middle_name: 'King', first_name: 'Ada' });
    expect(queue.pending('ada@example.edu')).toEqual([]);
  });

  it('survives a reload: a new page on the same storage sends what the old one queued', async () => {
    const { storage } = memoryStorage();
    const api = server();
    api.down();
    const before = createAnswerQueue({ storage, send: api.send });
    before.enqueue('ada@example.edu', { middle_name: 'King' }, {});
    await before.flush('ada@example.edu');
    before.keepOffline('ada@example.edu', { profile: profile({ first_name: 'Ada' }) });

    api.up();
    const after = createAnswerQueue({ storage, send: api.send });
    expect(after.kept('ada@example.edu')?.profile.answer).toEqual({ first_name: 'Ada' });
    expect(await after.flush('ada@example.edu')).toEqual({ state: 'saved' });
    expect(api.stored).toEqual({ middle_name: 'King' });
  });

  it('does not overwrite an answer another tab saved after the queued change was made, and reports it', async () => {
    const { storage } = memoryStorage();
    const api = server();
    api.down();
    const queue = createAnswerQueue({ storage, send: api.send });
    queue.enqueue('ada@example.edu', { middle_name: 'Queued', last_name: 'Lovelace' }, {});
    await queue.flush('ada@example.edu');
    api.stored.middle_name = 'Newer';

    api.up();
    const newer: Answers[] = [];
    await queue.flush('ada@example.edu', (_save, kept) => newer.push(kept));
    expect(newer).toEqual([{ middle_name: 'Newer' }]);
    expect(api.stored).toEqual({ middle_name: 'Newer', last_name: 'Lovelace' });
  });

  it('drops a save the server refuses for good, with its error, and still sends the later ones', async () => {
    const { storage } = memoryStorage();
    const api = server();
    const queue = createAnswerQueue({ storage, send: api.send });
    api.refuse(new ServerError('Some answers could not be saved. Nothing was changed.', 400));
    queue.enqueue('ada@example.edu', { first_name: 'x'.repeat(99) }, {});
    await expect(queue.flush('ada@example.edu')).rejects.toThrow('could not be saved');
    expect(queue.pending('ada@example.edu')).toEqual([]);

    api.up();
    queue.enqueue('ada@example.edu', { first_name: 'Ada' }, {});
    expect(await queue.flush('ada@example.edu')).toEqual({ state: 'saved' });
    expect(api.stored).toEqual({ first_name: 'Ada' });
  });

  it.each([
    ['a 503 while the database is away', new ServerError('The service is unavailable.', 503)],
    ['an expired session (401)', new ServerError('Your session is invalid.', 401)],
  ])('keeps a save after %s', async (_label, error) => {
    const { storage } = memoryStorage();
    const api = server();
    const queue = createAnswerQueue({ storage, send: api.send });
    api.refuse(error);
    queue.enqueue('ada@example.edu', { first_name: 'Ada' }, {});
    expect(await queue.flush('ada@example.edu')).toEqual({ state: 'waiting', error });
    expect(queue.pending('ada@example.edu')).toHaveLength(1);
  });

  it("replaces another account's kept saves, which are never sent or shown for this one", async () => {
    const { storage } = memoryStorage();
    const api = server();
    api.down();
    const queue = createAnswerQueue({ storage, send: api.send });
    queue.enqueue('grace@example.edu', { middle_name: 'Brewster' }, {});
    await queue.flush('grace@example.edu');
    queue.keepOffline('grace@example.edu', { profile: profile({}) });
    expect(queue.pending('ada@example.edu')).toEqual([]);
    expect(queue.kept('ada@example.edu')).toBeNull();

    api.up();
    queue.enqueue('ada@example.edu', { middle_name: 'King' }, {});
    api.sent.length = 0;
    await queue.flush('ada@example.edu');
    expect(api.sent.map((save) => save.patch)).toEqual([{ middle_name: 'King' }]);
    expect(queue.kept()).toBeNull();
  });

  it('sends each save once when flushes overlap', async () => {
    const { storage } = memoryStorage();
    const api = server();
    const queue = createAnswerQueue({ storage, send: api.send });
    queue.enqueue('ada@example.edu', { first_name: 'Ada' }, {});
    await Promise.all([queue.flush('ada@example.edu'), queue.flush('ada@example.edu'), queue.flush('ada@example.edu')]);
    expect(api.sent).toHaveLength(1);
  });

  it('splits a large save so that each base stays short, every key based on the known answers', async () => {
    const { storage } = memoryStorage();
    const api = server();
    const queue = createAnswerQueue({ storage, send: api.send });
    const patch = Object.fromEntries(Array.from({ length: MAX_BASE_KEYS + 5 }, (_, index) => [`key_${index}`, `value ${index}`]));
    queue.enqueue('ada@example.edu', patch, { key_0: 'old' });
    await queue.flush('ada@example.edu');
    expect(api.sent.map((save) => Object.keys(save.base).length)).toEqual([MAX_BASE_KEYS, 5]);
    expect(api.sent[0]!.base.key_0).toBe(answerFingerprint('old'));
  });

  it('still sends the saves when storage is full, from the page', async () => {
    const { storage } = memoryStorage({ full: true });
    const api = server();
    const queue = createAnswerQueue({ storage, send: api.send });
    queue.enqueue('ada@example.edu', { first_name: 'Ada' }, {});
    expect(queue.pending('ada@example.edu')).toHaveLength(1);
    await queue.flush('ada@example.edu');
    expect(api.stored).toEqual({ first_name: 'Ada' });
  });

  it('forgets everything on discard', () => {
    const { items, storage } = memoryStorage();
    const queue = createAnswerQueue({ storage, send: server().send });
    queue.enqueue('ada@example.edu', { first_name: 'Ada' }, {});
    queue.discard();
    expect(items.size).toBe(0);
    expect(queue.pending('ada@example.edu')).toEqual([]);
  });
});

describe('the answer queue shared by two tabs', () => {
  it("sends both tabs' offline saves of one key in order, so the later one is what the server keeps", async () => {
    const { storage } = memoryStorage();
    const api = server();
    api.down();
    const firstTab = createAnswerQueue({ storage, send: api.send });
    const secondTab = createAnswerQueue({ storage, send: api.send });
    // Neither tab knows of the other's save: both made their change on an empty middle name.
    firstTab.enqueue('ada@example.edu', { middle_name: 'Older' }, {});
    secondTab.enqueue('ada@example.edu', { middle_name: 'Newer' }, {});

    api.up();
    await secondTab.flush('ada@example.edu');
    expect(api.stored).toEqual({ middle_name: 'Newer' });
    expect(firstTab.pending('ada@example.edu')).toEqual([]);
  });
});

describe('a login', () => {
  it("discards the saves another account's crashed page left, and keeps this account's", () => {
    const { storage } = memoryStorage();
    const queue = createAnswerQueue({ storage, send: server().send });
    queue.enqueue('grace@example.edu', { middle_name: 'Brewster' }, {});
    queue.discardUnless('Grace@Example.edu');
    expect(queue.pending('grace@example.edu')).toHaveLength(1);
    queue.discardUnless('ada@example.edu');
    expect(queue.kept()).toBeNull();
    expect(queue.pending('grace@example.edu')).toEqual([]);
  });
});

describe('what a page loaded without a connection shows', () => {
  it('is kept only once a save could not be delivered: a save that goes through at once writes its patch alone', async () => {
    const { items, storage } = memoryStorage();
    const api = server();
    const written: string[] = [];
    const watching: typeof storage = { ...storage, write: (copy) => (written.push(JSON.stringify(copy)), storage.write(copy)) };
    const queue = createAnswerQueue({ storage: watching, send: api.send });
    queue.enqueue('ada@example.edu', { first_name: 'Ada' }, {});
    await queue.flush('ada@example.edu');
    queue.keepOffline('ada@example.edu', { profile: profile({ first_name: 'Ada' }), lastSavedAt: 500 });
    expect(written).toHaveLength(1);
    expect(JSON.parse(written[0]!)).toEqual({ account: 'ada@example.edu', saves: [expect.objectContaining({ patch: { first_name: 'Ada' } })] });
    expect(items.size).toBe(0);
  });

  it('keeps the profile and the last save with the waiting saves, for the account only, until the queue is empty', async () => {
    const { items, storage } = memoryStorage();
    const api = server();
    const queue = createAnswerQueue({ storage, send: api.send });
    api.down();
    queue.enqueue('ada@example.edu', { first_name: 'Ada' }, {});
    queue.enqueue('ada@example.edu', { last_name: 'King' }, {});
    await queue.flush('ada@example.edu');
    queue.keepOffline('ada@example.edu', { profile: profile({ middle_name: 'Byron' }), lastSavedAt: 500 });
    const reloaded = createAnswerQueue({ storage, send: api.send });
    expect(reloaded.kept()).toMatchObject({ lastSavedAt: 500, profile: { answer: { middle_name: 'Byron' } } });
    expect(reloaded.kept('grace@example.edu')).toBeNull();

    api.up();
    await reloaded.flush('ada@example.edu');
    expect(reloaded.kept('ada@example.edu')).toBeNull();
    expect(items.size).toBe(0);
  });
});

describe('a session that ends while a flush waits its turn', () => {
  it('reports the flush as waiting on the ended session, never saved: its saves went with the session', async () => {
    const { storage } = memoryStorage();
    // The first flush meets the session's end (a 401), which discards the queue before the second runs.
    const queue = createAnswerQueue({
      storage,
      send: async () => {
        queue.discard();
        throw new UnauthorizedError();
      },
    });
    queue.enqueue('ada@example.edu', { first_name: 'Ada' }, {});
    const first = queue.flush('ada@example.edu');
    const second = queue.flush('ada@example.edu');
    expect(await first).toMatchObject({ state: 'waiting' });
    expect(await second).toMatchObject({ state: 'waiting', error: expect.any(UnauthorizedError) });
    expect(await queue.flush('ada@example.edu')).toEqual({ state: 'saved' });
  });
});
