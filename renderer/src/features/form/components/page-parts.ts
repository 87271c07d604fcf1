import type { PageDef } from '../../../../../common/form/types';
import { TabGroup } from './section';
import { ApplicantUpload } from './widgets/upload';

/**
 * The parts of the form About You never shows, each a chunk of its own (issue 26, item 5): the
 * upload field with the documents feature, and the tab group with its dialog. A page that has
 * either waits for both before it shows (page-body.tsx), behind the spinner of its own chunk, so
 * a part never pops in under the applicant's eyes, and one revealed later (an answer opening a
 * section) is already there. The print view draws neither (it prints answers) and never waits.
 */
export const hasLazyParts = (page: PageDef) =>
  page.sections.some((section) => section.tabs || section.questions.some((question) => question.widget === 'upload'));

/** Both parts (small, and the pages that have one have the other), each downloaded once. */
export function loadLazyParts(): Promise<unknown> {
  return Promise.all([TabGroup.preload(), ApplicantUpload.preload()]);
}
