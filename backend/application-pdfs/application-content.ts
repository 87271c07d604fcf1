import { letterAnswerKey, letterTitle } from '../../common/checklist-api';
import { documentLabel } from '../../common/checklist/checklist-of';
import { type ApplicationRecordStore, currentApplication } from '../applicant/application-record';
import { LATER_DOCUMENT_PREFIX } from '../applicant/later-documents';
import type { AccountStore } from '../auth/accounts-store';
import type { ConversionStore } from '../conversions/conversions-store';
import type { RecommendationStore } from '../recommendations/recommendations-store';
import type { PdfAudience } from '../store/application-pdf-schema';
import type { AppendedPart, ApplicationContent } from '../application-pdf/print-items';

/** The store parts the PDF's content is read from: the application and its account. */
export interface ApplicationContentStore extends ApplicationRecordStore {
  accounts: AccountStore;
}

/** And what follows the frozen application: documents sent after submission, letters. */
export interface PdfContentStore extends ApplicationContentStore {
  conversions: ConversionStore;
  recommendations: RecommendationStore;
}

/**
 * What the PDF of an account is made from: the application as `currentApplication` gives it (the
 * submitted snapshot once submitted, the live answers before), with the account's username for
 * the header when no name is answered.
 */
export async function loadApplicationContent(store: ApplicationContentStore, accountId: string): Promise<ApplicationContent | null> {
  const account = await store.accounts.findById(accountId);
  if (!account) return null;
  const { answers, tabs, addAnother, documents } = await currentApplication(store, accountId);
  return { username: account.username, answers, tabs, addAnother, documents };
}

export const laterDocumentTitle = (label: string) => `${label} (sent after submission)`;

/**
 * The PDF's content for its audience (issue 28 items 3 and 4): the application, then the program
 * documents sent after submission, oldest first; the office's also the letters received, in the
 * order they arrived: a typed one as its text, an uploaded one as its converted PDF. The applicant
 * never reads a letter, waived or not (docs/decisions.md, "Letters: uploads, the office's PDF").
 */
export async function loadPdfContent(store: PdfContentStore, accountId: string, audience: PdfAudience): Promise<ApplicationContent | null> {
  const content = await loadApplicationContent(store, accountId);
  if (!content) return null;
  const later = await store.conversions.completedOutside(accountId, LATER_DOCUMENT_PREFIX);
  const appended: AppendedPart[] = later.map((row) => {
    const key = row.answer_key.slice(LATER_DOCUMENT_PREFIX.length);
    return { title: laterDocumentTitle(documentLabel(key)), pdf_key: row.pdf_key, text: null };
  });
  if (audience === 'office') {
    for (const request of await store.recommendations.receivedFor(accountId)) {
      const title = letterTitle(request.recommender_name);
      if (request.letter_text !== null) appended.push({ title, pdf_key: null, text: request.letter_text });
      else {
        const letter = await store.conversions.find(accountId, letterAnswerKey(request.id));
        if (letter?.status === 'COMPLETED' && letter.pdf_key) appended.push({ title, pdf_key: letter.pdf_key, text: null });
      }
    }
  }
  return { ...content, appended };
}
