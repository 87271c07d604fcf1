import crypto from 'node:crypto';
import { PDFBool, PDFDict, PDFHexString, PDFName, PDFNumber, PDFString } from '@cantoo/pdf-lib';
import { rc4 } from './rc4';

/** How one kind of data (strings, streams, embedded files) is encrypted. */
export type PdfCipher = 'none' | 'rc4' | 'aes-128' | 'aes-256';

/** What the empty user password opens: the file key and the cipher of each kind of data. */
export interface OpenedEncryption {
  key: Buffer;
  strings: PdfCipher;
  streams: PdfCipher;
  embeddedFiles: PdfCipher;
  /** False when the XMP metadata stream was left in the clear (V4 and later). */
  encryptMetadata: boolean;
}

/**
 * What the standard security handler says of a PDF opened without a password: `opens` with the
 * key to decrypt it; `attachmentsOnly` when only embedded files are encrypted (the pages open, the
 * attachments need a password); `needsPassword` otherwise, including handlers we do not know
 * (public-key encryption needs a certificate, which is a password by another name).
 */
export type EmptyPasswordResult = { kind: 'opens'; encryption: OpenedEncryption } | { kind: 'attachmentsOnly' } | { kind: 'needsPassword' };

/** The 32 bytes a password is padded with (ISO 32000-1, 7.6.3.3, algorithm 2). */
const PASSWORD_PADDING = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');

function bytesOf(dict: PDFDict, key: string): Buffer | null {
  const value = dict.lookup(PDFName.of(key));
  return value instanceof PDFString || value instanceof PDFHexString ? Buffer.from(value.asBytes()) : null;
}

function numberOf(dict: PDFDict, key: string): number | null {
  const value = dict.lookup(PDFName.of(key));
  return value instanceof PDFNumber ? value.asNumber() : null;
}

function nameOf(dict: PDFDict | undefined, key: string): string | null {
  const value = dict?.lookup(PDFName.of(key));
  return value instanceof PDFName ? value.decodeText() : null;
}

const md5 = (...parts: Uint8Array[]) => crypto.createHash('md5').update(Buffer.concat(parts)).digest();

/** A V4 crypt filter by name: Identity leaves data in the clear; StmF, StrF and EFF name one. */
function cryptFilterCipher(encrypt: PDFDict, filterName: string | null): PdfCipher {
  if (filterName === null || filterName === 'Identity') return 'none';
  const filters = encrypt.lookupMaybe(PDFName.of('CF'), PDFDict);
  const method = nameOf(filters?.lookupMaybe(PDFName.of(filterName), PDFDict), 'CFM');
  if (method === 'V2') return 'rc4';
  if (method === 'AESV2') return 'aes-128';
  if (method === 'AESV3') return 'aes-256';
  return 'none';
}

/** Algorithm 2: the file key of revisions 2 to 4 from a padded user password (the empty one by default). */
function revision4Key(encrypt: PDFDict, firstId: Buffer, keyLength: number, encryptMetadata: boolean, paddedPassword: Uint8Array = PASSWORD_PADDING): Buffer | null {
  const owner = bytesOf(encrypt, 'O');
  const permissions = numberOf(encrypt, 'P');
  const revision = numberOf(encrypt, 'R') ?? 2;
  if (!owner || permissions === null) return null;
  const p = Buffer.alloc(4);
  p.writeInt32LE(permissions | 0);
  const metadataFlag = revision >= 4 && !encryptMetadata ? [Buffer.from([0xff, 0xff, 0xff, 0xff])] : [];
  let key = md5(paddedPassword, owner.subarray(0, 32), p, firstId, ...metadataFlag).subarray(0, keyLength);
  if (revision >= 3) for (let i = 0; i < 50; i += 1) key = md5(key).subarray(0, keyLength);
  return key;
}

/** Algorithms 4 and 5: whether the key opens the document, by re-deriving the stored /U value. */
function revision4UserPasswordMatches(encrypt: PDFDict, key: Buffer, firstId: Buffer): boolean {
  const user = bytesOf(encrypt, 'U');
  if (!user) return false;
  if ((numberOf(encrypt, 'R') ?? 2) === 2) return rc4(key, PASSWORD_PADDING).equals(user.subarray(0, 32));
  let check = rc4(key, md5(PASSWORD_PADDING, firstId));
  for (let i = 1; i <= 19; i += 1) check = rc4(key.map((byte) => byte ^ i), check);
  return check.equals(user.subarray(0, 16));
}

/**
 * Algorithm 7 with the empty owner password: the padded user password that /O hides. A document
 * whose owner password is empty opens without asking in every reader (with all rights), whatever
 * its user password.
 */
function userPasswordFromEmptyOwner(encrypt: PDFDict, keyLength: number): Buffer | null {
  const owner = bytesOf(encrypt, 'O');
  if (!owner || owner.length < 32) return null;
  const revision = numberOf(encrypt, 'R') ?? 2;
  let hash = md5(PASSWORD_PADDING);
  if (revision >= 3) for (let i = 0; i < 50; i += 1) hash = md5(hash);
  const key = hash.subarray(0, keyLength);
  if (revision === 2) return rc4(key, owner.subarray(0, 32));
  let password: Buffer = Buffer.from(owner.subarray(0, 32));
  for (let i = 19; i >= 0; i -= 1) password = rc4(key.map((byte) => byte ^ i), password);
  return password;
}

/** Algorithm 2.B (revision 6): SHA-256, -384 and -512 rounds over AES-128 of the password. */
function revision6Hash(password: Buffer, salt: Buffer, userKey: Buffer): Buffer {
  let k = crypto.createHash('sha256').update(Buffer.concat([password, salt, userKey])).digest();
  for (let round = 0; ; round += 1) {
    const k1 = Buffer.concat(Array.from({ length: 64 }, () => Buffer.concat([password, k, userKey])));
    const cipher = crypto.createCipheriv('aes-128-cbc', k.subarray(0, 16), k.subarray(16, 32)).setAutoPadding(false);
    const e = Buffer.concat([cipher.update(k1), cipher.final()]);
    const remainder = e.subarray(0, 16).reduce((sum, byte) => sum + byte, 0) % 3;
    k = crypto.createHash(['sha256', 'sha384', 'sha512'][remainder]!).update(e).digest();
    // Round r (from 0) is the last once r >= 63 and the last byte of E is at most r - 31 (pdf.js, qpdf).
    if (round >= 63 && e[e.length - 1]! <= round - 31) return k.subarray(0, 32);
  }
}

/**
 * Algorithm 2.A (revisions 5 and 6): the file key from the empty password, tried as the user's
 * password and then as the owner's (whose hashes also cover the 48 bytes of /U), or null when
 * neither is empty.
 */
function revision6Key(encrypt: PDFDict): Buffer | null {
  const user = bytesOf(encrypt, 'U');
  if (!user || user.length < 48) return null;
  const password = Buffer.alloc(0);
  const hash = (salt: Buffer, userKey: Buffer) =>
    numberOf(encrypt, 'R') === 5
      ? crypto.createHash('sha256').update(Buffer.concat([password, salt, userKey])).digest()
      : revision6Hash(password, salt, userKey);
  const unwrap = (hashed: Buffer, wrapped: Buffer) => {
    const decipher = crypto.createDecipheriv('aes-256-cbc', hashed, Buffer.alloc(16)).setAutoPadding(false);
    return Buffer.concat([decipher.update(wrapped.subarray(0, 32)), decipher.final()]);
  };
  const noKey = Buffer.alloc(0);
  const userWrapped = bytesOf(encrypt, 'UE');
  if (userWrapped && userWrapped.length >= 32 && hash(user.subarray(32, 40), noKey).equals(user.subarray(0, 32))) {
    return unwrap(hash(user.subarray(40, 48), noKey), userWrapped);
  }
  const owner = bytesOf(encrypt, 'O');
  const ownerWrapped = bytesOf(encrypt, 'OE');
  const userKey = user.subarray(0, 48);
  if (owner && owner.length >= 48 && ownerWrapped && ownerWrapped.length >= 32 && hash(owner.subarray(32, 40), userKey).equals(owner.subarray(0, 32))) {
    return unwrap(hash(owner.subarray(40, 48), userKey), ownerWrapped);
  }
  return null;
}

/** Key length in bytes of revisions 2 to 4: /Length is in bits, though some writers put bytes in a crypt filter. */
function keyLengthOf(encrypt: PDFDict, version: number, streams: PdfCipher): number {
  if (version === 1) return 5;
  if (streams === 'aes-128') return 16;
  const bits = numberOf(encrypt, 'Length') ?? 40;
  return Math.min(16, Math.max(5, Math.floor(bits / 8)));
}

/**
 * Tries the empty password on a PDF's encryption dictionary, as a reader does when it opens a file
 * without asking: as the user's password (permission-only encryption: an owner password, no user
 * password) and as the owner's (a user password, but an empty owner password); either opens.
 */
export function openWithEmptyPassword(encrypt: PDFDict, firstId: Buffer): EmptyPasswordResult {
  if (nameOf(encrypt, 'Filter') !== 'Standard') return { kind: 'needsPassword' };
  const version = numberOf(encrypt, 'V') ?? 0;
  const encryptMetadata = encrypt.lookup(PDFName.of('EncryptMetadata')) !== PDFBool.False;
  let ciphers: Pick<OpenedEncryption, 'strings' | 'streams' | 'embeddedFiles'>;
  if (version >= 4) {
    const streams = cryptFilterCipher(encrypt, nameOf(encrypt, 'StmF'));
    ciphers = { strings: cryptFilterCipher(encrypt, nameOf(encrypt, 'StrF')), streams, embeddedFiles: cryptFilterCipher(encrypt, nameOf(encrypt, 'EFF') ?? nameOf(encrypt, 'StmF')) };
  } else if (version >= 1) {
    ciphers = { strings: 'rc4', streams: 'rc4', embeddedFiles: 'rc4' };
  } else {
    return { kind: 'needsPassword' };
  }
  const onlyAttachments = ciphers.strings === 'none' && ciphers.streams === 'none';
  const usesAes256 = [ciphers.strings, ciphers.streams, ciphers.embeddedFiles].includes('aes-256');
  let key: Buffer | null;
  if (usesAes256) {
    key = revision6Key(encrypt);
  } else {
    const anyCipher = [ciphers.streams, ciphers.strings, ciphers.embeddedFiles].find((cipher) => cipher !== 'none') ?? 'rc4';
    const keyLength = keyLengthOf(encrypt, version, anyCipher);
    key = revision4Key(encrypt, firstId, keyLength, encryptMetadata);
    if (key && !revision4UserPasswordMatches(encrypt, key, firstId)) {
      // Not the empty user password; perhaps the empty owner password, which unlocks the user's.
      const userPassword = userPasswordFromEmptyOwner(encrypt, keyLength);
      key = userPassword ? revision4Key(encrypt, firstId, keyLength, encryptMetadata, userPassword) : null;
      if (key && !revision4UserPasswordMatches(encrypt, key, firstId)) key = null;
    }
    // Undocumented, but what Acrobat does (and pdf.js since its issue 19484): a V4 key shorter
    // than 16 bytes is padded with zeros before the object keys are made from it.
    if (key && version === 4 && key.length < 16) key = Buffer.concat([key, Buffer.alloc(16 - key.length)]);
  }
  if (key) return { kind: 'opens', encryption: { key, ...ciphers, encryptMetadata } };
  return onlyAttachments ? { kind: 'attachmentsOnly' } : { kind: 'needsPassword' };
}
