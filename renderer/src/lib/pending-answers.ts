import type { AnswerBase } from '../../../common/answer-base';
import type { Answers, ProfileResponse } from '../../../common/api';
import { answersAsText } from './answers-as-text';

/**
 * The browser's copy of the saves the server has not acknowledged yet (issue 17, item 8), in
 * localStorage so that it outlives a reload, a closed tab and a crashed one, and is shared by the
 * tabs of one applicant. It belongs to one account; it exists only while a save waits, and every
 * session end removes it (lib/answer-queue, features/auth/hooks/use-end-session). It holds the
 * pending patches; the profile a page loaded offline shows is added only once a save could not be
 * delivered, so a save that goes through at once writes its patch and removes it, nothing more
 * (issue 36, item 1).
 */
export const PENDING_ANSWERS_KEY = 'gradapp.pending-answers';

/** One save waiting for the server: its patch and the answers its changes were made on. */
export interface PendingSave {
  id: string;
  /** Epoch ms at which the applicant's save was queued, for the oldest-first order. */
  queuedAt: number;
  patch: Answers;
  base: AnswerBase;
}

/** What a page loaded without a connection needs to show the form: kept only while a save waits for one. */
export interface OfflineCopy {
  /** The profile with the answers the server last acknowledged. */
  profile: ProfileResponse;
  /** Epoch ms of the account's last save the server acknowledged in this browser, if known. */
  lastSavedAt?: number;
}

export interface PendingAnswers {
  /** The account's username, lower case. */
  account: string;
  saves: PendingSave[];
  /** Written only once a save could not reach the server (lib/answer-queue, `keepOffline`). */
  offline?: OfflineCopy;
}

/** Where the copy lives; localStorage in the app, a Map in unit tests. */
export interface PendingAnswersStorage {
  read(): PendingAnswers | null;
  write(copy: PendingAnswers): void;
  remove(): void;
}

export const accountOf = (username: string) => username.trim().toLowerCase();

function isPendingAnswers(value: unknown): value is PendingAnswers {
  const copy = value as Partial<PendingAnswers> | null;
  return (
    typeof copy === 'object' &&
    copy !== null &&
    typeof copy.account === 'string' &&
    (copy.offline === undefined || typeof copy.offline?.profile === 'object') &&
    Array.isArray(copy.saves) &&
    copy.saves.every(
      (save) =>
        typeof save?.id === 'string' &&
        typeof save.queuedAt === 'number' &&
        typeof save.patch === 'object' &&
        save.patch !== null &&
        typeof save.base === 'object' &&
        save.base !== null,
    )
  );
}

/** The copy in a Storage (localStorage by default); unreadable or malformed copies count as none. */
export function storagePendingAnswers(storage: () => Storage | null = defaultStorage): PendingAnswersStorage {
  return {
    read() {
      try {
        const raw = storage()?.getItem(PENDING_ANSWERS_KEY);
        const parsed: unknown = raw ? JSON.parse(raw) : null;
        if (!isPendingAnswers(parsed)) return null;
        // A save kept by an older page may hold what the server now refuses: it is sent as text.
        return { ...parsed, saves: parsed.saves.map((save) => ({ ...save, patch: answersAsText(save.patch) })) };
      } catch {
        return null;
      }
    },
    write(copy) {
      // A full or disabled storage throws: the save then lives only in this page, as before.
      storage()?.setItem(PENDING_ANSWERS_KEY, JSON.stringify(copy));
    },
    remove() {
      try {
        storage()?.removeItem(PENDING_ANSWERS_KEY);
      } catch {
        // Nothing to remove from storage that is off.
      }
    },
  };
}

function defaultStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
