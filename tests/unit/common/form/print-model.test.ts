import { describe, expect, it } from 'vitest';
import { tabGroupById } from '../../../../common/form/form-state';
import type { Answers } from '../../../../common/api';
import type { PrintItem, PrintSource } from '../../../../common/form/print-items';
import { printItems } from '../../../../common/form/print-model';
import type { PageDef, QuestionDef, SectionDef } from '../../../../common/form/types';
import { printedLines as lines } from '../../../support/print-lines';

/**
 * The one print model (issue 27 item 2): a definition and an application in, the printed items
 * out, for each widget, condition, repeated block and tab group. The definition here is made up,
 * so each rule is seen on its own; the real form's pages are printed in form-layout.test.ts.
 */

const source = (answers: Answers, more: Partial<PrintSource> = {}): PrintSource => ({ answers, documents: {}, ...more });

const page = (...sections: SectionDef[]): PageDef => ({ id: 'about', path: '/about', title: 'Test Page', sections });
const section = (questions: QuestionDef[], more: Partial<SectionDef> = {}): SectionDef => ({ id: 'things', title: 'Things', questions, ...more });

/** The items of one section's questions, without the page and section headings. */
function questionsPrinted(questions: QuestionDef[], answers: Answers, more: Partial<PrintSource> = {}): PrintItem[] {
  return printItems([page(section(questions))], source(answers, more)).slice(2);
}

const yesNo = [
  { value: 'Y', label: 'Yes' },
  { value: 'N', label: 'No' },
];

describe('the print model', () => {
  it('heads each page and each section, with its introduction', () => {
    const items = printItems([page(section([], { intro: 'Tell us.' })), { ...page(), title: 'Second Page' }], source({}));
    expect(items).toEqual([
      { kind: 'page', title: 'Test Page' },
      { kind: 'section', title: 'Things', intro: 'Tell us.' },
      { kind: 'page', title: 'Second Page' },
    ]);
  });

  it('prints text and text areas as typed, dates as MM/DD/YYYY, a select as its chosen label only', () => {
    const questions: QuestionDef[] = [
      { key: 't_name', widget: 'text', label: 'Name' },
      { key: 't_essay', widget: 'textarea', label: 'Essay' },
      { key: 't_born', widget: 'date', label: 'Born' },
      { key: 't_state', widget: 'select', label: 'State', options: [{ value: 'MD', label: 'Maryland' }] },
      { key: 't_gone', widget: 'select', label: 'Gone', options: [] },
      { key: 't_empty', widget: 'text', label: 'Empty' },
    ];
    const answers = { t_name: 'Ada', t_essay: 'One\nTwo', t_born: '1990-04-01', t_state: 'MD', t_gone: 'X', t_gone_desc: 'A retired choice' };
    expect(questionsPrinted(questions, answers)).toEqual([
      { kind: 'field', key: 't_name', label: 'Name', value: 'Ada' },
      { kind: 'field', key: 't_essay', label: 'Essay', value: 'One\nTwo' },
      { kind: 'field', key: 't_born', label: 'Born', value: '04/01/1990' },
      { kind: 'field', key: 't_state', label: 'State', value: 'Maryland' },
      { kind: 'field', key: 't_gone', label: 'Gone', value: 'A retired choice' },
      { kind: 'field', key: 't_empty', label: 'Empty', value: '' },
    ]);
  });

  it('marks every option of a radio [X] or [ ], in columns past two, and every member of a check group', () => {
    const questions: QuestionDef[] = [
      { key: 't_yes', widget: 'radio', label: 'Agree?', options: yesNo },
      { key: 't_size', widget: 'radio', label: 'Size', options: [...yesNo, { value: 'M', label: 'Maybe' }] },
      { key: 't_race', widget: 'checkGroup', label: 'Race', members: [{ key: 't_race_a', label: 'A' }, { key: 't_race_b', label: 'B' }] },
      { key: 't_agree', widget: 'checkbox', label: 'I agree' },
    ];
    const items = questionsPrinted(questions, { t_yes: 'N', t_size: 'M', t_race_b: true, t_agree: true });
    expect(lines(items)).toEqual(['Agree?: [ ] Yes [X] No', 'Size: [ ] Yes [ ] No [X] Maybe', 'Race: [ ] A [X] B', '[X] I agree']);
    expect(items.map((item) => (item.kind === 'choices' ? [item.columns, item.checkGroup ?? false] : null))).toEqual([[false, false], [true, false], [true, true], null]);
  });

  it('prints a phone with its SMS opt-in marked beneath', () => {
    const items = questionsPrinted([{ key: 't_cell', widget: 'phone', label: 'Cell Phone', smsOptInKey: 't_sms' }], { t_cell: '(410) 555-0142' });
    expect(lines(items)).toEqual(['Cell Phone: (410) 555-0142', expect.stringMatching(/^\[ \] Send me text message updates/)]);
  });

  it('prints a school with its code in parentheses, an address as it is', () => {
    const school: QuestionDef = { key: 't_school', widget: 'lookup', label: 'School', lookup: { category: 'college_ceeb', fills: { code: 't_school_code' } } };
    const zip: QuestionDef = { key: 't_zip', widget: 'lookup', label: 'ZIP', lookup: { category: 'address', fills: { code: 't_zip_code' } } };
    expect(lines(questionsPrinted([school, zip], { t_school: 'Towson University', t_school_code: '5404', t_zip: '21201', t_zip_code: '99' }))).toEqual([
      'School: Towson University (5404)',
      'ZIP: 21201',
    ]);
    expect(lines(questionsPrinted([school], { t_school: 'Goucher College' }))).toEqual(['School: Goucher College']);
  });

  it("prints an upload as 'File attached' with the file's name when known, and nothing without a file", () => {
    const upload: QuestionDef = { key: 't_cv', widget: 'upload', label: 'Resume' };
    expect(questionsPrinted([upload], { t_cv: 'ANSWERED' }, { documents: { t_cv: { file_name: 'cv.pdf' } } })).toEqual([
      { kind: 'upload', label: 'Resume', value: 'File attached: cv.pdf', answerKey: 't_cv' },
    ]);
    expect(lines(questionsPrinted([upload], { t_cv: 'ANSWERED' }))).toEqual(['Resume: File attached']);
    expect(questionsPrinted([upload], {})).toEqual([]);
    // The applicant's review lists it, empty, to say "Not answered" (issue 33 item 4).
    expect(questionsPrinted([upload], {}, { listEmptyUploads: true })).toEqual([{ kind: 'upload', label: 'Resume', value: '', answerKey: 't_cv' }]);
  });

  it("names the answer key of each question's item, a phone's SMS opt-in and a section's trigger included (the review's Change links)", () => {
    const questions: QuestionDef[] = [
      { key: 't_cell', widget: 'phone', label: 'Cell Phone', smsOptInKey: 't_sms' },
      { key: 't_yes', widget: 'radio', label: 'Agree?', options: yesNo },
      { key: 't_race', widget: 'checkGroup', label: 'Race', members: [{ key: 't_race_a', label: 'A' }] },
      { key: 't_agree', widget: 'checkbox', label: 'I agree' },
    ];
    const mailing = section(questions, { trigger: { kind: 'checkbox', key: 't_differs', label: 'Mailing differs' } });
    const items = printItems([page(mailing)], source({ t_differs: true }));
    expect(items.map((item) => ('key' in item ? item.key : item.kind))).toEqual(['page', 'section', 't_differs', 't_cell', 't_sms', 't_yes', 't_race', 't_agree']);
  });

  it('leaves out the questions and sections whose conditions fail', () => {
    const questions: QuestionDef[] = [
      { key: 't_job', widget: 'radio', label: 'Working?', options: yesNo },
      { key: 't_employer', widget: 'text', label: 'Employer', condition: { valueKey: 't_job', operator: 'equals', target: 'Y' } },
    ];
    const hidden = section([{ key: 't_boss', widget: 'text', label: 'Boss' }], { id: 'boss', title: 'Boss', condition: { valueKey: 't_job', operator: 'equals', target: 'Y' } });
    const printed = (answers: Answers) => lines(printItems([page(section(questions), hidden)], source(answers)));
    expect(printed({ t_job: 'N', t_employer: 'NASA' })).toEqual(['# Test Page', '# Things', 'Working?: [ ] Yes [X] No']);
    expect(printed({ t_job: 'Y', t_employer: 'NASA' })).toEqual(['# Test Page', '# Things', 'Working?: [X] Yes [ ] No', 'Employer: NASA', '# Boss', 'Boss: ']);
  });

  it("marks a section's checkbox trigger, and prints its content only when checked; a button trigger's once answered", () => {
    const mailing = section([{ key: 't_street', widget: 'text', label: 'Street' }], { trigger: { kind: 'checkbox', key: 't_differs', label: 'Mailing differs' } });
    expect(lines(printItems([page(mailing)], source({ t_street: 'Main St' })))).toEqual(['# Test Page', '# Things', '[ ] Mailing differs']);
    expect(lines(printItems([page(mailing)], source({ t_differs: true, t_street: 'Main St' })))).toEqual(['# Test Page', '# Things', '[X] Mailing differs', 'Street: Main St']);
    const phone = section([{ key: 't_other', widget: 'text', label: 'Other Phone' }], { trigger: { kind: 'button', label: 'Add a phone' } });
    expect(lines(printItems([page(phone)], source({})))).toEqual(['# Test Page', '# Things']);
    expect(lines(printItems([page(phone)], source({ t_other: '555' })))).toEqual(['# Test Page', '# Things', 'Other Phone: 555']);
  });

  it('prints the first repeated block always and each further one holding an answer, headed and numbered in order', () => {
    const colleges = section([{ key: 't_college', widget: 'text', label: 'College' }], { repeat: { button: { id: 'college', max: 8 }, blockTitle: 'College' } });
    expect(lines(printItems([page(colleges)], source({})))).toEqual(['# Test Page', '# Things', '# College 1', 'College: ']);
    expect(lines(printItems([page(colleges)], source({ t_college: 'Towson', t_college_4: 'Goucher' })))).toEqual([
      '# Test Page',
      '# Things',
      '# College 1',
      'College: Towson',
      '# College 2',
      'College: Goucher',
    ]);
  });

  it("prints the chosen tab's content: the stored choice, else the tab holding an answer, else the default; then what is in no tab", () => {
    const resume = section(
      [
        { key: 'resume', widget: 'textarea', label: 'Type your Resume' },
        { key: 'resume_doc', widget: 'upload', label: 'Upload your Resume' },
        { key: 't_note', widget: 'text', label: 'Note' },
      ],
      { tabs: tabGroupById('resume')! },
    );
    const printed = (answers: Answers, tabs?: Record<string, string>) => lines(printItems([page(resume)], source(answers, { tabs }))).slice(2);
    const both = { resume: 'I wrote compilers.', resume_doc: 'ANSWERED', t_note: 'Thanks' };
    expect(printed(both, { resume: 'upload' })).toEqual(['Upload your Resume: File attached', 'Note: Thanks']);
    expect(printed(both, { resume: 'text' })).toEqual(['Type your Resume: I wrote compilers.', 'Note: Thanks']);
    expect(printed({ resume_doc: 'ANSWERED' })).toEqual(['Upload your Resume: File attached', 'Note: ']);
    expect(printed({})).toEqual(['Type your Resume: ', 'Note: ']);
  });
});
