import { hasAnyAnswer, printedSlots, printedTab } from './print';
import type { PrintItem, PrintSource } from './print-items';
import { questionItems } from './print-question';
import type { PageDef, QuestionDef, SectionDef } from './types';
import { isQuestionShown, isSectionOpen, shownSections } from './visibility';

/**
 * The one print model (issue 27 item 2): a definition and an application in, the printed items
 * out. The service view, the staff view and the application PDF all lay out this list, so each
 * shows the same sections, questions and answers.
 */

function shownQuestionItems(questions: readonly QuestionDef[], source: PrintSource): PrintItem[] {
  return questions.filter((question) => isQuestionShown(question, source.answers)).flatMap((question) => questionItems(question, source));
}

/**
 * No tabs and no buttons: a tab group prints its chosen tab's questions, then those of no tab; a
 * repeated block prints every slot that holds an answer, the first always, each headed.
 */
function sectionContentItems(section: SectionDef, source: PrintSource): PrintItem[] {
  const group = section.tabs;
  if (group) {
    const chosen = printedTab(group, source.answers, source.tabs);
    const tabKeys = new Set(group.tabs.flatMap((tab) => tab.keys));
    const inTab = section.questions.filter((question) => chosen?.keys.includes(question.key));
    return [...shownQuestionItems(inTab, source), ...shownQuestionItems(section.questions.filter((question) => !tabKeys.has(question.key)), source)];
  }
  if (section.repeat) {
    const { blockTitle } = section.repeat;
    return printedSlots(section, source.answers).flatMap((slot, index): PrintItem[] => [{ kind: 'block', title: `${blockTitle} ${index + 1}` }, ...shownQuestionItems(slot.questions, source)]);
  }
  return shownQuestionItems(section.questions, source);
}

/** A section: its heading, its checkbox trigger if any, then its content when open (a button trigger opens on an answer). */
function sectionItems(section: SectionDef, source: PrintSource): PrintItem[] {
  const { answers } = source;
  const items: PrintItem[] = [{ kind: 'section', title: section.title, ...(section.intro ? { intro: section.intro } : {}) }];
  const trigger = section.trigger;
  if (trigger?.kind === 'checkbox') items.push({ kind: 'check', choice: { label: trigger.label, checked: answers[trigger.key] === true }, key: trigger.key });
  const buttonOpen = trigger?.kind !== 'button' || hasAnyAnswer(section, answers);
  if (buttonOpen && isSectionOpen(section, answers)) items.push(...sectionContentItems(section, source));
  return items;
}

/** A page: its title, then each section on show. */
export function pageItems(page: PageDef, source: PrintSource): PrintItem[] {
  return [{ kind: 'page', title: page.title }, ...shownSections(page, source.answers).flatMap((section) => sectionItems(section, source))];
}

/** The whole application, page after page, as every view prints it. */
export function printItems(pages: readonly PageDef[], source: PrintSource): PrintItem[] {
  return pages.flatMap((page) => pageItems(page, source));
}
