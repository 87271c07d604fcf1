import type { Answers } from '../api';
import { isSensitiveKey } from './model';

/** How many characters of a sensitive answer staff see (the SSN's last four digits). */
export const SHOWN_CHARACTERS = 4;
const HIDDEN = '•';

/**
 * A sensitive answer as staff, exports, the service view and the PDF show it: its last four
 * characters, every other letter or digit a bullet, separators kept ("123-45-6789" → "•••-••-6789").
 */
export function maskedAnswer(value: string): string {
  const shownFrom = value.length - SHOWN_CHARACTERS;
  return [...value].map((character, index) => (index >= shownFrom || !/[\p{L}\p{N}]/u.test(character) ? character : HIDDEN)).join('');
}

/** The answers with every sensitive one masked (maskedAnswer); the others as they are. */
export function maskSensitiveAnswers<T extends Answers | Record<string, unknown>>(answers: T): T {
  const masked: Record<string, unknown> = { ...answers };
  for (const [key, value] of Object.entries(answers)) {
    if (typeof value === 'string' && isSensitiveKey(key)) masked[key] = maskedAnswer(value);
  }
  return masked as T;
}
