import { UPLOAD_MAX_BYTES, UPLOAD_NAME_MAX_LENGTH } from '../constants';
import { UPLOAD_EXTENSIONS, type DocumentType } from './upload-types';

/** What a file of each accepted type is, in the applicant's words. */
export const DOCUMENT_TYPE_NAMES: Readonly<Record<DocumentType, string>> = {
  png: 'a PNG image',
  jpeg: 'a JPEG image',
  pdf: 'a PDF document',
  docx: 'a Word document',
};

/**
 * The upload checks' messages (form-content sections 5 and 9). The spec words the empty-file and
 * file-type messages; the others are ours.
 */
export const uploadMessages = {
  empty: 'Your file is empty. Please upload a non-empty file.',
  wrongType: `You can only enter the following file types: ${UPLOAD_EXTENSIONS.join(', ')}`,
  tooLarge: `Your file is too large. Please upload a file of at most ${UPLOAD_MAX_BYTES / 1_048_576} MB.`,
  nameTooLong: `Your file name must be at most ${UPLOAD_NAME_MAX_LENGTH} characters long, including the extension.`,
  /** Word saves a password-protected document, and wrote every .doc, as an OLE compound file, not a zip. */
  protectedOrOldWord:
    'This Word document is password-protected or in an older format. Please save it as a .docx file without a password, or as a PDF, and upload that.',
  /** Any change to a document once the application is submitted: a new upload, a conversion, a deletion. */
  submitted: 'Your application has been submitted, so its documents can no longer be changed.',
  /** The name says one accepted type and the bytes say another, or nothing we know. */
  notReally: (claimed: DocumentType) =>
    `This file is not really ${DOCUMENT_TYPE_NAMES[claimed]}. Please save it again as PNG, JPEG, PDF or Word (.docx) and upload it again.`,
} as const;
