import { applicantName } from '../../common/form/applicant-name';
import { formPages } from '../../common/form/pages';
import { printItems } from '../../common/form/print-model';
import type { PageDef } from '../../common/form/types';
import type { ApplicationContent, PrintItem } from './print-items';

/**
 * The PDF's form part is the print model's list (common/form/print-model.ts), the same the
 * service view and the staff view show; draw-form.ts lays it out on paper.
 */

export { pageItems } from '../../common/form/print-model';

/** The whole application, page after page, as the print view shows it. */
export function applicationItems(content: ApplicationContent, pages: readonly PageDef[] = formPages): PrintItem[] {
  return printItems(pages, content);
}

/** The converted documents to append, in the order their questions print; each once. */
export function appendedDocumentKeys(items: readonly PrintItem[], content: ApplicationContent): string[] {
  const keys = items.flatMap((item) => (item.kind === 'upload' && content.documents[item.answerKey] ? [item.answerKey] : []));
  return [...new Set(keys)];
}

/** The header's name: the applicant's name as answered, else the account's username. */
export function headerName(content: ApplicationContent): string {
  return applicantName(content.answers) || content.username;
}
