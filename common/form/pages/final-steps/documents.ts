import type { SectionDef } from '../../types';
import { proofOfResidenceRules } from '../../schema/final-steps-rules';
import { uploadQuestion } from '../question-factories';
import { shownWhenAny } from './alternatives';
import { employeeFamily, residedTwelveMonths, usesTransferredBenefits, veteranHasDd214 } from './conditions';

/**
 * What `doc_upload` proves, one trigger each: a deed or lease for 12 months at the permanent
 * address, the veteran's DD214, the certificate of eligibility for transferred benefits, and the
 * HR letter of verification for University System employees and their families. The same order
 * as the rules' messages.
 */
export const proofTriggers = [residedTwelveMonths, veteranHasDd214, usesTransferredBenefits, employeeFamily] as const;

/** Shown while any trigger holds; the upload is kept until none does. */
export const proofSections: readonly SectionDef[] = shownWhenAny(
  {
    id: 'proof-of-residence',
    title: 'Proof of Residence and Eligibility',
    intro:
      'Please upload each document that applies to you: a deed or lease showing that you have lived at your address for the past 12 months; your DD214, if you are a veteran; your certificate of eligibility, if you use transferred veterans’ education benefits; a letter of verification from Human Resources, if you or your spouse or parent works for the University System of Maryland.',
    questions: [
      uploadQuestion('doc_upload', 'Proof of Residence and Eligibility', {
        hint: 'If more than one document applies, combine them into one PDF file.',
        rules: proofOfResidenceRules,
      }),
    ],
  },
  proofTriggers,
);
