import { describe, expect, it } from 'vitest';
import { MAX_BASE_KEYS, answerFingerprint, type AnswerBase } from '../../../../common/answer-base';
import type { Answers, ProfileResponse } from '../../../../common/api';
import { ServerError, UnexpectedResponseError } from '../../../../renderer/src/lib/api-errors';
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
    queue.enqueue('Ada@Example.edu', { middle_name: 'King' }, {}, profile({}));
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
    queue.enqueue('ada@example.edu', { middle_name: 'K' }, {}, null);
    expect(await queue.flush('ada@example.edu')).toMatchObject({ state: 'waiting' });
    queue.enqueue('ada@example.edu', { middle_name: 'King', first_name: 'Ada' }, { middle_name: 'K' }, null);
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
    before.enqueue('ada@example.edu', { middle_name: 'King' }, {}, profile({ first_name: 'Ada' }));
    await before.flush('ada@example.edu');

    api.up();
    const after = createAnswerQueue({ storage, send: api.send });
    expect(after.keptProfile('ada@example.edu')?.answer).toEqual({ first_name: 'Ada' });
    expect(await after.flush('ada@example.edu')).toEqual({ state: 'saved' });
    expect(api.stored).toEqual({ middle_name: 'King' });
  });

  it('does not overwrite an answer another tab saved after the queued change was made, and reports it', async () => {
    const { storage } = memoryStorage();
    const api = server();
    api.down();
    const queue = createAnswerQueue({ storage, send: api.send });
    queue.enqueue('ada@example.edu', { middle_name: 'Queued', last_name: 'Lovelace' }, {}, profile({}));
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
    queue.enqueue('ada@example.edu', { first_name: 'x'.repeat(99) }, {}, null);
    await expect(queue.flush('ada@example.edu')).rejects.toThrow('could not be saved');
    expect(queue.pending('ada@example.edu')).toEqual([]);

    api.up();
    queue.enqueue('ada@example.edu', { first_name: 'Ada' }, {}, null);
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
    queue.enqueue('ada@example.edu', { first_name: 'Ada' }, {}, null);
    expect(await queue.flush('ada@example.edu')).toEqual({ state: 'waiting', error });
    expect(queue.pending('ada@example.edu')).toHaveLength(1);
  });

  it("replaces another account's kept saves, which are never sent or shown for this one", async () => {
    const { storage } = memoryStorage();
    const api = server();
    api.down();
    const queue = createAnswerQueue({ storage, send: api.send });
    queue.enqueue('grace@example.edu', { middle_name: 'Brewster' }, {}, profile({}));
    await queue.flush('grace@example.edu');
    expect(queue.pending('ada@example.edu')).toEqual([]);
    expect(queue.keptProfile('ada@example.edu')).toBeNull();

    api.up();
    queue.enqueue('ada@example.edu', { middle_name: 'King' }, {}, null);
    api.sent.length = 0;
    await queue.flush('ada@example.edu');
    expect(api.sent.map((save) => save.patch)).toEqual([{ middle_name: 'King' }]);
    expect(queue.keptAccount()).toBeNull();
  });

  it('sends each save once when flushes overlap', async () => {
    const { storage } = memoryStorage();
    const api = server();
    const queue = createAnswerQueue({ storage, send: api.send });
    queue.enqueue('ada@example.edu', { first_name: 'Ada' }, {}, null);
    await Promise.all([queue.flush('ada@example.edu'), queue.flush('ada@example.edu'), queue.flush('ada@example.edu')]);
    expect(api.sent).toHaveLength(1);
  });

  it('splits a large save so that each base stays short, every key based on the known answers', async () => {
    const { storage } = memoryStorage();
    const api = server();
    const queue = createAnswerQueue({ storage, send: api.send });
    const patch = Object.fromEntries(Array.from({ length: MAX_BASE_KEYS + 5 }, (_, index) => [`key_${index}`, `value ${index}`]));
    queue.enqueue('ada@example.edu', patch, { key_0: 'old' }, null);
    await queue.flush('ada@example.edu');
    expect(api.sent.map((save) => Object.keys(save.base).length)).toEqual([MAX_BASE_KEYS, 5]);
    expect(api.sent[0]!.base.key_0).toBe(answerFingerprint('old'));
  });

  it('still sends the saves when storage is full, from the page', async () => {
    const { storage } = memoryStorage({ full: true });
    const api = server();
    const queue = createAnswerQueue({ storage, send: api.send });
    queue.enqueue('ada@example.edu', { first_name: 'Ada' }, {}, null);
    expect(queue.pending('ada@example.edu')).toHaveLength(1);
    await queue.flush('ada@example.edu');
    expect(api.stored).toEqual({ first_name: 'Ada' });
  });

  it('forgets everything on discard', () => {
    const { items, storage } = memoryStorage();
    const queue = createAnswerQueue({ storage, send: server().send });
    queue.enqueue('ada@example.edu', { first_name: 'Ada' }, {}, profile({}));
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
    firstTab.enqueue('ada@example.edu', { middle_name: 'Older' }, {}, null);
    secondTab.enqueue('ada@example.edu', { middle_name: 'Newer' }, {}, null);

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
    queue.enqueue('grace@example.edu', { middle_name: 'Brewster' }, {}, profile({}));
    queue.discardUnless('Grace@Example.edu');
    expect(queue.pending('grace@example.edu')).toHaveLength(1);
    queue.discardUnless('ada@example.edu');
    expect(queue.keptAccount()).toBeNull();
    expect(queue.keptProfile('grace@example.edu')).toBeNull();
  });
});

describe('the last save a reloaded page can name', () => {
  it('is kept with the waiting saves: the time given at queueing, then each acknowledgement', async () => {
    const { storage } = memoryStorage();
    const api = server();
    let clock = 1_000;
    const queue = createAnswerQueue({ storage, send: api.send, now: () => clock });
    api.down();
    queue.enqueue('ada@example.edu', { first_name: 'Ada' }, {}, null, 500);
    queue.enqueue('ada@example.edu', { last_name: 'King' }, {}, null);
    expect(queue.keptLastSavedAt('ada@example.edu')).toBe(500);

    api.up();
    clock = 2_000;
    api.refuse(new UnexpectedResponseError(0));
    await queue.flush('ada@example.edu');
    api.up();
    let sends = 0;
    const oneAtATime: SendSave = async (patch, base) => {
      sends += 1;
      if (sends > 1) throw new UnexpectedResponseError(0);
      return api.send(patch, base);
    };
    const later = createAnswerQueue({ storage, send: oneAtATime, now: () => clock });
    await later.flush('ada@example.edu');
    expect(later.keptLastSavedAt('ada@example.edu')).toBe(2_000);
    expect(later.keptLastSavedAt('grace@example.edu')).toBeNull();
  });
});
