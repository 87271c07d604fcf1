import { tenant } from '../../tenant';
import type { PageDef } from '../../types';

/** The Final Steps page (form-content section 3): the in-state tuition questionnaire, its documents and the closing questions. */
export const finalStepsPage: PageDef = {
  id: 'final_steps',
  path: '/final-steps',
  title: tenant.page_titles.final_steps,
  sections: [],
};
