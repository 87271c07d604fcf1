import { describe, expect, it } from 'vitest';
import { essayFact, programsWithoutEssay } from '../../../../common/form/program-essays';
import { tenant, type Program } from '../../../../common/form/tenant';

const program = (code: string, documents: Program['documents']): Program => ({
  code,
  name: `${code} (M.S.)`,
  campuses: ['M'],
  documents,
  gmat: false,
  letters: { required: 0, accepted: 0 },
});

describe('what the welcome banner says of essays', () => {
  it('names the catalogue programs that read no essay or statement: a resume or a certificate is not one', () => {
    expect(programsWithoutEssay(tenant.programs).map((entry) => entry.code)).toEqual(['MSACC', 'MPA', 'MEDCI', 'GCNPM']);
    expect(essayFact(tenant.programs)).toBe(
      'No essay is needed for Accounting (M.S.), Public Administration (M.P.A.), Curriculum and Instruction (M.Ed.) and Nonprofit Management (Graduate Certificate); the other programs ask for one.',
    );
    expect(tenant.benefits_text).not.toMatch(/essay/i);
  });

  it('says so when every program, or none, asks for an essay, and names a lone program without a list', () => {
    expect(essayFact([program('A', ['personal_statement']), program('B', ['essay_compscience', 'resume'])])).toBe(
      'Every program asks for an essay or a statement.',
    );
    expect(essayFact([program('A', []), program('B', ['resume', 'teacher_upload'])])).toBe('No program asks for an essay.');
    expect(essayFact([program('A', []), program('B', ['personal_statement'])])).toBe(
      'No essay is needed for A (M.S.); the other programs ask for one.',
    );
  });
});
