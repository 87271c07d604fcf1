import { schoolLookupFills } from '../../lookups';
import { countryOptions, degreeOptions, monthOptions, stateOptions } from '../../options';
import type { AddAnotherDef, SectionDef } from '../../types';
import { collegeRules } from '../../schema/education-rules';
import { lookupQuestion, selectQuestion, textQuestion } from '../question-factories';
import { attendedToYearOptions, degreeYearOptions, pastYearOptions } from './choices';
import { attendedToHasMonth } from './conditions';

/** Colleges attended, 1 to 8 (form-content section 3): the Add Another button the colleges section repeats through. */
export const COLLEGES_BUTTON: AddAnotherDef = { id: 'college', max: 8 };

/**
 * Colleges attended, 1 to 8 (form-content section 3): the slot-1 questions; the Add Another
 * button shows further slots with every key suffixed `_2` .. `_8`, conditions on block keys too.
 */
export const collegesSection: SectionDef = {
  id: 'colleges',
  title: 'Colleges Attended',
  intro: 'List every college or university you have attended, starting with the most recent.',
  repeat: { button: COLLEGES_BUTTON, blockTitle: 'College' },
  questions: [
    // The school code is hidden (form-content section 2, widget 1): the search writes it when the
    // list has codes (an imported CEEB list; the default data has none) and prints it after the name.
    lookupQuestion(
      'college_name',
      'Search For Your School',
      { category: 'college_ceeb', fills: schoolLookupFills('college_', 1) },
      {
        hint: 'Type the name of the school and choose it from the list; what the list knows of its address is filled in below. If it is not listed, type its full name and address.',
        maxLength: 100,
        rules: collegeRules.name,
        role: 'collegeName',
      },
    ),
    textQuestion('college_address_line_1', 'Address', { maxLength: 100 }),
    textQuestion('college_city', 'City'),
    selectQuestion('college_state', 'State/Province', stateOptions),
    textQuestion('college_zip', 'ZIP/Postal Code', { maxLength: 10 }),
    selectQuestion('college_country', 'Country', countryOptions),
    selectQuestion('college_degree', 'Degree Earned or Expected', degreeOptions, { rules: collegeRules.requiredOnceNamed }),
    textQuestion('college_major', 'Major', { maxLength: 100, rules: collegeRules.requiredWithDegree }),
    selectQuestion('college_degree_month', 'Degree Month', monthOptions, { rules: collegeRules.requiredWithDegree }),
    selectQuestion('college_degree_year', 'Degree Year', degreeYearOptions, { rules: collegeRules.requiredWithDegree }),
    textQuestion('college_gpa', 'GPA', {
      inputMode: 'decimal',
      hint: 'On a 4.0 scale, with at most two decimals, for example 3.25.',
      maxLength: 10,
      rules: collegeRules.gpa,
      role: 'collegeGpa',
    }),
    textQuestion('college_credits', 'Credits Earned', {
      inputMode: 'decimal',
      maxLength: 6,
      rules: collegeRules.credits,
      hint: 'Semester or quarter hours, as your transcript shows them, for example 120 or 64.5.',
    }),
    selectQuestion('college_attend_from_month', 'Attended From (Month)', monthOptions, { rules: collegeRules.requiredOnceNamed }),
    selectQuestion('college_attend_from_year', 'Attended From (Year)', pastYearOptions, { rules: collegeRules.requiredOnceNamed }),
    selectQuestion('college_attend_to_month', 'Attended To (Month)', monthOptions, { condition: attendedToHasMonth(), rules: collegeRules.requiredOnceNamed }),
    selectQuestion('college_attend_to_year', 'Attended To (Year)', attendedToYearOptions, {
      hint: 'Choose "Present" if you are still studying there.',
      rules: collegeRules.attendedToYear,
    }),
  ],
};
