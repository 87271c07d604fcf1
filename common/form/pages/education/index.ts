import { tenant } from '../../tenant';
import type { PageDef } from '../../types';
import { collegesSection } from './colleges';
import { essaySections } from './essays';

/**
 * The Your Academics page (form-content section 3). So far the colleges attended and the essays;
 * prior attendance, honors, program and GMAT come with the rest of issue 6.
 */
export const educationPage: PageDef = {
  id: 'education',
  path: '/education',
  title: tenant.page_titles.education,
  sections: [collegesSection, ...essaySections],
};
