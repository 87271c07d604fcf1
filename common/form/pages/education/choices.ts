import { calendarList, calendarYearOptions, entryTermOptions, yearOptions } from '../../options';
import { tenant, type ProgramDocument } from '../../tenant';
import type { Option } from '../../types';

/**
 * Option lists and codes of the Your Academics page. Campuses and programs come from the tenant's
 * catalogue (`tenant.campuses`, `tenant.programs`); every list here is derived from it, never
 * written a second time.
 */

/**
 * The placeholder of form-content section 3 for a month/year pair answered without a year: an
 * Attended To year of a college still attended. The month is then not asked.
 */
export const STILL_ATTENDING = 'ANSWERED';

/** Years listed for degrees and attendance, counting back from this year. */
const PAST_YEARS = 70;
/** A degree may still be in progress: its year list starts a few years ahead. */
const DEGREE_YEARS_AHEAD = 6;
/** GMAT scores are reportable for five years: this year and the five before. */
const GMAT_SCORE_YEARS = 6;
/** A test date planned this year or in the next two. */
const GMAT_PLAN_YEARS = 3;
/** Entry terms offered: a little over a year ahead. */
const ENTRY_TERMS_OFFERED = 4;

// The year lists follow the calendar (`calendarList`): a server running across New Year offers the new year.
export const pastYearOptions = calendarYearOptions({ count: PAST_YEARS, direction: 'past' });

export const degreeYearOptions = calendarYearOptions({ yearsAhead: DEGREE_YEARS_AHEAD, count: PAST_YEARS + DEGREE_YEARS_AHEAD, direction: 'past' });

export const attendedToYearOptions: Option[] = calendarList((now) => [
  { value: STILL_ATTENDING, label: 'Present (still attending)' },
  ...yearOptions({ count: PAST_YEARS, direction: 'past' }, now),
]);

export const gmatTakenYearOptions = calendarYearOptions({ count: GMAT_SCORE_YEARS, direction: 'past' });

export const gmatPlanYearOptions = calendarYearOptions({ count: GMAT_PLAN_YEARS, direction: 'future' });

/** The terms offered on `now`: the page lists them as of loading, the rules as of the day validated. */
export function entryTermsOn(now: Date): Option[] {
  return entryTermOptions({ terms: tenant.entry_terms, count: ENTRY_TERMS_OFFERED }, now);
}

/** The Starting Term question's list: the terms offered today, remade when the day turns (`followCalendar`). */
export const entryTermOptionsOffered: Option[] = calendarList(entryTermsOn);

export const campusOptions: Option[] = tenant.campuses.map((campus) => ({ value: campus.code, label: campus.name }));

export const CAMPUS_CODES: readonly string[] = tenant.campuses.map((campus) => campus.code);

/** The programs taught at each campus, by campus code: the options of `applied_major`. */
export const programOptionsByCampus: Readonly<Record<string, readonly Option[]>> = Object.fromEntries(
  tenant.campuses.map((campus) => [
    campus.code,
    tenant.programs.filter((program) => program.campuses.includes(campus.code)).map((program) => ({ value: program.code, label: program.name })),
  ]),
);

/** The codes of the programs that read `document`. */
export function programsNeeding(document: ProgramDocument): string[] {
  return tenant.programs.filter((program) => program.documents.includes(document)).map((program) => program.code);
}

export const GMAT_PROGRAMS: readonly string[] = tenant.programs.filter((program) => program.gmat).map((program) => program.code);
