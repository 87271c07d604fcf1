import { describe, expect, it } from 'vitest';
import { tabGroupById } from '../../../../common/form/form-state';
import { educationPage } from '../../../../common/form/pages';
import { lookupText, printDate, printedSlots, printedTab, selectText } from '../../../../common/form/print';
import type { QuestionDef, SectionDef } from '../../../../common/form/types';

const colleges = educationPage.sections.find((section) => section.repeat) as SectionDef;
const question = (key: string) => educationPage.sections.flatMap((section) => section.questions).find((item) => item.key === key) as QuestionDef;

describe('the print rules shared by the print view and the application PDF', () => {
  it('prints dates as MM/DD/YYYY and anything else as stored', () => {
    expect(printDate('2026-01-31')).toBe('01/31/2026');
    expect(printDate('soon')).toBe('soon');
    expect(printDate(undefined)).toBe('');
  });

  it('chooses the stored tab, else the tab holding an answer, else the default', () => {
    const group = tabGroupById('resume')!;
    expect(printedTab(group, { resume: 'typed' }, { resume: 'upload' })?.id).toBe('upload');
    expect(printedTab(group, { resume_doc: 'ANSWERED' }, {})?.id).toBe('upload');
    expect(printedTab(group, {}, undefined)?.id).toBe('text');
  });

  it('prints the first college slot and every further slot with an answer', () => {
    expect(printedSlots(colleges, {}).map((slot) => slot.id)).toEqual([colleges.id]);
    expect(printedSlots(colleges, { college_major_4: 'Physics' }).map((slot) => slot.id)).toEqual([colleges.id, `${colleges.id}-4`]);
  });

  it('prints a select by its label, else its _desc, and a school with its code', () => {
    expect(selectText(question('campus_preferrence'), { campus_preferrence: 'SG' })).toMatch(/Shady Grove/);
    expect(selectText(question('applied_major'), { campus_preferrence: 'M', applied_major: 'GONE', applied_major_desc: 'Old program' })).toBe('Old program');
    expect(lookupText(question('college_name'), { college_name: 'Towson University', college_ceeb: '5404' })).toBe('Towson University (5404)');
    expect(lookupText(question('college_name'), { college_name: 'Towson University' })).toBe('Towson University');
  });
});
