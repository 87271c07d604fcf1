import { UPLOAD_MAX_BYTES, UPLOAD_NAME_MAX_LENGTH } from '../../common/constants';
import { detectDocumentType, documentTypeProblem, type DocumentType } from '../../common/uploads/document-type';
import { uploadMessages } from '../../common/uploads/upload-messages';
import { DOCUMENT_MIME_TYPES } from '../../common/uploads/upload-types';

declare const checkedBrand: unique symbol;

/**
 * An uploaded document whose bound and type were decided once, by `checkDocument` at the
 * conversion job's door: its bytes (at most UPLOAD_MAX_BYTES, not empty), the type read from them
 * and its name, which agrees with that type. Everything after the door (the conversion runner,
 * the sandbox's request, `convertToPdf`) takes one and trusts it rather than checking again.
 */
export interface CheckedDocument {
  readonly bytes: Uint8Array;
  readonly type: DocumentType;
  readonly name: string;
  readonly [checkedBrand]: true;
}

export type DocumentCheck = { ok: true; document: CheckedDocument } | { ok: false; message: string };

/**
 * The server's repeat of the upload widget's checks (form-content section 5), in the widget's
 * order: emptiness, size, name length, type; the one place a CheckedDocument is made. The type is
 * read from the bytes and the name must agree with it, through the same check the browser makes:
 * the name is what reviewers see, so a PDF named .docx is refused with "not really a Word
 * document" rather than shown under a name that lies about it.
 */
export function checkDocument(bytes: Uint8Array, fileName: string): DocumentCheck {
  if (bytes.length === 0) return { ok: false, message: uploadMessages.empty };
  if (bytes.length > UPLOAD_MAX_BYTES) return { ok: false, message: uploadMessages.tooLarge };
  if (fileName.length > UPLOAD_NAME_MAX_LENGTH) return { ok: false, message: uploadMessages.nameTooLong };
  const problem = documentTypeProblem(bytes, fileName);
  const type = detectDocumentType(bytes);
  if (problem || !type) return { ok: false, message: problem ?? uploadMessages.wrongType };
  return { ok: true, document: { bytes, type, name: fileName } as CheckedDocument };
}

/**
 * A checked document as it arrives on the far side of a process boundary (the sandbox's request),
 * or null when the message does not have its shape. Only its shape is read: the pool sends only
 * documents `checkDocument` made (the request's type says so), so the bound and the type are not
 * decided again. The bytes are the message's own, which the receiver copies (exact-bytes.ts).
 */
export function receivedCheckedDocument(value: unknown): CheckedDocument | null {
  if (typeof value !== 'object' || value === null) return null;
  const { bytes, type, name } = value as Record<string, unknown>;
  if (!(bytes instanceof Uint8Array) || typeof name !== 'string' || typeof type !== 'string' || !Object.hasOwn(DOCUMENT_MIME_TYPES, type)) return null;
  return { bytes, type: type as DocumentType, name } as CheckedDocument;
}

/** The same document over a copy of its bytes made by `copy` (an exact copy, to cross a boundary). */
export function withBytes(document: CheckedDocument, copy: (bytes: Uint8Array) => Uint8Array): CheckedDocument {
  return { ...document, bytes: copy(document.bytes) };
}
