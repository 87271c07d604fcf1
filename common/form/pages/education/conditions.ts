import { suffixedKey } from '../../repeat';
import { degreeOptions } from '../../options';
import type { ProgramDocument } from '../../tenant';
import type { Condition } from '../../types';
import { answered, no, oneOf, yes } from '../conditions';
import { CAMPUS_CODES, GMAT_PROGRAMS, STILL_ATTENDING, programsNeeding } from './choices';

/**
 * The Your Academics page's conditions as data, named once: the page modules show questions by
 * them and the schema's rules require answers by the same objects. College conditions take the
 * slot (1 to 8); the page uses slot 1's, which the Add Another expansion suffixes for later slots.
 */

export const attendedBefore: Condition = yes('previously_attend');

/** "Once a school name is given" (form-content section 5, the recent college). */
export const collegeNamed = (slot = 1): Condition => answered(suffixedKey('college_name', slot));

/**
 * The degree codes that ask for the major and the degree date: all of them (form-content section
 * 5 lists AD, BD, MA, DD, SD, FP and OC; OC also covers study that led to no degree).
 */
export const DEGREES_WITH_MAJOR: readonly string[] = degreeOptions.map((option) => option.value);

export const degreeWithMajor = (slot = 1): Condition => oneOf(suffixedKey('college_degree', slot), DEGREES_WITH_MAJOR);

/** The Attended To month is asked unless the year says the applicant is still attending. */
export const attendedToHasMonth = (slot = 1): Condition => ({
  valueKey: suffixedKey('college_attend_to_year', slot),
  operator: 'notEquals',
  target: STILL_ATTENDING,
});

export const campusChosen: Condition = oneOf('campus_preferrence', CAMPUS_CODES);

export const majorChosen: Condition = answered('applied_major');

/** The chosen program reads this essay, statement or document. */
export const programNeeds = (document: ProgramDocument): Condition => oneOf('applied_major', programsNeeding(document));

export const programAsksGmat: Condition = oneOf('applied_major', GMAT_PROGRAMS);

export const tookGmat: Condition = yes('gmat_taken');

export const plansGmat: Condition = no('gmat_taken');
