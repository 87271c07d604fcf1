import { pageHeadings } from '../../page-list';
import type { PageDef } from '../../types';
import { closingSections } from './closing';
import { proofSections } from './documents';
import { exceptionsSection } from './exceptions';
import { financialSupportSections } from './financial-support';
import { inStateTuitionSection } from './in-state';
import { residenceSections } from './residence';
import { tiesSection } from './ties';

/**
 * The Final Steps page (form-content section 3): the in-state tuition questionnaire (shown only to
 * an applicant who asks for the in-state rate), its documents and the closing questions.
 */
export const finalStepsPage: PageDef = {
  ...pageHeadings.final_steps,
  sections: [
    inStateTuitionSection,
    ...financialSupportSections,
    exceptionsSection,
    ...residenceSections,
    tiesSection,
    ...proofSections,
    ...closingSections,
  ],
};
