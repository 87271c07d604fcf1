import type { AddAnotherCounts, Answers, DocumentAnswer, TabChoices } from '../../common/api';
import { maskSensitiveAnswers } from '../../common/form/sensitive-answers';
import type { AnswerStore } from './answers-store';
import type { FormStateStore } from './form-state-store';
import type { SubmissionStore } from './submissions-store';

/** The store parts an application is read from. */
export interface ApplicationRecordStore {
  submissions: SubmissionStore;
  answers: AnswerStore;
  formState: FormStateStore;
}

/** A converted document of the application: what the applicant saw, and its PDF in the object store. */
export type ApplicationDocument = DocumentAnswer & { pdf_key: string };

/** Everything an application is made of, as the print view, the staff view and the PDF read it. */
export interface ApplicationRecord {
  answers: Answers;
  tabs: TabChoices;
  addAnother: AddAnotherCounts;
  documents: Readonly<Record<string, ApplicationDocument>>;
  /** When the application was submitted; null while it is still being filled in. */
  submittedAt: number | null;
}

/**
 * The application of an account: once submitted, the immutable snapshot taken at submission
 * (DESIGN.md section 4, the application is frozen); before, the live answers, tab choices,
 * add-another counts and converted documents. Staff, the service view and the PDF always read it
 * through here, so they show a sensitive answer masked, its last four characters (docs/decisions.md,
 * "Sensitive answers sealed"); the full value is `sensitiveAnswer`'s, for an admin who says why.
 */
export async function currentApplication(store: ApplicationRecordStore, accountId: string): Promise<ApplicationRecord> {
  const submitted = await store.submissions.find(accountId);
  if (submitted) {
    return {
      answers: maskSensitiveAnswers(submitted.answers),
      tabs: submitted.tabs,
      addAnother: submitted.add_another,
      documents: submitted.document_answers,
      submittedAt: submitted.submitted_at,
    };
  }
  const [answers, tabs, addAnother, documents] = await Promise.all([
    store.answers.list(accountId),
    store.formState.tabs(accountId),
    store.formState.addAnotherCounts(accountId),
    store.submissions.convertedDocuments(accountId),
  ]);
  return { answers: maskSensitiveAnswers(answers), tabs, addAnother, documents, submittedAt: null };
}

/** The full value of a sensitive answer (opened), as submitted once submitted; null when unanswered. */
export async function sensitiveAnswer(store: ApplicationRecordStore, accountId: string, answerKey: string): Promise<string | null> {
  const answers = (await store.submissions.find(accountId))?.answers ?? (await store.answers.list(accountId));
  const value = answers[answerKey];
  return typeof value === 'string' && value !== '' ? value : null;
}
