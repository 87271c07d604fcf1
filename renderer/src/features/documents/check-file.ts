import { UPLOAD_MAX_BYTES, UPLOAD_NAME_MAX_LENGTH } from '../../../../common/constants';
import { documentTypeOfName, documentTypeProblem } from '../../../../common/uploads/document-type';
import { uploadMessages } from '../../../../common/uploads/upload-messages';
import { DOCUMENT_MIME_TYPES } from '../../../../common/uploads/upload-types';
import { isShrinkable, shrinkPhoto } from './shrink-photo';

export { UPLOAD_ACCEPT } from '../../../../common/uploads/upload-types';

export const ONE_FILE_MESSAGE = 'Please choose one file only.';

export type CheckedFile = { ok: true; file: File } | { ok: false; message: string };

/**
 * The checks that need no server: one file, non-empty, an allowed type by extension and (when the
 * browser names one) MIME type, a short enough name, at most 1 MB, and bytes that are the type the
 * name says. A photo over the size is shrunk first; only one that cannot be made to fit is refused
 * for its size. The bytes are read last, so only a file of at most 1 MB is read.
 */
export async function checkFiles(files: readonly File[], shrink: (file: File) => Promise<File | null> = shrinkPhoto): Promise<CheckedFile> {
  if (files.length !== 1) return { ok: false, message: ONE_FILE_MESSAGE };
  const chosen = files[0]!;
  if (chosen.size === 0) return { ok: false, message: uploadMessages.empty };
  const claimed = documentTypeOfName(chosen.name);
  if (!claimed || (chosen.type !== '' && !DOCUMENT_MIME_TYPES[claimed].includes(chosen.type))) return { ok: false, message: uploadMessages.wrongType };
  if (chosen.name.length > UPLOAD_NAME_MAX_LENGTH) return { ok: false, message: uploadMessages.nameTooLong };
  const file = chosen.size <= UPLOAD_MAX_BYTES ? chosen : isShrinkable(chosen) ? await shrink(chosen) : null;
  if (!file || file.size > UPLOAD_MAX_BYTES) return { ok: false, message: uploadMessages.tooLarge };
  const problem = documentTypeProblem(new Uint8Array(await file.arrayBuffer()), file.name);
  return problem ? { ok: false, message: problem } : { ok: true, file };
}
