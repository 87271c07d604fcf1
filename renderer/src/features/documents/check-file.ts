import { UPLOAD_MAX_BYTES, UPLOAD_NAME_MAX_LENGTH } from '../../../../common/constants';
import { uploadMessages } from '../../../../common/uploads/upload-messages';
import { isShrinkable, shrinkPhoto } from './shrink-photo';

/** The types form-content section 5 allows, by extension, with the MIME types a browser reports for them. */
const allowedTypes: Readonly<Record<string, readonly string[]>> = {
  png: ['image/png'],
  jpeg: ['image/jpeg'],
  jpg: ['image/jpeg'],
  pdf: ['application/pdf'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
};

export const ONE_FILE_MESSAGE = 'Please choose one file only.';

export const UPLOAD_ACCEPT = Object.keys(allowedTypes)
  .map((extension) => `.${extension}`)
  .join(',');

export type CheckedFile = { ok: true; file: File } | { ok: false; message: string };

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * The checks that need no server: one file, non-empty, an allowed type by extension and (when the
 * browser names one) MIME type, a short enough name, and at most 1 MB. A photo over the size is
 * shrunk first; only one that cannot be made to fit is refused for its size.
 */
export async function checkFiles(files: readonly File[], shrink: (file: File) => Promise<File | null> = shrinkPhoto): Promise<CheckedFile> {
  if (files.length !== 1) return { ok: false, message: ONE_FILE_MESSAGE };
  const file = files[0]!;
  if (file.size === 0) return { ok: false, message: uploadMessages.empty };
  const mimeTypes = allowedTypes[extensionOf(file.name)];
  if (!mimeTypes || (file.type !== '' && !mimeTypes.includes(file.type))) return { ok: false, message: uploadMessages.wrongType };
  if (file.name.length > UPLOAD_NAME_MAX_LENGTH) return { ok: false, message: uploadMessages.nameTooLong };
  if (file.size <= UPLOAD_MAX_BYTES) return { ok: true, file };
  const shrunk = isShrinkable(file) ? await shrink(file) : null;
  return shrunk && shrunk.size <= UPLOAD_MAX_BYTES ? { ok: true, file: shrunk } : { ok: false, message: uploadMessages.tooLarge };
}
