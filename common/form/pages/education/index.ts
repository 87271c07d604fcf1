import { tenant } from '../../tenant';
import type { PageDef } from '../../types';
import { collegesSection } from './colleges';
import { essaySections, resumeSection, teachingCertificateSection } from './essays';
import { gmatSection } from './gmat';
import { honorsSection } from './honors';
import { priorAttendanceSection } from './prior-attendance';
import { programSection } from './program';

/**
 * The Your Academics page (form-content section 3): prior attendance, colleges attended, honors,
 * the program, then what the program reads (essays, resume, teaching certificate, GMAT).
 */
export const educationPage: PageDef = {
  id: 'education',
  path: '/education',
  title: tenant.page_titles.education,
  sections: [
    priorAttendanceSection,
    collegesSection,
    honorsSection,
    programSection,
    ...essaySections,
    resumeSection,
    teachingCertificateSection,
    gmatSection,
  ],
};
