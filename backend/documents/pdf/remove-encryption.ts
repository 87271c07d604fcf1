import { PDFArray, PDFDict, PDFHexString, PDFInvalidObject, PDFName, PDFObjectParser, PDFRef, PDFString, PDFWriter, type PDFContext } from '@cantoo/pdf-lib';
import { ConversionError, conversionMessages } from '../conversion-error';
import { decryptIndirectObject } from './decrypt-objects';
import { parseDecrypting } from './decrypting-parser';
import { openWithEmptyPassword } from './standard-security-handler';

function firstFileId(context: PDFContext): Buffer {
  const ids = context.lookup(context.trailerInfo.ID);
  const first = ids instanceof PDFArray ? ids.lookup(0) : undefined;
  return first instanceof PDFString || first instanceof PDFHexString ? Buffer.from(first.asBytes()) : Buffer.alloc(0);
}

/** Attachments we cannot decrypt would be stored as garbage: the document goes without them. */
function dropEmbeddedFiles(context: PDFContext): void {
  const catalog = context.lookup(context.trailerInfo.Root);
  const names = catalog instanceof PDFDict ? catalog.lookupMaybe(PDFName.of('Names'), PDFDict) : undefined;
  names?.delete(PDFName.of('EmbeddedFiles'));
}

/**
 * The encryption dictionary, also when its opening `<<` is damaged (pdf.js's PDFBOX-4352 has
 * `E<`), which pdf-lib then keeps as an invalid object: read again from its first key to its last
 * `>>`. Null when it cannot be read even so.
 */
function encryptDictionary(context: PDFContext): PDFDict | null {
  const encrypt = context.lookup(context.trailerInfo.Encrypt);
  if (encrypt instanceof PDFDict) return encrypt;
  if (!(encrypt instanceof PDFInvalidObject)) return null;
  const raw = Buffer.alloc(encrypt.sizeInBytes());
  encrypt.copyBytesInto(raw, 0);
  const text = raw.toString('latin1');
  const [firstKey, end] = [text.indexOf('/'), text.lastIndexOf('>>')];
  if (firstKey < 0 || end < firstKey) return null;
  try {
    const mended = PDFObjectParser.forBytes(Buffer.from(`<<${text.slice(firstKey, end + 2)}`, 'latin1'), context).parseObject();
    return mended instanceof PDFDict ? mended : null;
  } catch {
    return null;
  }
}

function withoutEncryptDictionary(context: PDFContext): Promise<Uint8Array> {
  const encrypt = context.trailerInfo.Encrypt;
  if (encrypt instanceof PDFRef) context.delete(encrypt);
  context.trailerInfo.Encrypt = undefined;
  return PDFWriter.forContext(context, Infinity).serializeToBuffer();
}

/**
 * An encrypted PDF that opens without a password (permission-only encryption: an owner password
 * and an empty user password, or only its attachments encrypted) as an unencrypted copy, which is
 * what the application PDF can copy pages from. One that needs a password to open is refused.
 * `parsed` is the document as pdf-lib read it without decrypting: it holds the encryption
 * dictionary and the file's ID, which the key is made from.
 */
export async function removeEncryption(bytes: Uint8Array, parsed: PDFContext): Promise<Uint8Array> {
  const encrypt = encryptDictionary(parsed);
  // An encryption dictionary that cannot be read is damage: whether a password is needed is unknown.
  if (!encrypt) throw new ConversionError(conversionMessages.pdfDamaged);
  const opened = openWithEmptyPassword(encrypt, firstFileId(parsed));
  if (opened.kind === 'needsPassword') throw new ConversionError(conversionMessages.pdfEncrypted);
  if (opened.kind === 'attachmentsOnly') {
    dropEmbeddedFiles(parsed);
    return withoutEncryptDictionary(parsed);
  }
  const encryptRef = parsed.trailerInfo.Encrypt;
  try {
    const context = await parseDecrypting(bytes, (object, ref) => (ref === encryptRef ? object : decryptIndirectObject(object, ref, opened.encryption)));
    return await withoutEncryptDictionary(context);
  } catch (error) {
    throw new ConversionError(conversionMessages.pdfDamaged, { cause: error });
  }
}
