import type { AnswerValue } from '../api';
import { isAnswered } from './conditions';
import { SMS_OPT_IN_LABEL } from './pages/question-factories';
import { lookupText, optionsOf, printDate, selectText } from './print';
import type { PrintItem, PrintSource } from './print-items';
import type { QuestionDef } from './types';

/**
 * Radio groups of more than two answers are laid out in columns (form-content section 2 item 9),
 * in print and on screen; two (Yes / No) sit side by side.
 */
export const INLINE_MAX_OPTIONS = 2;

const textOf = (value: AnswerValue | undefined): string => (typeof value === 'string' ? value : '');

/**
 * What one shown question prints, by its widget: text as typed, a date as MM/DD/YYYY, a select's
 * chosen label, a school with its code, options marked [X] or [ ], an upload as 'File attached'
 * (nothing when no file was given).
 */
export function questionItems(question: QuestionDef, source: PrintSource): PrintItem[] {
  const { answers } = source;
  const value = answers[question.key];
  const { label, key } = question;
  switch (question.widget) {
    case 'text':
    case 'textarea':
      return [{ kind: 'field', label, value: textOf(value), key }];
    case 'date':
      return [{ kind: 'field', label, value: printDate(value), key }];
    case 'select':
      return [{ kind: 'field', label, value: selectText(question, answers), key }];
    case 'lookup':
      return [{ kind: 'field', label, value: lookupText(question, answers), key }];
    case 'phone': {
      const items: PrintItem[] = [{ kind: 'field', label, value: textOf(value), key }];
      if (question.smsOptInKey) items.push({ kind: 'check', choice: { label: SMS_OPT_IN_LABEL, checked: answers[question.smsOptInKey] === true }, key: question.smsOptInKey });
      return items;
    }
    case 'checkbox':
      return [{ kind: 'check', choice: { label, checked: value === true }, key }];
    case 'radio': {
      const options = optionsOf(question, answers);
      const choices = options.map((option) => ({ label: option.label, checked: value === option.value }));
      return [{ kind: 'choices', label, choices, columns: options.length > INLINE_MAX_OPTIONS, key }];
    }
    case 'checkGroup': {
      const choices = (question.members ?? []).map((member) => ({ label: member.label, checked: answers[member.key] === true }));
      return [{ kind: 'choices', label, choices, columns: true, checkGroup: true, key }];
    }
    case 'upload': {
      const name = source.documents[question.key]?.file_name;
      if (!name && !isAnswered(value)) return source.listEmptyUploads ? [{ kind: 'upload', label, value: '', answerKey: key }] : [];
      return [{ kind: 'upload', label, value: name ? `File attached: ${name}` : 'File attached', answerKey: key }];
    }
  }
}
