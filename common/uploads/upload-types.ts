/**
 * The document types an applicant may upload (form-content section 5), written once: the file
 * names' extensions, the MIME types browsers report, the picker's accept list and the extensions
 * the file-type message names.
 */
export type DocumentType = 'pdf' | 'png' | 'jpeg' | 'docx';

/** The extensions accepted and the type each names, in the order the spec's message lists them. */
export const EXTENSION_TYPES: Readonly<Record<string, DocumentType>> = { png: 'png', jpeg: 'jpeg', jpg: 'jpeg', pdf: 'pdf', docx: 'docx' };

/** The MIME types a browser reports for each accepted type. */
export const DOCUMENT_MIME_TYPES: Readonly<Record<DocumentType, readonly string[]>> = {
  png: ['image/png'],
  jpeg: ['image/jpeg'],
  pdf: ['application/pdf'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
};

/** '.png', '.jpeg'...: what the applicant is told and what the file picker offers. */
export const UPLOAD_EXTENSIONS: readonly string[] = Object.keys(EXTENSION_TYPES).map((extension) => `.${extension}`);

/** The file input's `accept` attribute. */
export const UPLOAD_ACCEPT = UPLOAD_EXTENSIONS.join(',');

/** The accepted type a browser's MIME type names, or null. */
export function documentTypeOfMime(mimeType: string): DocumentType | null {
  const found = Object.entries(DOCUMENT_MIME_TYPES).find(([, mimeTypes]) => mimeTypes.includes(mimeType));
  return found ? (found[0] as DocumentType) : null;
}
