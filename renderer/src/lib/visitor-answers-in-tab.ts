import type { Answers } from '../../../common/api';
import { isAnswered } from '../../../common/form/conditions';
import { removeFromTab, tabStorage } from './tab-storage';

/**
 * A visitor's typed answers, copied to this tab's sessionStorage so a reload before the account
 * exists does not lose them (issue 33 item 7). sessionStorage, never localStorage: the copy dies
 * with the tab, so a shared computer's next tab or person never receives it (the kiosk also clears
 * it at every ending). The copy is dropped once the new account's save is confirmed, and at every
 * session's end.
 */
export const VISITOR_ANSWERS_KEY = 'gradapp.visitor-answers';

/** Keeps what the visitor has answered; no answer left removes the copy. */
export function keepVisitorAnswers(answers: Answers): void {
  const answered = Object.fromEntries(Object.entries(answers).filter(([, value]) => isAnswered(value)));
  if (Object.keys(answered).length === 0) return forgetVisitorAnswers();
  try {
    tabStorage()?.setItem(VISITOR_ANSWERS_KEY, JSON.stringify(answered));
  } catch {
    // Storage full or off: the answers stay in the page only, as before.
  }
}

/** The answers kept in this tab, only text and true/false values; null when none or unreadable. */
export function visitorAnswersInTab(): Answers | null {
  try {
    const raw = tabStorage()?.getItem(VISITOR_ANSWERS_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    const kept = Object.entries(parsed).filter(([, value]) => typeof value === 'string' || typeof value === 'boolean');
    return kept.length > 0 ? (Object.fromEntries(kept) as Answers) : null;
  } catch {
    return null;
  }
}

export function forgetVisitorAnswers(): void {
  removeFromTab(VISITOR_ANSWERS_KEY);
}
