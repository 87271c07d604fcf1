import crypto from 'node:crypto';
import { PDFArray, PDFDict, PDFHexString, PDFName, PDFRawStream, PDFString, type PDFObject, type PDFRef } from '@cantoo/pdf-lib';
import type { OpenedEncryption, PdfCipher } from './standard-security-handler';
import { rc4 } from './rc4';

const AES_BLOCK = 16;

/** Algorithm 1: RC4 and AES-128 use a key of their own for each object; AES-256 uses the file key. */
function objectKey(encryption: OpenedEncryption, cipher: PdfCipher, ref: PDFRef): Buffer {
  if (cipher === 'aes-256') return encryption.key;
  const id = Buffer.alloc(5);
  id.writeUIntLE(ref.objectNumber, 0, 3);
  id.writeUInt16LE(ref.generationNumber & 0xffff, 3);
  const salt = cipher === 'aes-128' ? [Buffer.from('sAlT', 'latin1')] : [];
  const digest = crypto.createHash('md5').update(Buffer.concat([encryption.key, id, ...salt])).digest();
  return digest.subarray(0, Math.min(encryption.key.length + 5, 16));
}

/**
 * AES-CBC with the initialisation vector in the first block and PKCS#7 padding. Writers get the
 * edges wrong often enough (a missing pad, a ragged last block) that readers forgive them, and so
 * does this: whole blocks are decrypted and a pad is removed only when it is one.
 */
function aesDecrypt(key: Buffer, data: Uint8Array): Buffer {
  if (data.length < 2 * AES_BLOCK) return Buffer.alloc(0);
  const body = data.subarray(AES_BLOCK, data.length - ((data.length - AES_BLOCK) % AES_BLOCK));
  const decipher = crypto.createDecipheriv(key.length === 32 ? 'aes-256-cbc' : 'aes-128-cbc', key, data.subarray(0, AES_BLOCK)).setAutoPadding(false);
  const plain = Buffer.concat([decipher.update(body), decipher.final()]);
  const pad = plain[plain.length - 1]!;
  const padded = pad >= 1 && pad <= AES_BLOCK && plain.subarray(plain.length - pad).every((byte) => byte === pad);
  return padded ? plain.subarray(0, plain.length - pad) : plain;
}

export function decryptBytes(encryption: OpenedEncryption, cipher: PdfCipher, ref: PDFRef, data: Uint8Array): Uint8Array {
  if (cipher === 'none') return data;
  const key = objectKey(encryption, cipher, ref);
  return cipher === 'rc4' ? rc4(key, data) : aesDecrypt(key, data);
}

/** Which cipher a stream's contents were encrypted with, from its dictionary. */
function streamCipher(encryption: OpenedEncryption, dict: PDFDict): PdfCipher {
  const type = dict.lookup(PDFName.of('Type'));
  if (type === PDFName.of('XRef')) return 'none';
  if (type === PDFName.of('Metadata') && !encryption.encryptMetadata) return 'none';
  if (type === PDFName.of('EmbeddedFile')) return encryption.embeddedFiles;
  // A stream's own Identity crypt filter leaves it in the clear (7.6.6); no writer we know names another.
  if (hasCryptFilter(dict)) return 'none';
  return encryption.streams;
}

function hasCryptFilter(dict: PDFDict): boolean {
  const filter = dict.lookup(PDFName.of('Filter'));
  return (filter instanceof PDFArray ? filter.lookup(0) : filter) === PDFName.of('Crypt');
}

/** A Crypt filter means nothing in an unencrypted file, and readers refuse the stream: it goes. */
function withoutCryptFilter(dict: PDFDict): void {
  if (!hasCryptFilter(dict)) return;
  for (const key of ['Filter', 'DecodeParms'].map((name) => PDFName.of(name))) {
    const value = dict.lookup(key);
    if (value instanceof PDFArray && value.size() > 1) value.remove(0);
    else dict.delete(key);
  }
}

/** The strings inside a direct object, decrypted in place; returns the object or its replacement. */
function decryptStrings(object: PDFObject, encryption: OpenedEncryption, ref: PDFRef): PDFObject {
  if (object instanceof PDFString || object instanceof PDFHexString) {
    return PDFHexString.of(Buffer.from(decryptBytes(encryption, encryption.strings, ref, object.asBytes())).toString('hex'));
  }
  if (object instanceof PDFDict) {
    for (const [key, value] of object.entries()) object.set(key, decryptStrings(value, encryption, ref));
  } else if (object instanceof PDFArray) {
    for (let i = 0; i < object.size(); i += 1) object.set(i, decryptStrings(object.get(i), encryption, ref));
  }
  return object;
}

/**
 * One indirect object as it would be unencrypted: its strings, and a stream's contents. The
 * objects inside an object stream are not encrypted themselves, the stream around them is.
 */
export function decryptIndirectObject(object: PDFObject, ref: PDFRef, encryption: OpenedEncryption): PDFObject {
  if (object instanceof PDFRawStream) {
    if (object.dict.lookup(PDFName.of('Type')) === PDFName.of('XRef')) return object;
    decryptStrings(object.dict, encryption, ref);
    const contents = decryptBytes(encryption, streamCipher(encryption, object.dict), ref, object.contents);
    withoutCryptFilter(object.dict);
    return PDFRawStream.of(object.dict, contents);
  }
  return decryptStrings(object, encryption, ref);
}
