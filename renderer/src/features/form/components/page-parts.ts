import type { PageDef } from '../../../../../common/form/types';
import { AddAnother, TabGroup } from './section';
import { ApplicantUpload } from './widgets/upload';

/**
 * The parts of the form About You never shows, each a chunk of its own (issue 26, item 5): the
 * upload field with the documents feature, the tab group with its dialog, and Add Another with its
 * Remove dialog (issue 33). A page that has any waits for all of them before it shows (page-body.tsx), behind the spinner of its own chunk, so
 * a part never pops in under the applicant's eyes, and one revealed later (an answer opening a
 * section) is already there. The print view draws neither (it prints answers) and never waits.
 */
export const hasLazyParts = (page: PageDef) =>
  page.sections.some((section) => section.tabs || section.repeat || section.questions.some((question) => question.widget === 'upload'));

/** The parts (small, and the pages that have one mostly have the others), each downloaded once. */
export function loadLazyParts(): Promise<unknown> {
  return Promise.all([TabGroup.preload(), ApplicantUpload.preload(), AddAnother.preload()]);
}
