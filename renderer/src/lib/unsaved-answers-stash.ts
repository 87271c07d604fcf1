import type { Answers } from '../../../common/api';
import { accountOf } from './pending-answers';
import { removeFromTab, tabStorage } from './tab-storage';

/**
 * Answers a save could not deliver because the session had ended (a 401), kept in this tab's
 * sessionStorage under the applicant's username and handed back only when the same applicant logs
 * in again. sessionStorage dies with the tab; the entry is also dropped when it is saved, when the
 * applicant chooses Log Out, when another applicant logs in, and after a day.
 */
export const UNSAVED_ANSWERS_KEY = 'gradapp.unsaved-answers';
const MAX_AGE_MS = 86_400_000;

interface Stash {
  username: string;
  answers: Answers;
  stashedAt: number;
}

// Usernames are e-mail addresses, compared without regard to case (README, accounts).
const sameUser = (a: string, b: string) => accountOf(a) === accountOf(b);

function read(): Stash | null {
  try {
    const raw = tabStorage()?.getItem(UNSAVED_ANSWERS_KEY);
    if (!raw) return null;
    const stash = JSON.parse(raw) as Partial<Stash>;
    const valid =
      typeof stash.username === 'string' &&
      typeof stash.stashedAt === 'number' &&
      stash.answers !== null &&
      typeof stash.answers === 'object' &&
      Date.now() - stash.stashedAt < MAX_AGE_MS;
    return valid ? (stash as Stash) : null;
  } catch {
    return null;
  }
}

/** Keeps answers for this applicant, added to what is already kept for them; another's are replaced. */
export function stashUnsavedAnswers(username: string | null, answers: Answers): void {
  if (!username || Object.keys(answers).length === 0) return;
  const earlier = read();
  const kept = earlier && sameUser(earlier.username, username) ? earlier.answers : {};
  try {
    tabStorage()?.setItem(UNSAVED_ANSWERS_KEY, JSON.stringify({ username, answers: { ...kept, ...answers }, stashedAt: Date.now() }));
  } catch {
    // Storage full or off: nothing more can be done for these answers.
  }
}

/**
 * The answers kept for this applicant, or null. Kept answers of anyone else are discarded here:
 * whoever logs in next in this tab must never receive them.
 */
export function stashedAnswersFor(username: string): Answers | null {
  const stash = read();
  if (stash && sameUser(stash.username, username)) return stash.answers;
  discardStashedAnswers();
  return null;
}

export function discardStashedAnswers(): void {
  removeFromTab(UNSAVED_ANSWERS_KEY);
}
