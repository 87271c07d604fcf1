import { evaluate, isAnswered } from './conditions';
import { descKeyOf, questionKeyLines } from './model/define';
import { expandRepeatedSection } from './repeat';
import type { Answers, PageDef, QuestionDef, SectionDef } from './types';

/**
 * Every answer key a question writes: its own, its `_desc`, check-group members, SMS opt-in, and a
 * school search's school code, which no question shows (form-content section 2, widget 1).
 */
export function questionKeys(question: QuestionDef): string[] {
  return questionKeyLines(question).map((line) => line.key);
}

/** What a section asks, whatever the answers: its questions (every slot expanded) and their keys. */
interface SectionShape {
  questions: readonly { question: QuestionDef; keys: readonly string[] }[];
  /** Everything in the section but a checkbox trigger: the keys the trigger governs. */
  contentKeys: readonly string[];
  /** The content keys and the checkbox trigger's. */
  sectionKeys: readonly string[];
}

/**
 * Worked out once per section of the form definition (which never changes once built): the walks
 * below run on every save and every validation, and expanding the repeated sections' slots was
 * most of their time.
 */
const shapes = new WeakMap<SectionDef, SectionShape>();

function shapeOf(section: SectionDef): SectionShape {
  const known = shapes.get(section);
  if (known) return known;
  const questions = expandRepeatedSection(section)
    .flatMap((slot) => slot.questions)
    .map((question) => ({ question, keys: questionKeys(question) }));
  const contentKeys = questions.flatMap(({ keys }) => keys);
  const shape = { questions, contentKeys, sectionKeys: section.trigger?.kind === 'checkbox' ? [section.trigger.key, ...contentKeys] : contentKeys };
  shapes.set(section, shape);
  return shape;
}

/** A section's questions, every slot of a repeated section included. */
export function allQuestions(section: SectionDef): QuestionDef[] {
  return shapeOf(section).questions.map(({ question }) => question);
}

export function sectionKeys(section: SectionDef): string[] {
  return [...shapeOf(section).sectionKeys];
}

function conditionHolds(section: SectionDef, answers: Answers): boolean {
  return !section.condition || evaluate(section.condition, answers);
}

function checkboxOpen(section: SectionDef, answers: Answers): boolean {
  return section.trigger?.kind !== 'checkbox' || answers[section.trigger.key] === true;
}

/** Whether a section is on the page: its condition holds and no earlier alternative of its group does. */
export function shownSections(page: PageDef, answers: Answers): SectionDef[] {
  const takenGroups = new Set<string>();
  return page.sections.filter((section) => {
    if (!conditionHolds(section, answers)) return false;
    if (section.group === undefined) return true;
    if (takenGroups.has(section.group)) return false;
    takenGroups.add(section.group);
    return true;
  });
}

/**
 * The answer keys `shownSections` reads for a page: its sections' conditions. What follows which
 * sections show needs to look again only when one of these changes, not at every keystroke.
 */
export function keysSectionsShownRead(page: PageDef): string[] {
  return page.sections.flatMap((section) => (section.condition ? [section.condition.valueKey] : []));
}

/** The answer keys `isQuestionShown` reads for these questions: their conditions and the lists their options follow. */
export function keysQuestionsShownRead(questions: readonly QuestionDef[]): string[] {
  return questions.flatMap((question) => [
    ...(question.condition ? [question.condition.valueKey] : []),
    ...(question.dependsOn?.category === 'displayAndOptions' ? [question.dependsOn.controlKey] : []),
  ]);
}

/** Whether a shown section's content is open: a checkbox trigger must be checked. */
export function isSectionOpen(section: SectionDef, answers: Answers): boolean {
  return checkboxOpen(section, answers);
}

export function isQuestionShown(question: QuestionDef, answers: Answers): boolean {
  if (question.condition && !evaluate(question.condition, answers)) return false;
  if (question.dependsOn?.category === 'displayAndOptions') {
    const control = answers[question.dependsOn.controlKey];
    return typeof control === 'string' && (question.dependsOn.optionsByValue?.[control]?.length ?? 0) > 0;
  }
  return true;
}

/** A section on show, whether its content is open, and its questions on show (every slot expanded). */
export interface ShownSection {
  section: SectionDef;
  open: boolean;
  questions: readonly QuestionDef[];
}

/**
 * What is on show for one set of answers, from one walk of the form: the shown sections in the
 * form's order, the keys of the questions on show, and those of hidden questions less any key a
 * shown question also asks for (alternatives of a group may share a key, and the one taken keeps it).
 */
export interface Visibility {
  shown: readonly ShownSection[];
  visible: ReadonlySet<string>;
  hidden: readonly string[];
}

export function visibilityOf(pages: readonly PageDef[], answers: Answers): Visibility {
  // A set as it goes, not an array of every section's keys spread in and deduplicated after: this
  // runs on every save (docs/performance.md, issue 37).
  const hidden = new Set<string>();
  const hide = (keys: readonly string[]) => {
    for (const key of keys) hidden.add(key);
  };
  const visible = new Set<string>();
  const shownList: ShownSection[] = [];
  for (const page of pages) {
    const shown = new Set(shownSections(page, answers));
    for (const section of page.sections) {
      const shape = shapeOf(section);
      if (!shown.has(section)) {
        hide(shape.sectionKeys);
        continue;
      }
      if (section.trigger?.kind === 'checkbox') visible.add(section.trigger.key);
      const open = isSectionOpen(section, answers);
      const questions: QuestionDef[] = [];
      shownList.push({ section, open, questions });
      if (!open) {
        hide(shape.contentKeys);
        continue;
      }
      for (const { question, keys } of shape.questions) {
        if (isQuestionShown(question, answers)) {
          questions.push(question);
          keys.forEach((key) => visible.add(key));
        } else hide(keys);
      }
    }
  }
  return { shown: shownList, visible, hidden: [...hidden].filter((key) => !visible.has(key)) };
}

/** Answers with nothing hidden left answered, the keys that were cleared for it, and what is on show for them. */
export interface Settled {
  /** The answers given, each cleared key null; the same object when none was cleared. */
  answers: Answers;
  cleared: readonly string[];
  visibility: Visibility;
}

/**
 * Clears what holds an answer but must not (spec platform section 4): the keys of hidden sections,
 * closed checkbox sections, hidden questions and alternatives not taken. Runs to a fixed point,
 * because clearing one answer can hide another section; the last walk's visibility is that of
 * the answers returned, so a caller that keeps both never works it out again for them.
 */
export function settle(pages: readonly PageDef[], answers: Answers): Settled {
  let current = answers;
  const cleared: string[] = [];
  for (;;) {
    const visibility = visibilityOf(pages, current);
    const hidden = visibility.hidden.filter(answeredIn(current));
    if (hidden.length === 0) return { answers: current, cleared, visibility };
    current = { ...current };
    for (const key of hidden) {
      cleared.push(key);
      current[key] = null;
    }
  }
}

/**
 * Whether a key holds an answer in `answers`, asked through a set of the answered keys: most keys
 * a walk asks about are not in the answers at all, and a missing key looked up on an object that a
 * save has just built (parsed and spread) costs a walk of its prototypes each time, several times
 * the set's lookup (docs/performance.md, issue 37).
 */
function answeredIn(answers: Answers): (key: string) => boolean {
  const answered = new Set<string>();
  for (const key of Object.keys(answers)) if (isAnswered(answers[key])) answered.add(key);
  return (key) => answered.has(key);
}

/** The keys that hold an answer but must not (`settle`). */
export function keysToClear(pages: readonly PageDef[], answers: Answers): string[] {
  return [...settle(pages, answers).cleared];
}

/** The answer keys whose questions are on show for these answers (a key no page asks is never shown). */
export function shownKeys(pages: readonly PageDef[], answers: Answers): ReadonlySet<string> {
  return visibilityOf(pages, answers).visible;
}

/**
 * The answers to clear when `changedKey` changes: dependent selects and their `_desc`, and in
 * turn the selects that depend on those (clearing a dependent select changes it too).
 */
const dependentQuestions = new WeakMap<readonly PageDef[], readonly QuestionDef[]>();

/** The questions whose options follow another answer, found once per form definition (this runs on every keystroke). */
function questionsWithControl(pages: readonly PageDef[]): readonly QuestionDef[] {
  let questions = dependentQuestions.get(pages);
  if (!questions) dependentQuestions.set(pages, (questions = pages.flatMap((page) => page.sections.flatMap(allQuestions)).filter((question) => question.dependsOn)));
  return questions;
}

export function dependentKeys(pages: readonly PageDef[], changedKey: string): string[] {
  const questions = questionsWithControl(pages);
  const cleared: string[] = [];
  const pending = [changedKey];
  for (let control = pending.shift(); control !== undefined; control = pending.shift()) {
    for (const question of questions) {
      if (question.dependsOn?.controlKey !== control || cleared.includes(question.key) || question.key === changedKey) continue;
      cleared.push(question.key, descKeyOf(question.key));
      pending.push(question.key);
    }
  }
  return cleared;
}
