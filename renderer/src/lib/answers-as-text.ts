import type { Answers } from '../../../common/api';
import { isMultiLineKey } from './answer-kinds';
import { asText } from '../../../common/validation/text-characters';

/**
 * The answers with each string as text its field takes (`asText`; multi-line for a textarea's
 * answer), so the page never holds nor sends what the server refuses (docs/decisions.md, "Pasted
 * text becomes text"). Only the values that differ from `previous` are read (a keystroke reads one
 * answer), and the same object comes back when nothing had to change.
 */
export function answersAsText(answers: Answers, previous: Answers = {}): Answers {
  let changed: Answers | null = null;
  for (const [key, value] of Object.entries(answers)) {
    if (typeof value !== 'string' || value === previous[key]) continue;
    const text = asText(value, isMultiLineKey(key));
    if (text !== value) (changed ??= { ...answers })[key] = text;
  }
  return changed ?? answers;
}
