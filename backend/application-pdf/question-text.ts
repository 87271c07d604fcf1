import type { AnswerValue } from '../../common/api';
import { isAnswered } from '../../common/form/conditions';
import { lookupText, optionsOf, printDate, selectText } from '../../common/form/print';
import type { QuestionDef } from '../../common/form/types';
import { SMS_OPT_IN_LABEL } from '../../common/form/pages/question-factories';
import type { ApplicationContent, PrintItem } from './print-items';

/** Radio groups with more than two answers print in columns, as the print view does. */
const INLINE_MAX_OPTIONS = 2;

const textOf = (value: AnswerValue | undefined): string => (typeof value === 'string' ? value : '');

/**
 * The printed items of one shown question: the same rules as the widgets' Print components in
 * the renderer (renderer/src/features/form/components/widgets), as text for pdfkit.
 */
export function questionItems(question: QuestionDef, content: ApplicationContent): PrintItem[] {
  const { answers } = content;
  const value = answers[question.key];
  const label = question.label;
  switch (question.widget) {
    case 'text':
    case 'textarea':
      return [{ kind: 'field', label, value: textOf(value) }];
    case 'date':
      return [{ kind: 'field', label, value: printDate(value) }];
    case 'select':
      return [{ kind: 'field', label, value: selectText(question, answers) }];
    case 'lookup':
      return [{ kind: 'field', label, value: lookupText(question, answers) }];
    case 'phone': {
      const items: PrintItem[] = [{ kind: 'field', label, value: textOf(value) }];
      if (question.smsOptInKey) items.push({ kind: 'check', choice: { label: SMS_OPT_IN_LABEL, checked: answers[question.smsOptInKey] === true } });
      return items;
    }
    case 'checkbox':
      return [{ kind: 'check', choice: { label, checked: value === true } }];
    case 'radio': {
      const options = optionsOf(question, answers);
      const choices = options.map((option) => ({ label: option.label, checked: value === option.value }));
      return [{ kind: 'choices', label, choices, columns: options.length > INLINE_MAX_OPTIONS }];
    }
    case 'checkGroup': {
      const choices = (question.members ?? []).map((member) => ({ label: member.label, checked: answers[member.key] === true }));
      return [{ kind: 'choices', label, choices, columns: true }];
    }
    case 'upload': {
      const name = content.documents[question.key]?.file_name;
      if (!name && !isAnswered(value)) return [];
      return [{ kind: 'upload', label, value: name ? `File attached: ${name}` : 'File attached', answerKey: question.key }];
    }
  }
}
