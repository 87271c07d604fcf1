import { tabGroupById } from '../../common/form/form-state';
import { formPages } from '../../common/form/pages';
import { hasAnyAnswer, printedSlots, printedTab } from '../../common/form/print';
import type { PageDef, QuestionDef, SectionDef } from '../../common/form/types';
import { isQuestionShown, isSectionOpen, shownSections } from '../../common/form/visibility';
import type { ApplicationContent, PrintItem } from './print-items';
import { questionItems } from './question-text';

/**
 * The print view laid out from the form definition (renderer section.tsx, PrintSectionContent):
 * the same pages, sections and visibility functions, so the PDF shows what a service user sees.
 */

function shownQuestionItems(questions: readonly QuestionDef[], content: ApplicationContent): PrintItem[] {
  return questions.filter((question) => isQuestionShown(question, content.answers)).flatMap((question) => questionItems(question, content));
}

function sectionContentItems(section: SectionDef, content: ApplicationContent): PrintItem[] {
  const group = section.tabs && tabGroupById(section.tabs.groupId);
  if (group) {
    const chosen = printedTab(group, content.answers, content.tabs);
    const tabKeys = new Set(group.tabs.flatMap((tab) => tab.keys));
    const inTab = section.questions.filter((question) => chosen?.keys.includes(question.key));
    return [...shownQuestionItems(inTab, content), ...shownQuestionItems(section.questions.filter((question) => !tabKeys.has(question.key)), content)];
  }
  if (section.repeat) {
    const { blockTitle } = section.repeat;
    return printedSlots(section, content.answers).flatMap((slot, index): PrintItem[] => [{ kind: 'block', title: `${blockTitle} ${index + 1}` }, ...shownQuestionItems(slot.questions, content)]);
  }
  return shownQuestionItems(section.questions, content);
}

/** A section: its heading, its checkbox trigger if any, then its content when open (a button trigger opens on an answer). */
export function sectionItems(section: SectionDef, content: ApplicationContent): PrintItem[] {
  const { answers } = content;
  const items: PrintItem[] = [{ kind: 'section', title: section.title, ...(section.intro ? { intro: section.intro } : {}) }];
  const trigger = section.trigger;
  if (trigger?.kind === 'checkbox') items.push({ kind: 'check', choice: { label: trigger.label, checked: answers[trigger.key] === true } });
  const buttonOpen = trigger?.kind !== 'button' || hasAnyAnswer(section, answers);
  if (buttonOpen && isSectionOpen(section, answers)) items.push(...sectionContentItems(section, content));
  return items;
}

export function pageItems(page: PageDef, content: ApplicationContent): PrintItem[] {
  return [{ kind: 'page', title: page.title }, ...shownSections(page, content.answers).flatMap((section) => sectionItems(section, content))];
}

/** The whole application, page after page, as the print view shows it. */
export function applicationItems(content: ApplicationContent, pages: readonly PageDef[] = formPages): PrintItem[] {
  return pages.flatMap((page) => pageItems(page, content));
}

/** The converted documents to append, in the order their questions print; each once. */
export function appendedDocumentKeys(items: readonly PrintItem[], content: ApplicationContent): string[] {
  const keys = items.flatMap((item) => (item.kind === 'upload' && content.documents[item.answerKey] ? [item.answerKey] : []));
  return [...new Set(keys)];
}

/** The header's name: first and last name as answered, else the account's username. */
export function applicantName(content: ApplicationContent): string {
  const part = (key: string) => {
    const value = content.answers[key];
    return typeof value === 'string' ? value.trim() : '';
  };
  const name = [part('first_name'), part('last_name')].filter(Boolean).join(' ');
  return name || content.username;
}
