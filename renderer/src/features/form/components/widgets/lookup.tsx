import { Suspense } from 'react';
import { lookupText } from '../../../../../../common/form/print';
import { PrintField, type PrintProps, type WidgetProps, type WidgetView } from './field-parts';
import { lazyWidget } from './lazy-widget';
import { textWidget } from './text';

/** Fewer characters than this are not searched: one letter or digit matches too much to help. */
export const LOOKUP_MIN_SEARCH_LENGTH = 2;
export const SCHOOL_NOT_CHOSEN_HINT = 'Enter your school information below';

export function resultCountMessage(count: number): string {
  if (count === 0) return 'No results.';
  return `${count} ${count === 1 ? 'result' : 'results'} available.`;
}

/**
 * The combobox (and downshift with it) loads with the first lookup shown, not with the entry
 * (issue 18, item 2); until it is there, a moment on first use, the question is a text field.
 */
export const LookupInput = lazyWidget(() => import('./lookup-input').then((module) => module.LookupInput));

/** A lookup question without its search definition is a plain text field. */
function LookupEdit(props: WidgetProps) {
  const lookup = props.question.lookup;
  if (!lookup) return <textWidget.Edit {...props} />;
  return (
    <Suspense fallback={<textWidget.Edit {...props} />}>
      <LookupInput {...props} lookup={lookup} />
    </Suspense>
  );
}

/** Form-content section 4: a school prints as its name with the school code in parentheses. */
function LookupPrint({ question, answers }: PrintProps) {
  return <PrintField label={question.label}>{lookupText(question, answers)}</PrintField>;
}

export const lookupWidget: WidgetView = { Edit: LookupEdit, Print: LookupPrint };
