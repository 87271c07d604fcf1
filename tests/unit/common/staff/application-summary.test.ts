import { describe, expect, it } from 'vitest';
import type { ChecklistResponse } from '../../../../common/checklist-api';
import { entryTermsOn } from '../../../../common/form/pages/education/choices';
import { formPages } from '../../../../common/form/pages';
import { applicationSummary } from '../../../../common/staff/application-summary';
import { completeApplication } from '../../../../scripts/support/complete-application';

const today = new Date('2026-12-07T12:00:00Z');
const source = (answers: Record<string, string | boolean | null>) => ({ answers, documents: {} });
const value = (summary: ReturnType<typeof applicationSummary>, label: string) => summary.rows.find((row) => row.label === label)?.value;

describe("the staff view's summary of one application", () => {
  it('prints program, term, campus, citizenship and the in-state claim as the print model does, in that order', () => {
    const summary = applicationSummary(formPages, source(completeApplication(today)), null);
    expect(summary.rows.map((row) => row.label)).toEqual(['Program', 'Term', 'Campus', 'Citizenship', 'In-state tuition (residency)']);
    expect(value(summary, 'Program')).toBe('Public Administration (M.P.A.)');
    expect(value(summary, 'Term')).toBe(entryTermsOn(today)[0]!.label);
    expect(value(summary, 'Campus')).toBe('Main campus, Baltimore');
    expect(value(summary, 'Citizenship')).toBe('U.S. citizen');
    expect(value(summary, 'In-state tuition (residency)')).toBe('No');
    expect(summary.checklist).toBeNull();
  });

  it("adds another country's citizenship after the status, and lists each college with its GPA", () => {
    const answers = {
      ...completeApplication(today),
      citizenship_type: '3',
      citizenship: 'CAN',
      college_name_2: 'University of Toronto',
      college_gpa_2: '3.9',
      college_name_3: 'Queen\u2019s University',
    };
    const summary = applicationSummary(formPages, source(answers), null);
    expect(value(summary, 'Citizenship')).toBe('Citizen of another country (not a U.S. permanent resident); Canada');
    expect(summary.colleges).toEqual([
      { name: 'Towson University', gpa: '3.25' },
      { name: 'University of Toronto', gpa: '3.9' },
      { name: 'Queen\u2019s University', gpa: '' },
    ]);
  });

  it('leaves a value empty when nothing is answered, and a hidden answer out', () => {
    // A U.S. citizen's stored country (hidden by the status) is not printed, so not summarised.
    const summary = applicationSummary(formPages, source({ citizenship_type: '1', citizenship: 'CAN' }), null);
    expect(summary.rows.map((row) => row.value)).toEqual(['', '', '', 'U.S. citizen', '']);
    expect(summary.colleges).toEqual([]);
  });

  it('says how far the checklist is, which items are done and what each missing one waits on', () => {
    const checklist: ChecklistResponse = {
      submitted_at: '2026-12-01T10:00:00Z',
      items: [
        { id: 'application', kind: 'application', label: 'Application', state: 'received', since: '2026-12-01T10:00:00Z', next: null },
        { id: 'fee', kind: 'fee', label: 'Application fee', state: 'awaiting', since: null, next: null },
        { id: 'transcript:1', kind: 'transcript', label: 'Transcript from Towson University', state: 'received', since: null, next: null },
        { id: 'letter:open:1', kind: 'letter', label: 'Letter of recommendation', state: 'invited', since: null, next: null },
      ],
      summary: { complete: false, fee_awaiting: true, transcripts_missing: 0, letters_missing: 1, documents_missing: 0, outstanding: 2 },
    };
    expect(applicationSummary(formPages, source({}), checklist).checklist).toEqual({
      text: '2 items outstanding',
      done: ['Application', 'Transcript from Towson University'],
      missing: ['Application fee: Awaiting', 'Letter of recommendation: Invited'],
    });
  });
});
