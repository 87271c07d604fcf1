import { UPLOAD_MAX_BYTES, UPLOAD_NAME_MAX_LENGTH } from '../../common/constants';
import { detectDocumentType, documentTypeProblem, type DocumentType } from '../../common/uploads/document-type';
import { uploadMessages } from '../../common/uploads/upload-messages';

export type UploadCheck = { ok: true; type: DocumentType } | { ok: false; message: string };

/**
 * The server's repeat of the upload widget's checks (form-content section 5), in the widget's
 * order: emptiness, size, name length, type. The type is read from the bytes and the name must
 * agree with it, through the same check the browser makes: the name is what reviewers see, so a
 * PDF named .docx is refused with "not really a Word document" rather than shown under a name
 * that lies about it.
 */
export function checkUploadBytes(bytes: Uint8Array, fileName: string): UploadCheck {
  if (bytes.length === 0) return { ok: false, message: uploadMessages.empty };
  if (bytes.length > UPLOAD_MAX_BYTES) return { ok: false, message: uploadMessages.tooLarge };
  if (fileName.length > UPLOAD_NAME_MAX_LENGTH) return { ok: false, message: uploadMessages.nameTooLong };
  const problem = documentTypeProblem(bytes, fileName);
  const type = detectDocumentType(bytes);
  if (problem || !type) return { ok: false, message: problem ?? uploadMessages.wrongType };
  return { ok: true, type };
}
