import { EXEMPTION_KEYS } from './keys';
import type { Condition, QuestionDef, SectionDef } from '../../types';
import { documentRequired, finalStepsMessages } from '../../schema/final-steps-rules';
import { required, when } from '../../schema/generic-rules';
import { uploadQuestion, yesNoQuestion } from '../question-factories';
import {
  activeDuty,
  federatedStateCitizen,
  guardianWard,
  inStateApplicant,
  isVeteran,
  nationalGuard,
  peaceCorpsVolunteer,
  serviceCorpsMember,
} from './conditions';

type ExemptionKey = (typeof EXEMPTION_KEYS)[number];

/** A document asked right after the exception it proves, while that answer is yes. */
interface ProofUpload {
  key: string;
  label: string;
  hint: string;
  condition: Condition;
  /** The rule's name and message while the proof is missing (its condition holds). */
  missing: { name: string; message: string };
}

interface Exception {
  question: string;
  hint?: string;
  /** Asked only while this holds (the DD214 question, of veterans). */
  condition?: Condition;
  upload?: ProofUpload;
}

/**
 * The exceptions of University System of Maryland policy VIII-2.70 that grant the in-state rate
 * whatever the residence. Proofs that have no upload key of their own (the employee's HR letter,
 * the DD214, the certificate of eligibility) are asked in the documents section (`doc_upload`).
 */
const exceptions: Readonly<Record<ExemptionKey, Exception>> = {
  maryland_employee_dependent: {
    question: 'Are you a University System of Maryland employee, or the spouse or dependent child of one?',
    hint: 'A regular employee working at least half time at one of the University System institutions.',
  },
  maryland_guardian_dependent: {
    question: 'Are you the ward of a court-appointed legal guardian who lives in Maryland?',
    upload: {
      key: 'ward_doc_upload',
      label: 'Court Order of Guardianship',
      hint: 'The court order that appoints your legal guardian.',
      condition: guardianWard,
      missing: { name: 'guardianshipOrder', message: finalStepsMessages.guardianshipOrderMissing },
    },
  },
  maryland_armed_forces: {
    question:
      'Are you on active duty in the U.S. armed forces and living or stationed in Maryland, or the spouse or dependent child of someone who is?',
    upload: {
      key: 'active_duty_order',
      label: 'Active-Duty Orders',
      hint: 'Current orders showing active duty and the Maryland duty station (yours, or your spouse’s or parent’s).',
      condition: activeDuty,
      missing: { name: 'activeDutyOrders', message: finalStepsMessages.activeDutyOrdersMissing },
    },
  },
  maryland_veteran: {
    question: 'Are you an honorably discharged veteran of the U.S. armed forces who lives in Maryland?',
  },
  maryland_veteran_documents: {
    question: 'Can you provide your DD214 (Certificate of Release or Discharge from Active Duty)?',
    condition: isVeteran,
  },
  maryland_spouse_child_eligibility: {
    question: 'Are you the spouse or child of a veteran or service member, using education benefits transferred to you?',
    hint: 'For example, Post-9/11 GI Bill benefits transferred by a parent or spouse.',
  },
  maryland_guard_exemption: {
    question: 'Are you a member of the Maryland National Guard?',
    upload: {
      key: 'commander_documentation',
      label: 'Letter from Your Commanding Officer',
      hint: 'A letter from your commander confirming your membership in the Maryland National Guard.',
      condition: nationalGuard,
      missing: { name: 'commanderLetter', message: finalStepsMessages.commanderLetterMissing },
    },
  },
  maryland_federated_state_citizen: {
    question: 'Are you a citizen of the Federated States of Micronesia, the Republic of the Marshall Islands or the Republic of Palau?',
    upload: {
      key: 'copy_of_citizenship',
      label: 'Proof of Citizenship',
      hint: 'A copy of your passport or certificate of citizenship.',
      condition: federatedStateCitizen,
      missing: { name: 'citizenshipProof', message: finalStepsMessages.citizenshipProofMissing },
    },
  },
  maryland_foreign_service: {
    question: 'Are you a member of the U.S. Foreign Service whose home state is Maryland, or the dependent of one, serving abroad?',
  },
  maryland_peace_corps: {
    question: 'Are you a returned Peace Corps volunteer?',
    upload: {
      key: 'peace_corp_documentation',
      label: 'Peace Corps Description of Service',
      hint: 'The Description of Service you received when you completed your service.',
      condition: peaceCorpsVolunteer,
      missing: { name: 'peaceCorpsService', message: finalStepsMessages.peaceCorpsServiceMissing },
    },
  },
  maryland_service_corps: {
    question: 'Have you completed a term of service with AmeriCorps or another national service corps program?',
    upload: {
      key: 'american_corp_program_documentation',
      label: 'Service Corps Certificate of Completion',
      hint: 'The certificate or letter that shows you completed your term of service.',
      condition: serviceCorpsMember,
      missing: { name: 'serviceCorpsCompletion', message: finalStepsMessages.serviceCorpsCompletionMissing },
    },
  },
};

function exceptionQuestions(key: ExemptionKey): QuestionDef[] {
  const { question, hint, condition, upload } = exceptions[key];
  const rules = [condition ? when(condition, required()) : required()];
  const asked = yesNoQuestion(key, question, { ...(hint ? { hint } : {}), ...(condition ? { condition } : {}), rules });
  if (!upload) return [asked];
  const proofRules = [documentRequired(upload.missing.name, upload.condition, upload.missing.message)];
  return [asked, uploadQuestion(upload.key, upload.label, { hint: upload.hint, condition: upload.condition, rules: proofRules })];
}

/** Each exception answered yes or no; a yes asks for its proof right beneath. */
export const exceptionsSection: SectionDef = {
  id: 'residency-exceptions',
  title: 'Exceptions',
  intro: 'Some applicants pay the in-state rate whatever their residence. Please answer each question.',
  condition: inStateApplicant,
  questions: EXEMPTION_KEYS.flatMap(exceptionQuestions),
};
