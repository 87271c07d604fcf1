import { checkDocument, type CheckedDocument } from '../../../backend/documents/checked-document';
import { detectDocumentType, type DocumentType } from '../../../common/uploads/document-type';

/** The name a test or bench gives a built file of each type, so that it agrees with its bytes. */
const NAMES: Readonly<Record<DocumentType, string>> = { pdf: 'document.pdf', png: 'image.png', jpeg: 'photo.jpg', docx: 'essay.docx' };

/**
 * A built file as the conversion job's door passes it on: checked by `checkDocument`, as the job
 * does, under a name agreeing with its bytes unless one is given. Throws with the check's message
 * when the door would refuse it.
 */
export function checked(bytes: Uint8Array, name?: string): CheckedDocument {
  const type = detectDocumentType(bytes);
  const check = checkDocument(bytes, name ?? (type ? NAMES[type] : 'document.pdf'));
  if (!check.ok) throw new Error(`The job's door refuses this file: ${check.message}`);
  return check.document;
}
