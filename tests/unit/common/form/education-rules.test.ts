import { afterAll, describe, expect, it, vi } from 'vitest';

/**
 * 15 May 2026, local time: the day every date rule is judged against, and the day the page's
 * generated lists (years, entry terms) are made, so that both agree whatever the real date.
 */
const { today } = vi.hoisted(() => {
  const day = new Date(2026, 4, 15);
  vi.setSystemTime(day);
  return { today: day };
});

import type { Answers } from '../../../../common/api';
import { tabGroupById } from '../../../../common/form/form-state';
import { ESSAY_KEYS, docKeyOf, essayMailKeyOf } from '../../../../common/form/model/program-document-keys';
import { entryTermOptions } from '../../../../common/form/options';
import { educationPage } from '../../../../common/form/pages';
import { STILL_ATTENDING, entryTermsOn } from '../../../../common/form/pages/education/choices';
import { educationMessages, validateAnswers } from '../../../../common/form/schema';
import { tenant, type EntryTerm, type ProgramDocument } from '../../../../common/form/tenant';
import type { QuestionDef } from '../../../../common/form/types';
import { allQuestions, dependentKeys, isQuestionShown, keysToClear, shownSections } from '../../../../common/form/visibility';

afterAll(() => {
  vi.useRealTimers();
});

/** A complete Your Academics page: a history graduate applying to a program that reads nothing more. */
const valid: Answers = {
  previously_attend: 'N',
  college_name: 'Towson University',
  college_degree: 'BD',
  college_major: 'History',
  college_degree_month: '5',
  college_degree_year: '2020',
  college_gpa: '3.25',
  college_credits: '120',
  college_attend_from_month: '8',
  college_attend_from_year: '2016',
  college_attend_to_month: '5',
  college_attend_to_year: '2020',
  campus_preferrence: 'M',
  applied_major: 'MPA',
  entry_term: '2026FA',
};

function errorsOf(changes: Answers, day: Date = today) {
  return validateAnswers({ ...valid, ...changes }, { today: day, pages: [educationPage] });
}

const questions = educationPage.sections.flatMap(allQuestions);

function question(key: string): QuestionDef {
  const found = questions.find((candidate) => candidate.key === key);
  if (!found) throw new Error(`No question ${key}`);
  return found;
}

const values = (options: readonly { value: string }[] | undefined) => (options ?? []).map((option) => option.value);

/** What the renderer does when an answer changes: dependent selects cleared, then hidden answers. */
function afterChange(answers: Answers, changes: Answers): Answers {
  const next: Answers = { ...answers, ...changes };
  for (const key of Object.keys(changes).flatMap((changed) => dependentKeys([educationPage], changed))) next[key] = null;
  for (const key of keysToClear([educationPage], next)) next[key] = null;
  return next;
}

const programsNeeding = (document: ProgramDocument) => tenant.programs.filter((program) => program.documents.includes(document));

describe('Academics rules: a complete page', () => {
  it('has no errors', () => {
    expect(errorsOf({})).toEqual({});
  });

  it('lists the required answers of an empty page with their labels, in page order', () => {
    expect(validateAnswers({}, { today, pages: [educationPage] })).toEqual({
      previously_attend: ['Please answer: Have you taken classes at Chesapeake State University before?'],
      college_name: ['Search For Your School is required.'],
      campus_preferrence: ['Please answer: Which campus do you plan to attend?'],
    });
  });
});

describe('Academics rules: previous study here', () => {
  it("names the university in the question", () => {
    expect(question('previously_attend').label).toBe(`Have you taken classes at ${tenant.partner_name} before?`);
  });

  it('asks for the dates when the answer is Yes', () => {
    expect(errorsOf({ previously_attend: 'Y' })).toEqual({
      previously_attend_from_month: ['First Attended (Month) is required.'],
      previously_attend_from_year: ['First Attended (Year) is required.'],
      previously_attend_to_month: ['Last Attended (Month) is required.'],
      previously_attend_to_year: ['Last Attended (Year) is required.'],
    });
    const dates = { previously_attend_from_month: '9', previously_attend_from_year: '2012', previously_attend_to_month: '5', previously_attend_to_year: '2013' };
    expect(errorsOf({ previously_attend: 'Y', ...dates })).toEqual({});
  });

  it('hides and clears the dates when the answer is No', () => {
    const answers = { ...valid, previously_attend: 'N', previously_attend_from_month: '9', previously_attend_from_year: '2012' };
    expect(keysToClear([educationPage], answers).sort()).toEqual(['previously_attend_from_month', 'previously_attend_from_year']);
    expect(errorsOf({ previously_attend_from_month: '9', previously_attend_from_year: '2012' })).toEqual({});
  });

  it('needs the last attended date on or after the first', () => {
    const attended = { previously_attend: 'Y', previously_attend_from_month: '9', previously_attend_from_year: '2012' };
    expect(errorsOf({ ...attended, previously_attend_to_month: '5', previously_attend_to_year: '2011' })).toEqual({
      previously_attend_to_year: ['Last Attended must not be before First Attended.'],
    });
    expect(errorsOf({ ...attended, previously_attend_to_month: '8', previously_attend_to_year: '2012' })).toEqual({
      previously_attend_to_year: [educationMessages.lastAttendedBeforeFirst],
    });
    expect(errorsOf({ ...attended, previously_attend_to_month: '9', previously_attend_to_year: '2012' })).toEqual({});
  });
});

describe('Academics rules: the most recent college', () => {
  it('requires the school name', () => {
    for (const empty of [null, '', '  ']) {
      expect(errorsOf({ college_name: empty })).toEqual({ college_name: ['Search For Your School is required.'] });
    }
  });

  it('once the school is named, requires degree, GPA, credits and the attendance dates', () => {
    const onlyName = {
      college_degree: null,
      college_major: null,
      college_degree_month: null,
      college_degree_year: null,
      college_gpa: null,
      college_credits: null,
      college_attend_from_month: null,
      college_attend_from_year: null,
      college_attend_to_month: null,
      college_attend_to_year: null,
    };
    expect(errorsOf(onlyName)).toEqual({
      college_degree: ['Degree Earned or Expected is required.'],
      college_gpa: ['GPA is required.'],
      college_credits: ['Credits Earned is required.'],
      college_attend_from_month: ['Attended From (Month) is required.'],
      college_attend_from_year: ['Attended From (Year) is required.'],
      college_attend_to_month: ['Attended To (Month) is required.'],
      college_attend_to_year: ['Attended To (Year) is required.'],
    });
  });

  it.each(['AD', 'BD', 'MA', 'DD', 'SD', 'FP', 'OC'])('requires major and degree date for degree %s', (degree) => {
    expect(errorsOf({ college_degree: degree, college_major: null, college_degree_month: null, college_degree_year: '' })).toEqual({
      college_major: ['Major is required.'],
      college_degree_month: ['Degree Month is required.'],
      college_degree_year: ['Degree Year is required.'],
    });
    expect(errorsOf({ college_degree: degree })).toEqual({});
  });

  it('needs Attended To on or after Attended From', () => {
    expect(errorsOf({ college_attend_to_year: '2015' })).toEqual({ college_attend_to_year: ['Attended To must not be before Attended From.'] });
    expect(errorsOf({ college_attend_to_month: '7', college_attend_to_year: '2016' })).toEqual({
      college_attend_to_year: [educationMessages.attendedToBeforeFrom],
    });
    expect(errorsOf({ college_attend_to_month: '8', college_attend_to_year: '2016' })).toEqual({});
  });
});

describe('Academics rules: a college still attended (the ANSWERED placeholder)', () => {
  const stillAttending = { college_attend_to_month: null, college_attend_to_year: STILL_ATTENDING };

  it('offers Present first in the Attended To year list, stored as ANSWERED', () => {
    expect(STILL_ATTENDING).toBe('ANSWERED');
    expect(question('college_attend_to_year').options?.[0]).toEqual({ value: 'ANSWERED', label: 'Present (still attending)' });
    expect(values(question('college_attend_from_year').options)).not.toContain('ANSWERED');
  });

  it('counts the pair as answered without a month, and never as before Attended From', () => {
    expect(errorsOf(stillAttending)).toEqual({});
    expect(errorsOf({ ...stillAttending, college_attend_from_year: '2026', college_attend_from_month: '1' })).toEqual({});
  });

  it('hides the month, so a month chosen before is cleared', () => {
    const answers = { ...valid, college_attend_to_year: STILL_ATTENDING };
    expect(isQuestionShown(question('college_attend_to_month'), answers)).toBe(false);
    expect(keysToClear([educationPage], answers)).toEqual(['college_attend_to_month']);
    expect(keysToClear([educationPage], { ...answers, college_attend_to_month_desc: 'May' }).sort()).toEqual([
      'college_attend_to_month',
      'college_attend_to_month_desc',
    ]);
    expect(errorsOf({ college_attend_to_year: STILL_ATTENDING, college_attend_to_month: '5' })).toEqual({});
  });

  it('works the same in slots 2 to 8: the condition reads the slot’s own year', () => {
    expect(question('college_attend_to_month_4').condition).toEqual({
      valueKey: 'college_attend_to_year_4',
      operator: 'notEquals',
      target: 'ANSWERED',
    });
    expect(keysToClear([educationPage], { ...valid, college_attend_to_year_4: STILL_ATTENDING, college_attend_to_month_4: '5' })).toEqual([
      'college_attend_to_month_4',
    ]);
    expect(keysToClear([educationPage], { ...valid, college_attend_to_year_4: '2019', college_attend_to_month_4: '5' })).toEqual([]);
  });
});

describe('Academics rules: GPA and credits', () => {
  it.each(['0', '4', '4.0', '4.00', '3.25', '3.7', '.5'])('accepts the GPA %s', (gpa) => {
    expect(errorsOf({ college_gpa: gpa })).toEqual({});
  });

  it.each(['three', '3,5', '3.2.1', 'A', '1e0', '+3'])('refuses the GPA %s as not a number', (gpa) => {
    expect(errorsOf({ college_gpa: gpa })).toEqual({ college_gpa: ['Please enter your GPA as a number, for example 3.25.'] });
  });

  it.each(['4.01', '5', '87', '-1'])('refuses the GPA %s as off the 4.0 scale', (gpa) => {
    expect(errorsOf({ college_gpa: gpa })).toEqual({ college_gpa: ['Please enter a GPA from 0 to 4.0, on a 4.0 scale.'] });
  });

  it('takes at most two decimals', () => {
    expect(errorsOf({ college_gpa: '3.667' })).toEqual({ college_gpa: ['Please round your GPA to two decimals, for example 3.67.'] });
    expect(errorsOf({ college_gpa: '4.001' })).toEqual({ college_gpa: [educationMessages.gpaOutOfRange, educationMessages.gpaTooPrecise] });
  });

  it.each(['0', '120', '64.5', '45.25', '400'])('accepts %s credits', (credits) => {
    expect(errorsOf({ college_credits: credits })).toEqual({});
  });

  it('refuses credits that are not a number, out of 0 to 400, or over-precise', () => {
    for (const credits of ['many', '1e3', '12 hrs']) {
      expect(errorsOf({ college_credits: credits })).toEqual({
        college_credits: ['Please enter your credits earned as a number, for example 120 or 64.5.'],
      });
    }
    for (const credits of ['401', '-3']) {
      expect(errorsOf({ college_credits: credits })).toEqual({
        college_credits: ['Please enter from 0 to 400 credits earned, in semester or quarter hours.'],
      });
    }
    expect(errorsOf({ college_credits: '12.125' })).toEqual({ college_credits: ['Please round your credits earned to two decimals.'] });
  });
});

describe('Academics rules: colleges 2 to 8', () => {
  const slots = [2, 3, 4, 5, 6, 7, 8];

  it.each(slots)('slot %i requires only major and degree date, by the degree rule', (slot) => {
    expect(errorsOf({ [`college_name_${slot}`]: 'Howard Community College' })).toEqual({});
    expect(errorsOf({ [`college_name_${slot}`]: 'Howard Community College', [`college_degree_${slot}`]: 'AD' })).toEqual({
      [`college_major_${slot}`]: ['Major is required.'],
      [`college_degree_month_${slot}`]: ['Degree Month is required.'],
      [`college_degree_year_${slot}`]: ['Degree Year is required.'],
    });
    const degree = { [`college_degree_${slot}`]: 'AD', [`college_major_${slot}`]: 'General Studies', [`college_degree_month_${slot}`]: '5', [`college_degree_year_${slot}`]: '2014' };
    expect(errorsOf(degree)).toEqual({});
  });

  it.each(slots)('slot %i checks GPA, credits and the attendance order', (slot) => {
    expect(errorsOf({ [`college_gpa_${slot}`]: '4.5', [`college_credits_${slot}`]: 'sixty' })).toEqual({
      [`college_gpa_${slot}`]: [educationMessages.gpaOutOfRange],
      [`college_credits_${slot}`]: [educationMessages.creditsNotNumber],
    });
    expect(errorsOf({ [`college_attend_from_year_${slot}`]: '2012', [`college_attend_to_year_${slot}`]: '2010' })).toEqual({
      [`college_attend_to_year_${slot}`]: [educationMessages.attendedToBeforeFrom],
    });
    expect(errorsOf({ [`college_attend_from_year_${slot}`]: '2012', [`college_attend_to_year_${slot}`]: STILL_ATTENDING })).toEqual({});
  });
});

describe('Academics rules: campus, program and starting term', () => {
  it('offers the tenant’s campuses, with the spec’s codes', () => {
    expect(question('campus_preferrence').label).toBe('Which campus do you plan to attend?');
    expect(values(question('campus_preferrence').options)).toEqual(['M', 'SM', 'o', 'SG']);
    expect(errorsOf({ campus_preferrence: null, applied_major: null, entry_term: null })).toEqual({
      campus_preferrence: ['Please answer: Which campus do you plan to attend?'],
    });
  });

  it('lists for each campus the programs of the catalogue taught there', () => {
    const major = question('applied_major');
    expect(major.options).toBeUndefined();
    expect(major.dependsOn?.controlKey).toBe('campus_preferrence');
    for (const campus of tenant.campuses) {
      const expected = tenant.programs.filter((program) => program.campuses.includes(campus.code)).map((program) => ({ value: program.code, label: program.name }));
      expect(major.dependsOn?.optionsByValue?.[campus.code], campus.code).toEqual(expected);
    }
    expect(values(major.dependsOn?.optionsByValue?.o)).toContain('MBA');
    expect(values(major.dependsOn?.optionsByValue?.SM)).not.toContain('MSCS');
  });

  it('requires a program once a campus is chosen, one taught at that campus', () => {
    expect(errorsOf({ applied_major: null, entry_term: null })).toEqual({ applied_major: ['Program of Study is required.'] });
    // The nonprofit management certificate is taught online only.
    expect(errorsOf({ campus_preferrence: 'M', applied_major: 'GCNPM' })).toEqual({
      applied_major: ['Program of Study must be one of the listed choices.'],
    });
    expect(errorsOf({ campus_preferrence: 'o', applied_major: 'GCNPM' })).toEqual({});
  });

  it('shows the program only once a campus is chosen', () => {
    expect(isQuestionShown(question('applied_major'), {})).toBe(false);
    expect(isQuestionShown(question('applied_major'), { campus_preferrence: 'o' })).toBe(true);
  });

  it('clears the program when the campus changes', () => {
    expect(dependentKeys([educationPage], 'campus_preferrence')).toEqual(['applied_major', 'applied_major_desc']);
    const after = afterChange({ ...valid, applied_major_desc: 'Public Administration (M.P.A.)' }, { campus_preferrence: 'SG' });
    expect(after.applied_major).toBeNull();
    expect(after.applied_major_desc).toBeNull();
    expect(after.entry_term).toBe('2026FA');
  });

  it('requires the starting term once a program is given', () => {
    expect(errorsOf({ entry_term: null })).toEqual({ entry_term: ['Starting Term is required.'] });
  });

  it('lists the terms that have not started, and refuses one that has started since it was chosen', () => {
    expect(question('entry_term').options).toEqual(entryTermsOn(today));
    expect(values(question('entry_term').options)).toEqual(['2026SU', '2026FA', '2027SP', '2027SU']);
    expect(errorsOf({ entry_term: '2026SP' })).toEqual({
      entry_term: ['Please choose one of the listed terms: a term can no longer be chosen once it has started.'],
    });
    expect(errorsOf({ entry_term: '2026SU' }, new Date(2026, 4, 25))).toEqual({});
    expect(errorsOf({ entry_term: '2026SU' }, new Date(2026, 4, 26))).toEqual({ entry_term: [educationMessages.entryTermNotOffered] });
    expect(errorsOf({ entry_term: 'FALL' })).toEqual({ entry_term: [educationMessages.entryTermNotOffered] });
  });
});

describe('the entry-term list', () => {
  const terms: readonly EntryTerm[] = tenant.entry_terms;
  const listOn = (now: Date, count = 4) => entryTermOptions({ terms, count }, now).map((option) => option.value);

  it('uses the tenant’s Spring, Summer and Fall, starting 26 January, 26 May and 26 August', () => {
    expect(terms.map((term) => [term.code, term.name, term.startMonth, term.startDay])).toEqual([
      ['SP', 'Spring', 1, 26],
      ['SU', 'Summer', 5, 26],
      ['FA', 'Fall', 8, 26],
    ]);
    expect(entryTermOptions({ terms, count: 2 }, today)).toEqual([
      { value: '2026SU', label: 'Summer 2026' },
      { value: '2026FA', label: 'Fall 2026' },
    ]);
  });

  it.each([
    [new Date(2026, 0, 1), ['2026SP', '2026SU', '2026FA', '2027SP']],
    [new Date(2026, 0, 25, 23, 59), ['2026SP', '2026SU', '2026FA', '2027SP']],
    [new Date(2026, 0, 26), ['2026SU', '2026FA', '2027SP', '2027SU']],
    [new Date(2026, 4, 25, 18, 0), ['2026SU', '2026FA', '2027SP', '2027SU']],
    [new Date(2026, 4, 26, 0, 0), ['2026FA', '2027SP', '2027SU', '2027FA']],
    [new Date(2026, 7, 25), ['2026FA', '2027SP', '2027SU', '2027FA']],
    [new Date(2026, 7, 26, 9, 30), ['2027SP', '2027SU', '2027FA', '2028SP']],
    [new Date(2026, 11, 31, 23, 59), ['2027SP', '2027SU', '2027FA', '2028SP']],
    [new Date(2027, 0, 1), ['2027SP', '2027SU', '2027FA', '2028SP']],
    [new Date(2028, 1, 29), ['2028SU', '2028FA', '2029SP', '2029SU']],
  ])('on %s offers the next four terms that have not started', (now, expected) => {
    expect(listOn(now)).toEqual(expected);
  });

  it('gives as many as asked, and none without terms', () => {
    expect(listOn(today, 7)).toEqual(['2026SU', '2026FA', '2027SP', '2027SU', '2027FA', '2028SP', '2028SU']);
    expect(listOn(today, 0)).toEqual([]);
    expect(entryTermOptions({ terms: [], count: 4 }, today)).toEqual([]);
  });
});

describe('Academics rules: essays, statements and documents', () => {
  const sectionOf = (groupOrId: string) => educationPage.sections.find((section) => section.tabs?.id === groupOrId || section.id === groupOrId)!;
  const documentSections = [...ESSAY_KEYS, 'resume', 'teaching-certificate'] as const;
  const documentOfSection = (id: (typeof documentSections)[number]): ProgramDocument => (id === 'teaching-certificate' ? 'teacher_upload' : id);

  it('shows for each program exactly the essays and documents it reads', () => {
    for (const program of tenant.programs) {
      const campus = program.campuses[0]!;
      const shown = new Set(shownSections(educationPage, { campus_preferrence: campus, applied_major: program.code }));
      const shownDocuments = documentSections.filter((id) => shown.has(sectionOf(id))).map(documentOfSection);
      expect([...shownDocuments].sort(), program.code).toEqual([...program.documents].sort());
    }
    const none = new Set(shownSections(educationPage, {}));
    for (const id of documentSections) expect(none.has(sectionOf(id)), id).toBe(false);
  });

  it('conditions each on the programs of the catalogue that read it', () => {
    for (const id of documentSections) {
      const codes = programsNeeding(documentOfSection(id)).map((program) => program.code);
      expect(codes.length, id).toBeGreaterThan(0);
      expect(sectionOf(id).condition).toEqual({ valueKey: 'applied_major', operator: 'in', target: codes });
    }
  });

  const cyber = { campus_preferrence: 'M', applied_major: 'MSCYB' };

  it('needs a shown essay typed, uploaded or flagged to be mailed', () => {
    expect(errorsOf(cyber)).toEqual({
      personal_statement: ['Personal Statement: please type it, upload it, or check the box to mail it instead.'],
      resume: ['Resume: please type it or upload it.'],
    });
    const resume = { resume_doc: 'ANSWERED' };
    expect(errorsOf({ ...cyber, ...resume, personal_statement: 'I have worked in network security for six years.' })).toEqual({});
    expect(errorsOf({ ...cyber, ...resume, personal_statement_doc: 'ANSWERED' })).toEqual({});
    expect(errorsOf({ ...cyber, ...resume, essay_mail_personal_statement: true })).toEqual({});
    expect(errorsOf({ ...cyber, ...resume, essay_mail_personal_statement: false, personal_statement: '   ' })).toEqual({
      personal_statement: [educationMessages.essayMissing('Personal Statement')],
    });
  });

  it.each(ESSAY_KEYS)('applies the same rule to %s', (key) => {
    const program = programsNeeding(key)[0]!;
    const chosen = { campus_preferrence: program.campuses[0]!, applied_major: program.code, resume_doc: 'ANSWERED', teacher_upload: 'ANSWERED' };
    const title = question(key).label;
    expect(errorsOf(chosen)).toEqual({ [key]: [`${title}: please type it, upload it, or check the box to mail it instead.`] });
    expect(errorsOf({ ...chosen, [docKeyOf(key)]: 'ANSWERED' })).toEqual({});
    expect(errorsOf({ ...chosen, [essayMailKeyOf(key)]: true })).toEqual({});
  });

  it('names the essay in its mail checkbox, so several on one page are told apart', () => {
    expect(question('essay_mail_personal_statement').label).toBe('I will mail my Personal Statement instead');
    const labels = ESSAY_KEYS.map((key) => question(essayMailKeyOf(key)).label);
    expect(new Set(labels).size).toBe(ESSAY_KEYS.length);
  });

  it('takes the resume typed or uploaded, never mailed', () => {
    expect(tabGroupById('resume')?.tabs.map((tab) => [tab.id, tab.keys])).toEqual([
      ['text', ['resume']],
      ['upload', ['resume_doc']],
    ]);
    expect(sectionOf('resume').questions.map((q) => q.key)).toEqual(['resume', 'resume_doc']);
    const accounting = { campus_preferrence: 'o', applied_major: 'MSACC', gmat_taken: 'N', gmat_plan_month: '9', gmat_plan_year: '2026' };
    expect(errorsOf(accounting)).toEqual({ resume: ['Resume: please type it or upload it.'] });
    expect(errorsOf({ ...accounting, resume: 'Staff accountant, 2019 to now.' })).toEqual({});
    expect(errorsOf({ ...accounting, resume_doc: 'ANSWERED' })).toEqual({});
  });

  it('asks certified-teacher programs for a copy of the teaching certificate', () => {
    const curriculum = { campus_preferrence: 'SM', applied_major: 'MEDCI' };
    expect(errorsOf(curriculum)).toEqual({ teacher_upload: ['Please upload a copy of your teaching certificate.'] });
    expect(errorsOf({ ...curriculum, teacher_upload: 'ANSWERED' })).toEqual({});
  });

  it('clears the essays and documents of a program no longer chosen', () => {
    const answers: Answers = {
      ...valid,
      ...cyber,
      personal_statement: 'Draft',
      personal_statement_doc: 'ANSWERED',
      essay_mail_personal_statement: true,
      resume: 'CV',
      resume_doc: 'ANSWERED',
    };
    expect(keysToClear([educationPage], { ...answers, applied_major: 'MPA' }).sort()).toEqual([
      'essay_mail_personal_statement',
      'personal_statement',
      'personal_statement_doc',
      'resume',
      'resume_doc',
    ]);
    // A program that reads the same statement keeps it.
    expect(keysToClear([educationPage], { ...answers, applied_major: 'MBA' })).toEqual([]);
    // Changing the campus clears the program, and so its essays.
    const after = afterChange(answers, { campus_preferrence: 'SM' });
    expect([after.applied_major, after.personal_statement, after.personal_statement_doc, after.essay_mail_personal_statement, after.resume_doc]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(after.college_name).toBe('Towson University');
  });
});

describe('Academics rules: GMAT', () => {
  const mba = { campus_preferrence: 'SG', applied_major: 'MBA', essay_mail_personal_statement: true, resume_doc: 'ANSWERED' };
  const taken = { ...mba, gmat_taken: 'Y', gmat_taken_month: '3', gmat_taken_year: '2025', gmat_score_composite: '640' };
  const planned = { ...mba, gmat_taken: 'N', gmat_plan_month: '8', gmat_plan_year: '2026' };

  it('is asked only of programs that read it', () => {
    expect(errorsOf(mba)).toEqual({ gmat_taken: ['Please answer: Have you taken the GMAT?'] });
    expect(errorsOf(taken)).toEqual({});
    expect(errorsOf(planned)).toEqual({});
    const gmatSection = educationPage.sections.find((section) => section.id === 'gmat')!;
    expect(gmatSection.condition).toEqual({ valueKey: 'applied_major', operator: 'in', target: ['MBA', 'MSACC'] });
    expect(keysToClear([educationPage], { ...taken, applied_major: 'MPA' }).sort()).toEqual(
      ['essay_mail_personal_statement', 'gmat_score_composite', 'gmat_taken', 'gmat_taken_month', 'gmat_taken_year', 'resume_doc'],
    );
    expect(errorsOf({ gmat_taken: 'Y', gmat_score_composite: '9' })).toEqual({});
  });

  it('requires month, year and score once taken', () => {
    expect(errorsOf({ ...mba, gmat_taken: 'Y' })).toEqual({
      gmat_taken_month: ['GMAT Test Month is required.'],
      gmat_taken_year: ['GMAT Test Year is required.'],
      gmat_score_composite: ['GMAT Total Score is required.'],
    });
  });

  it.each(['200', '555', '800'])('accepts the score %s', (score) => {
    expect(errorsOf({ ...taken, gmat_score_composite: score })).toEqual({});
  });

  it.each(['199', '801', '0', '6.5', '-70', 'abc'])('refuses the score %s', (score) => {
    expect(errorsOf({ ...taken, gmat_score_composite: score })).toEqual({
      gmat_score_composite: ['Please enter your GMAT total score as a whole number from 200 to 800.'],
    });
  });

  it('gives the length message too for a longer answer', () => {
    expect(errorsOf({ ...taken, gmat_score_composite: '650.5' })).toEqual({
      gmat_score_composite: [educationMessages.gmatScoreInvalid, 'GMAT Total Score must be at most 3 characters.'],
    });
  });

  it('refuses a test date in the future', () => {
    expect(errorsOf({ ...taken, gmat_taken_month: '5', gmat_taken_year: '2026' })).toEqual({});
    expect(errorsOf({ ...taken, gmat_taken_month: '6', gmat_taken_year: '2026' })).toEqual({
      gmat_taken_year: ['The GMAT test date must not be in the future. If you have not taken the test yet, answer No.'],
    });
    expect(values(question('gmat_taken_year').options)).toEqual(['2026', '2025', '2024', '2023', '2022', '2021']);
  });

  it('requires the planned date when not taken, not in the past', () => {
    expect(errorsOf({ ...mba, gmat_taken: 'N' })).toEqual({
      gmat_plan_month: ['Planned GMAT Test Month is required.'],
      gmat_plan_year: ['Planned GMAT Test Year is required.'],
    });
    expect(errorsOf({ ...planned, gmat_plan_month: '5' })).toEqual({});
    expect(errorsOf({ ...planned, gmat_plan_month: '4' })).toEqual({ gmat_plan_year: ['The planned GMAT test date must not be in the past.'] });
    expect(values(question('gmat_plan_year').options)).toEqual(['2026', '2027', '2028']);
  });

  it('clears the taken answers when the answer becomes No', () => {
    const after = afterChange(taken, { gmat_taken: 'N' });
    expect([after.gmat_taken_month, after.gmat_taken_year, after.gmat_score_composite]).toEqual([null, null, null]);
  });
});

describe('the program catalogue', () => {
  it('has 10 to 14 programs with unique codes, each taught at a campus of the tenant', () => {
    const codes = tenant.programs.map((program) => program.code);
    expect(codes.length).toBeGreaterThanOrEqual(10);
    expect(codes.length).toBeLessThanOrEqual(14);
    expect(new Set(codes).size).toBe(codes.length);
    const campuses = new Set(tenant.campuses.map((campus) => campus.code));
    for (const program of tenant.programs) {
      expect(program.campuses.length, program.code).toBeGreaterThan(0);
      for (const campus of program.campuses) expect(campuses.has(campus), `${program.code} at ${campus}`).toBe(true);
    }
  });

  it('gives every essay, the resume and the teaching certificate a program that reads it, and the GMAT one', () => {
    for (const document of [...ESSAY_KEYS, 'resume', 'teacher_upload'] as const) expect(programsNeeding(document).length, document).toBeGreaterThan(0);
    expect(tenant.programs.filter((program) => program.gmat).map((program) => program.code)).toContain('MBA');
  });
});

describe('honors', () => {
  it('are four optional text questions of their own section', () => {
    const honors = educationPage.sections.find((section) => section.id === 'honors')!;
    expect(honors.questions.map((q) => [q.key, q.widget])).toEqual([
      ['honors_name', 'text'],
      ['honors_2_name', 'text'],
      ['honors_3_name', 'text'],
      ['honors_4_name', 'text'],
    ]);
    expect(errorsOf({ honors_name: "Dean's List", honors_3_name: 'Phi Beta Kappa' })).toEqual({});
  });
});
