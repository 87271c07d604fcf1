import { describe, expect, it } from 'vitest';
import type { Answers } from '../../../common/api';
import { checklistOf, documentLabel, summarizeChecklist, type ChecklistFacts, type ChecklistLetterFact } from '../../../common/checklist/checklist-of';
import { checklistLabels, checklistNext } from '../../../common/checklist/checklist-messages';
import { checklistDocumentAnswerKey, fileOutsideTheAnswers, letterAnswerKey } from '../../../common/checklist-api';
import { completeApplication } from '../../../scripts/support/complete-application';

const SUBMITTED = Date.UTC(2026, 10, 2, 15, 30);
const LATER = SUBMITTED + 86_400_000;
const at = (time: number) => new Date(time).toISOString();

function facts(answers: Answers, more: Partial<ChecklistFacts> = {}, documentAnswers: Record<string, unknown> = {}): ChecklistFacts {
  return { submission: { submitted_at: SUBMITTED, answers: { ...completeApplication(), ...answers }, document_answers: documentAnswers }, records: [], letters: [], documentsSent: [], ...more };
}

const letter = (name: string, more: Partial<ChecklistLetterFact> = {}): ChecklistLetterFact => ({
  id: `id-${name}`,
  recommender_name: name,
  recommender_email: 'advisor@example.org',
  created_at: SUBMITTED + 1000,
  opened_at: null,
  received_at: null,
  delivery_failure: null,
  delivery_failed_at: null,
  ...more,
});

describe('the checklist of a submitted application (issue 28 item 1)', () => {
  it('lists the application, the fee and a transcript per college named, in any script, for a program without letters or documents', () => {
    const checklist = checklistOf(facts({ first_name: 'Zoë', last_name: 'Ñúñez', college_name: 'Universidad de Sevilla', college_name_2: '北京大学', college_name_4: 'Ngozi Okonkwo-Adébáyọ̀ College' }));
    expect(checklist.submitted_at).toBe(at(SUBMITTED));
    expect(checklist.items.map((item) => [item.id, item.label, item.state])).toEqual([
      ['application', checklistLabels.application, 'received'],
      ['fee', checklistLabels.fee, 'awaiting'],
      ['transcript:1', 'Transcript from Universidad de Sevilla', 'awaiting'],
      ['transcript:2', 'Transcript from 北京大学', 'awaiting'],
      ['transcript:4', 'Transcript from Ngozi Okonkwo-Adébáyọ̀ College', 'awaiting'],
    ]);
    expect(checklist.items[0]).toMatchObject({ since: at(SUBMITTED), next: checklistNext.applicationPdf });
    expect(checklist.items[2]).toMatchObject({ since: at(SUBMITTED), next: checklistNext.transcriptAwaiting });
    expect(checklist.summary).toEqual({ complete: false, fee_awaiting: true, transcripts_missing: 3, letters_missing: 0, documents_missing: 0, outstanding: 4 });
  });

  it('is complete once staff record the fee and every transcript', () => {
    const records = [
      { item_id: 'fee', state: 'waived' as const, recorded_at: LATER },
      { item_id: 'transcript:1', state: 'received' as const, recorded_at: LATER },
    ];
    const checklist = checklistOf(facts({}, { records }));
    expect(checklist.items[1]).toEqual({ id: 'fee', kind: 'fee', label: checklistLabels.fee, state: 'waived', since: at(LATER), next: null });
    expect(checklist.items[2]).toMatchObject({ state: 'received', since: at(LATER), next: null });
    expect(checklist.summary).toEqual({ complete: true, fee_awaiting: false, transcripts_missing: 0, letters_missing: 0, documents_missing: 0, outstanding: 0 });
  });

  it('lists each letter named with its state, a refusal with what to do, and open letters up to the number required', () => {
    const named = [
      letter('李小龙', { received_at: LATER }),
      letter('Ngozi Okonkwo-Adébáyọ̀', { delivery_failure: '550 No such user', delivery_failed_at: LATER }),
    ];
    const checklist = checklistOf(facts({ applied_major: 'MSCMHC' }, { letters: named }));
    const letters = checklist.items.filter((item) => item.kind === 'letter');
    expect(letters).toEqual([
      { id: 'letter:id-李小龙', kind: 'letter', label: 'Letter from 李小龙', state: 'received', since: at(LATER), next: null },
      { id: 'letter:id-Ngozi Okonkwo-Adébáyọ̀', kind: 'letter', label: 'Letter from Ngozi Okonkwo-Adébáyọ̀', state: 'refused', since: at(LATER), next: checklistNext.letterRefused('advisor@example.org') },
      { id: 'letter:open:3', kind: 'letter', label: checklistLabels.openLetter(3), state: 'awaiting', since: null, next: checklistNext.letterToAsk },
    ]);
    expect(checklist.summary.letters_missing).toBe(2);
    const opened = checklistOf(facts({ applied_major: 'MAOC' }, { letters: [letter('Zoë Ñúñez', { opened_at: LATER })] }));
    expect(opened.items.filter((item) => item.kind === 'letter')).toEqual([expect.objectContaining({ state: 'opened', since: at(LATER), next: checklistNext.letterOpened })]);
    expect(checklistOf(facts({ applied_major: 'MAOC' }, { letters: [letter('Zoë Ñúñez')] })).items.find((item) => item.kind === 'letter')).toMatchObject({ state: 'invited', next: checklistNext.letterInvited });
  });

  it('lists no letters for a program that takes none, and does not hold the file for a letter beyond those required', () => {
    expect(checklistOf(facts({ applied_major: 'GCNPM' })).items.some((item) => item.kind === 'letter')).toBe(false);
    const three = [letter('A', { received_at: LATER }), letter('B', { received_at: LATER }), letter('C')];
    const records = [{ item_id: 'fee', state: 'paid' as const, recorded_at: LATER }, { item_id: 'transcript:1', state: 'received' as const, recorded_at: LATER }];
    const checklist = checklistOf(facts({ applied_major: 'MSCS', essay_compscience: 'Why I study computing.', resume: 'Work history.' }, { letters: three, records }));
    expect(checklist.summary).toEqual({ complete: true, fee_awaiting: false, transcripts_missing: 0, letters_missing: 0, documents_missing: 0, outstanding: 0 });
    expect(summarizeChecklist(checklist.items).letters_missing).toBe(1);
  });

  it('takes each program document as received when typed, uploaded, sent after submission or recorded by staff, and says what to do otherwise', () => {
    const items = (answers: Answers, more: Partial<ChecklistFacts> = {}, documents: Record<string, unknown> = {}) =>
      checklistOf(facts({ applied_major: 'MSCS', ...answers }, more, documents)).items.filter((item) => item.kind === 'document');
    expect(items({})).toEqual([
      { id: 'document:essay_compscience', kind: 'document', label: documentLabel('essay_compscience'), state: 'awaiting', since: at(SUBMITTED), next: checklistNext.documentMissing },
      { id: 'document:resume', kind: 'document', label: 'Resume', state: 'awaiting', since: at(SUBMITTED), next: checklistNext.documentMissing },
    ]);
    expect(documentLabel('essay_compscience')).toBe('Computer Science Statement of Purpose');
    expect(items({ essay_mail_compscience: true })[0]).toMatchObject({ state: 'awaiting', next: checklistNext.documentMailed });
    expect(items({ essay_compscience: 'Typed.' }, {}, { resume_doc: { file_name: 'cv.pdf' } }).map((item) => [item.state, item.since])).toEqual([['received', at(SUBMITTED)], ['received', at(SUBMITTED)]]);
    expect(items({}, { documentsSent: [{ key: 'resume', at: LATER }], records: [{ item_id: 'document:essay_compscience', state: 'received', recorded_at: LATER + 5 }] }).map((item) => [item.state, item.since])).toEqual([['received', at(LATER + 5)], ['received', at(LATER)]]);
    expect(checklistDocumentAnswerKey('resume')).toBe('checklist:resume');
    const teacher = checklistOf(facts({ applied_major: 'MEDCI' }, {}, { teacher_upload: { file_name: 'certificate.pdf' } })).items.filter((item) => item.kind === 'document');
    expect(teacher).toEqual([expect.objectContaining({ id: 'document:teacher_upload', label: 'Teaching Certificate', state: 'received' })]);
  });
});

describe('the conversion keys of files outside the answers', () => {
  it('reads back what the two key builders make, and nothing else', () => {
    expect(fileOutsideTheAnswers(checklistDocumentAnswerKey('essay_compscience'))).toEqual({ kind: 'document', documentKey: 'essay_compscience' });
    expect(fileOutsideTheAnswers(letterAnswerKey('5b0f6c4e-2f1d-4a53-9a8e-0f6e3c1d2b7a'))).toEqual({ kind: 'letter', requestId: '5b0f6c4e-2f1d-4a53-9a8e-0f6e3c1d2b7a' });
    for (const key of ['resume_doc', 'checklist:', 'letter:', 'letter:../../x', 'checklist:a/b', 'checklist:a:b', 'Letter:abc', ` checklist:resume`, `letter:${'a'.repeat(101)}`]) {
      expect(fileOutsideTheAnswers(key), key).toBeNull();
    }
  });
});
