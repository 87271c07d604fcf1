import { pageHeadings } from '../../page-list';
import type { PageDef } from '../../types';
import { addressSections } from './addresses';
import { citizenshipSections } from './citizenship';
import { contactSection } from './contact';
import { demographicsSection } from './demographics';
import { emergencyContactSection } from './emergency-contact';
import { militarySections } from './military';
import { otherPersonalSection } from './other';
import { personalSections } from './personal';

/** The About You page: who the applicant is and how to reach them (form-content section 3). */
export const aboutPage: PageDef = {
  ...pageHeadings.about,
  sections: [
    ...personalSections,
    contactSection,
    ...addressSections,
    ...citizenshipSections,
    demographicsSection,
    ...militarySections,
    emergencyContactSection,
    otherPersonalSection,
  ],
};
