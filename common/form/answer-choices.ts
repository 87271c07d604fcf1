import type { Answers } from '../api';
import { descKeyOf } from './model/define';
import { formPages } from './pages';
import { optionsOf } from './print';
import type { Option, PageDef, QuestionDef } from './types';
import { allQuestions } from './visibility';

/**
 * The choices a select or radio answer may take (issue 17, item 7): a `<key>_desc` companion holds
 * the chosen option's own label, written from the question's options and never from a client, and
 * a value outside a static list is refused at save. A dependent list (its options follow another
 * answer) is resolved against the answers and checked at submit.
 */

const choiceQuestionsOf = new WeakMap<readonly PageDef[], Map<string, QuestionDef>>();

function choiceQuestions(pages: readonly PageDef[]): Map<string, QuestionDef> {
  let index = choiceQuestionsOf.get(pages);
  if (!index) {
    index = new Map();
    for (const page of pages)
      for (const section of page.sections)
        for (const question of allQuestions(section))
          if ((question.widget === 'select' || question.widget === 'radio') && !index.has(question.key)) index.set(question.key, question);
    choiceQuestionsOf.set(pages, index);
  }
  return index;
}

function isDependent(question: QuestionDef): boolean {
  return question.dependsOn?.category === 'displayAndOptions';
}

/** The fixed options of a select or radio key; undefined for a dependent list or a key that is no choice. */
export function staticChoices(key: string, pages: readonly PageDef[] = formPages): readonly Option[] | undefined {
  const question = choiceQuestions(pages).get(key);
  return question && !isDependent(question) ? (question.options ?? []) : undefined;
}

/**
 * Whether `value` may be saved under `key`: any value of a dependent list or non-choice key, else one
 * of the options (the calendar lists as `followCalendar` last made them; a save calls it once).
 */
export function isStaticChoice(key: string, value: string, pages: readonly PageDef[] = formPages): boolean {
  const options = staticChoices(key, pages);
  return options === undefined || options.some((option) => option.value === value);
}

/**
 * The `_desc` labels of the choice keys in `patch`, read against `answers` (the stored answers with
 * the patch applied, for a dependent list's controlling answer): the chosen option's label, or null
 * when the answer is cleared or its list does not hold it.
 */
export function choiceLabels(patch: Answers, answers: Answers, pages: readonly PageDef[] = formPages): Answers {
  const labels: Answers = {};
  const questions = choiceQuestions(pages);
  for (const [key, value] of Object.entries(patch)) {
    const question = questions.get(key);
    if (!question) continue;
    const chosen = typeof value === 'string' ? optionsOf(question, answers).find((option) => option.value === value) : undefined;
    labels[descKeyOf(key)] = chosen?.label ?? null;
  }
  return labels;
}
