import { UPLOAD_MAX_BYTES, UPLOAD_NAME_MAX_LENGTH } from '../../common/constants';
import { detectDocumentType, isOleCompoundFile, type DocumentType } from '../../common/uploads/document-type';
import { uploadMessages } from '../../common/uploads/upload-messages';

export type UploadCheck = { ok: true; type: DocumentType } | { ok: false; message: string };

/** The extensions the applicant is told about; the bytes decide the type, the name only has to agree to be shown. */
const ALLOWED_EXTENSIONS = ['.png', '.jpeg', '.jpg', '.pdf', '.docx'];

function hasAllowedExtension(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return ALLOWED_EXTENSIONS.some((extension) => lower.endsWith(extension) && lower.length > extension.length);
}

/**
 * The server's repeat of the upload widget's checks (form-content section 5), in the widget's
 * order: emptiness, size, name length, type. The type is read from the bytes; a name with another
 * extension is refused too, because the name is what reviewers see, but a file whose extension
 * disagrees with its bytes (a PDF named .docx) is converted as what it is.
 */
export function checkUploadBytes(bytes: Uint8Array, fileName: string): UploadCheck {
  if (bytes.length === 0) return { ok: false, message: uploadMessages.empty };
  if (bytes.length > UPLOAD_MAX_BYTES) return { ok: false, message: uploadMessages.tooLarge };
  if (fileName.length > UPLOAD_NAME_MAX_LENGTH) return { ok: false, message: uploadMessages.nameTooLong };
  if (!hasAllowedExtension(fileName)) return { ok: false, message: uploadMessages.wrongType };
  const type = detectDocumentType(bytes);
  if (!type) return { ok: false, message: isOleCompoundFile(bytes) ? uploadMessages.protectedOrOldWord : uploadMessages.wrongType };
  return { ok: true, type };
}
