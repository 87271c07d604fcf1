import { describe, expect, it } from 'vitest';
import { educationPage, finalStepsPage, formPages } from '../../../../common/form/pages';
import {
  appendedDocumentKeys,
  headerName,
  applicationItems,
  pageItems,
} from '../../../../backend/application-pdf/form-layout';
import type { ApplicationContent, PrintItem } from '../../../../backend/application-pdf/print-items';
import { printedLines as lines } from '../../../support/print-lines';

function content(answers: ApplicationContent['answers'], more: Partial<ApplicationContent> = {}): ApplicationContent {
  return { username: 'ada@example.edu', answers, tabs: {}, addAnother: {}, documents: {}, ...more };
}

const document = (file_name: string, pdf_key = `converted/${file_name}`) => ({ file_name, file_size: 100, pdf_key });

const labelsOf = (items: readonly PrintItem[]) => items.flatMap((item) => ('label' in item ? [item.label] : []));

describe('the application PDF layout (the print view from the form definition)', () => {
  it('prints the three pages in order, each headed by its title', () => {
    const items = applicationItems(content({}));
    expect(items.filter((item) => item.kind === 'page').map((item) => (item as { title: string }).title)).toEqual(formPages.map((page) => page.title));
  });

  it('marks the chosen radio option [X] and the others [ ], and a checkbox by its value', () => {
    const text = lines(pageItems(educationPage, content({ previously_attend: 'N' })));
    expect(text.find((line) => line.startsWith('Have you taken classes at'))).toMatch(/: \[ \] Yes \[X\] No$/);
    const about = lines(applicationItems(content({ mailing_addr_same_as_perm_addr: true })));
    expect(about.some((line) => line.startsWith('[X] ') && /same/i.test(line))).toBe(true);
  });

  it('prints a select as the chosen label only, else its _desc', () => {
    const chosen = lines(pageItems(educationPage, content({ campus_preferrence: 'M', applied_major: 'MSCS' })));
    expect(chosen).toContain('Program of Study: Computer Science (M.S.)');
    const described = lines(pageItems(educationPage, content({ campus_preferrence: 'M', applied_major: 'RETIRED', applied_major_desc: 'A retired program' })));
    expect(described).toContain('Program of Study: A retired program');
  });

  it('leaves out hidden sections and questions (the same visibility functions as the renderer)', () => {
    const withoutProgram = labelsOf(pageItems(educationPage, content({})));
    expect(withoutProgram).not.toContain('Program of Study');
    const notInState = pageItems(finalStepsPage, content({ instate_tuition: 'N' }));
    expect(lines(notInState).some((line) => line.includes('active duty'))).toBe(false);
    const inState = pageItems(finalStepsPage, content({ instate_tuition: 'Y', maryland_armed_forces: 'N' }));
    expect(lines(inState).some((line) => line.includes('active duty'))).toBe(true);
    expect(labelsOf(inState)).not.toContain('Active-Duty Orders');
  });

  it('prints the chosen tab of a tab group: the stored choice, else the tab holding an answer, else the default', () => {
    const program = { campus_preferrence: 'M', applied_major: 'MSCS' };
    const essay = (items: PrintItem[]) => lines(items).filter((line) => /Statement of Purpose/.test(line) && !line.startsWith('#') && !line.startsWith('['));
    const typed = { ...program, essay_compscience: 'I like compilers.', essay_compscience_doc: 'ANSWERED' };
    const documents = { essay_compscience_doc: document('essay.pdf') };

    expect(essay(pageItems(educationPage, content(typed, { documents, tabs: { essay_compscience: 'upload' } })))).toEqual([
      expect.stringMatching(/: File attached: essay\.pdf$/),
    ]);
    expect(essay(pageItems(educationPage, content(typed, { documents, tabs: { essay_compscience: 'text' } })))).toEqual([
      expect.stringMatching(/: I like compilers\.$/),
    ]);
    expect(essay(pageItems(educationPage, content({ ...program, essay_compscience_doc: 'ANSWERED' }, { documents })))).toEqual([
      expect.stringMatching(/: File attached: essay\.pdf$/),
    ]);
    expect(essay(pageItems(educationPage, content(program)))).toEqual([expect.stringMatching(/Statement of Purpose: $/)]);
  });

  it('prints college slot 1 always and each further slot that holds an answer, headed College n', () => {
    const blocks = (answers: ApplicationContent['answers']) =>
      pageItems(educationPage, content(answers)).flatMap((item) => (item.kind === 'block' ? [item.title] : []));
    expect(blocks({})).toEqual(['College 1']);
    expect(blocks({ college_name: 'Towson University', college_name_3: 'Goucher College' })).toEqual(['College 1', 'College 2']);
    const text = lines(pageItems(educationPage, content({ college_name: 'Towson University', college_name_3: 'Goucher College' })));
    expect(text).toContain('Search For Your School: Goucher College');
  });

  it('prints a school with its code in parentheses when a code is stored', () => {
    expect(lines(pageItems(educationPage, content({ college_name: 'Towson University', college_ceeb: '5404' })))).toContain(
      'Search For Your School: Towson University (5404)',
    );
    expect(lines(pageItems(educationPage, content({ college_name: 'Towson University' })))).toContain('Search For Your School: Towson University');
  });

  it('prints dates as MM/DD/YYYY and uploads as File attached, and appends documents in form order', () => {
    const answers = {
      birth_date: '1990-04-01',
      campus_preferrence: 'M',
      applied_major: 'MSCS',
      essay_compscience_doc: 'ANSWERED',
      resume_doc: 'ANSWERED',
      instate_tuition: 'Y',
      maryland_armed_forces: 'Y',
      active_duty_order: 'ANSWERED',
    };
    const documents = { active_duty_order: document('orders.png'), resume_doc: document('cv.docx'), essay_compscience_doc: document('essay.pdf') };
    const whole = content(answers, { documents, tabs: { essay_compscience: 'upload', resume: 'upload' } });
    const items = applicationItems(whole);
    expect(lines(items)).toContain('Date of Birth: 04/01/1990');
    expect(lines(items).filter((line) => line.includes('File attached'))).toEqual([
      expect.stringContaining('File attached: essay.pdf'),
      expect.stringContaining('File attached: cv.docx'),
      expect.stringContaining('File attached: orders.png'),
    ]);
    expect(appendedDocumentKeys(items, whole)).toEqual(['essay_compscience_doc', 'resume_doc', 'active_duty_order']);
  });

  it('does not append the document of a question not on show', () => {
    const whole = content({ campus_preferrence: 'M', applied_major: 'MPA' }, { documents: { resume_doc: document('cv.pdf') } });
    expect(appendedDocumentKeys(applicationItems(whole), whole)).toEqual([]);
  });

  it("heads the PDF with the applicant's name (first, middle, last), else the username", () => {
    expect(headerName(content({ first_name: ' Ada ', last_name: 'Lovelace' }))).toBe('Ada Lovelace');
    expect(headerName(content({ first_name: 'Ada', middle_name: 'Augusta', last_name: 'Lovelace' }))).toBe('Ada Augusta Lovelace');
    expect(headerName(content({ last_name: 'Lovelace' }))).toBe('Lovelace');
    expect(headerName(content({}))).toBe('ada@example.edu');
  });
});
