import type { ReactElement } from 'react';
import { PrintViewProvider, type PrintView } from '../../../renderer/src/features/form/components/print-view';

/** A print view as a route gives one: an attached document opens at /documents/<key>. */
export const testPrintView: PrintView = { documentHref: (key) => `/documents/${key}` };

/** `ui` inside a print view when `print`, as the service view and the staff view draw it; else as the applicant's form does. */
export function inPrintViewIf(print: boolean | undefined, ui: ReactElement): ReactElement {
  return print ? <PrintViewProvider view={testPrintView}>{ui}</PrintViewProvider> : ui;
}
