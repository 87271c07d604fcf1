import { pageHeadings } from '../../page-list';
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
  ...pageHeadings.education,
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
