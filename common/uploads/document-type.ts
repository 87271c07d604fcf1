import { uploadMessages } from './upload-messages';
import { EXTENSION_TYPES, type DocumentType } from './upload-types';
import { readZipDirectory } from './zip-directory';

export type { DocumentType };

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE_COMPOUND_FILE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** Parts every Word package has; other Office packages (xlsx, pptx) are zips without the second. */
const DOCX_PARTS = ['[Content_Types].xml', 'word/document.xml'];
/**
 * How far into the file the PDF header may start: readers accept leading junk (some scanners
 * write a few bytes before it) and so does pdf-lib.
 */
const PDF_HEADER_WINDOW = 1024;

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
}

function hasPdfHeader(bytes: Uint8Array): boolean {
  const window = Math.min(bytes.length - PDF.length, PDF_HEADER_WINDOW);
  for (let at = 0; at <= window; at += 1) {
    if (startsWith(bytes, PDF, at)) return true;
  }
  return false;
}

function isWordPackage(bytes: Uint8Array): boolean {
  const names = new Set(readZipDirectory(bytes)?.map((entry) => entry.name));
  return DOCX_PARTS.every((part) => names.has(part));
}

/**
 * An OLE compound file: what Word writes for a password-protected document, and for the old .doc
 * format. Not a type we accept, but worth a message of its own.
 */
export function isOleCompoundFile(bytes: Uint8Array): boolean {
  return startsWith(bytes, OLE_COMPOUND_FILE);
}

/** The type of a file from its bytes (magic numbers), never from its name. */
export function detectDocumentType(bytes: Uint8Array): DocumentType | null {
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, JPEG)) return 'jpeg';
  if (startsWith(bytes, ZIP)) return isWordPackage(bytes) ? 'docx' : null;
  if (hasPdfHeader(bytes)) return 'pdf';
  return null;
}

/** The accepted type a file's name claims by its extension (any case), or null for any other name. */
export function documentTypeOfName(fileName: string): DocumentType | null {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0) return null;
  return EXTENSION_TYPES[fileName.slice(dot + 1).toLowerCase()] ?? null;
}

/**
 * Why the bytes cannot be taken as the file the name says, or null when they agree: the one check
 * of the browser and the server. A name with no accepted extension hears the list of types; a name
 * that claims an accepted type whose bytes are something else hears which type it is not.
 */
export function documentTypeProblem(bytes: Uint8Array, fileName: string): string | null {
  const claimed = documentTypeOfName(fileName);
  if (!claimed) return uploadMessages.wrongType;
  const actual = detectDocumentType(bytes);
  if (actual === claimed) return null;
  if (claimed === 'docx' && isOleCompoundFile(bytes)) return uploadMessages.protectedOrOldWord;
  return uploadMessages.notReally(claimed);
}
