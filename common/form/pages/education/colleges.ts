import { collegeBlock } from '../../model/college-block';
import { schoolLookupFills } from '../../lookups';
import { countryOptions, degreeOptions, monthOptions, stateOptions } from '../../options';
import type { SectionDef } from '../../types';
import { lookupQuestion, selectQuestion, textQuestion } from '../question-factories';
import { attendedToYearOptions, degreeYearOptions, pastYearOptions } from './choices';
import { attendedToHasMonth } from './conditions';

/**
 * Colleges attended, 1 to 8 (form-content section 3): the slot-1 questions; the Add Another
 * button shows further slots with every key suffixed `_2` .. `_8`, conditions on block keys too.
 */
export const collegesSection: SectionDef = {
  id: 'colleges',
  title: 'Colleges Attended',
  intro: 'List every college or university you have attended, starting with the most recent.',
  repeat: { buttonId: collegeBlock.id, blockTitle: 'College' },
  questions: [
    // The school code is hidden (form-content section 2, widget 1): the search writes it when the
    // list has codes (an imported CEEB list; the default data has none) and prints it after the name.
    lookupQuestion(
      'college_name',
      'Search For Your School',
      { category: 'college_ceeb', fills: schoolLookupFills('college_', 1) },
      {
        hint: 'Type the name of the school and choose it from the list; what the list knows of its address is filled in below. If it is not listed, type its full name and address.',
      },
    ),
    textQuestion('college_address_line_1', 'Address'),
    textQuestion('college_city', 'City'),
    selectQuestion('college_state', 'State/Province', stateOptions),
    textQuestion('college_zip', 'ZIP/Postal Code'),
    selectQuestion('college_country', 'Country', countryOptions),
    selectQuestion('college_degree', 'Degree Earned or Expected', degreeOptions),
    textQuestion('college_major', 'Major'),
    selectQuestion('college_degree_month', 'Degree Month', monthOptions),
    selectQuestion('college_degree_year', 'Degree Year', degreeYearOptions),
    textQuestion('college_gpa', 'GPA', { inputMode: 'decimal', hint: 'On a 4.0 scale, with at most two decimals, for example 3.25.' }),
    textQuestion('college_credits', 'Credits Earned', {
      inputMode: 'decimal',
      hint: 'Semester or quarter hours, as your transcript shows them, for example 120 or 64.5.',
    }),
    selectQuestion('college_attend_from_month', 'Attended From (Month)', monthOptions),
    selectQuestion('college_attend_from_year', 'Attended From (Year)', pastYearOptions),
    selectQuestion('college_attend_to_month', 'Attended To (Month)', monthOptions, { condition: attendedToHasMonth() }),
    selectQuestion('college_attend_to_year', 'Attended To (Year)', attendedToYearOptions, {
      hint: 'Choose "Present" if you are still studying there.',
    }),
  ],
};
