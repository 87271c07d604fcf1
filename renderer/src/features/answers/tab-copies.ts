import type { Answers } from '../../../../common/api';
import { isAnswered } from '../../../../common/form/conditions';
import { accountOf } from '../../lib/pending-answers';
import { removeFromTab, tabStorage } from '../../lib/tab-storage';

/**
 * The answer store's part kept in this tab's sessionStorage (answer-store.ts says where each part
 * of the store is kept; only its writes call these). Two entries, both answers no server holds for
 * an account yet, and both die with the tab, so a shared computer's next tab or person never
 * receives them (the kiosk also clears them at every ending):
 * - a visitor's typed answers, so a reload before the account exists loses nothing (issue 33 item
 *   7); dropped once the new account's save is confirmed, and at every session's end;
 * - what an ended session (a 401, inactivity) had not delivered, under the applicant's username,
 *   handed back only when the same applicant logs in again in this tab; dropped when saved, on
 *   Log Out, when another applicant logs in, and after a day.
 */
export const VISITOR_ANSWERS_KEY = 'gradapp.visitor-answers';
export const UNSAVED_ANSWERS_KEY = 'gradapp.unsaved-answers';
const ENDED_SESSION_MAX_AGE_MS = 86_400_000;

interface EndedSessionCopy {
  username: string;
  answers: Answers;
  stashedAt: number;
}

function read(key: string): unknown {
  try {
    const raw = tabStorage()?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    tabStorage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or off: the answers stay in the page only, as before.
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keeps what the visitor has answered; no answer left removes the copy. */
export function keepVisitorCopy(answers: Answers): void {
  const answered = Object.fromEntries(Object.entries(answers).filter(([, value]) => isAnswered(value)));
  if (Object.keys(answered).length === 0) return forgetVisitorCopy();
  write(VISITOR_ANSWERS_KEY, answered);
}

/** The visitor's answers kept in this tab, only text and true/false values; null when none or unreadable. */
export function visitorCopy(): Answers | null {
  const parsed = read(VISITOR_ANSWERS_KEY);
  if (!isRecord(parsed)) return null;
  const kept = Object.entries(parsed).filter(([, value]) => typeof value === 'string' || typeof value === 'boolean');
  return kept.length > 0 ? (Object.fromEntries(kept) as Answers) : null;
}

export function forgetVisitorCopy(): void {
  removeFromTab(VISITOR_ANSWERS_KEY);
}

function endedSessionCopy(): EndedSessionCopy | null {
  const copy = read(UNSAVED_ANSWERS_KEY);
  const valid =
    isRecord(copy) &&
    typeof copy.username === 'string' &&
    typeof copy.stashedAt === 'number' &&
    isRecord(copy.answers) &&
    Date.now() - copy.stashedAt < ENDED_SESSION_MAX_AGE_MS;
  return valid ? (copy as unknown as EndedSessionCopy) : null;
}

// Usernames are e-mail addresses, compared without regard to case (README, accounts).
const sameUser = (a: string, b: string) => accountOf(a) === accountOf(b);

/** Keeps an ended session's undelivered answers for this applicant, added to what is already kept for them; another's are replaced. */
export function keepEndedSessionCopy(username: string | null, answers: Answers): void {
  if (!username || Object.keys(answers).length === 0) return;
  const earlier = endedSessionCopy();
  const kept = earlier && sameUser(earlier.username, username) ? earlier.answers : {};
  write(UNSAVED_ANSWERS_KEY, { username, answers: { ...kept, ...answers }, stashedAt: Date.now() } satisfies EndedSessionCopy);
}

/**
 * The answers an ended session kept for this applicant, or null. Kept answers of anyone else are
 * discarded here: whoever logs in next in this tab must never receive them.
 */
export function endedSessionCopyFor(username: string): Answers | null {
  const copy = endedSessionCopy();
  if (copy && sameUser(copy.username, username)) return copy.answers;
  forgetEndedSessionCopy();
  return null;
}

export function forgetEndedSessionCopy(): void {
  removeFromTab(UNSAVED_ANSWERS_KEY);
}
