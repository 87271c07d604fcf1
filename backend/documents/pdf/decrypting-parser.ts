import { PDFName, PDFObjectStreamParser, PDFParser, PDFRawStream, PDFXRefStreamParser, type PDFContext, type PDFObject, type PDFRef } from '@cantoo/pdf-lib';

/**
 * The members of @cantoo/pdf-lib's parser that reading an indirect object uses. It keeps them
 * private; they are named here so the one method below can be replaced on a parser instance, and a
 * change in them fails the encrypted-PDF tests at once (package.json takes its patch releases only).
 */
interface ParserInternals {
  context: PDFContext;
  parseIndirectObject(): Promise<PDFRef>;
  parseIndirectObjectHeader(): PDFRef;
  parseObject(): PDFObject;
  skipWhitespaceAndComments(): void;
  matchKeyword(keyword: number[]): boolean;
  shouldWaitForTick(): boolean;
}

const ENDOBJ = [...Buffer.from('endobj', 'latin1')];

/**
 * Parses a PDF as pdf-lib does, in file order so that a later revision of an object replaces an
 * earlier one, but hands every indirect object to `decrypt` before it is stored. That has to
 * happen during the parse: an object stream's contents are encrypted, and pdf-lib unpacks the
 * objects inside it the moment it reads it. Cross-reference streams are never encrypted. Object
 * and cross-reference streams are not kept as objects (the fork's own parser keeps them): the
 * decrypted copy is written from what is kept, where they would repeat the objects already
 * unpacked and give the offsets of the original file.
 */
export async function parseDecrypting(bytes: Uint8Array, decrypt: (object: PDFObject, ref: PDFRef) => PDFObject): Promise<PDFContext> {
  const parser = PDFParser.forBytesWithOptions(bytes);
  const internals = parser as unknown as ParserInternals;
  internals.parseIndirectObject = async () => {
    const ref = internals.parseIndirectObjectHeader();
    internals.skipWhitespaceAndComments();
    const parsed = internals.parseObject();
    internals.skipWhitespaceAndComments();
    internals.matchKeyword(ENDOBJ);
    const type = parsed instanceof PDFRawStream ? parsed.dict.lookup(PDFName.of('Type')) : undefined;
    if (parsed instanceof PDFRawStream && type === PDFName.of('XRef')) {
      PDFXRefStreamParser.forStream(parsed).parseIntoContext();
      return ref;
    }
    const object = decrypt(parsed, ref);
    if (object instanceof PDFRawStream && type === PDFName.of('ObjStm')) {
      await PDFObjectStreamParser.forStream(object, () => internals.shouldWaitForTick()).parseIntoContext();
    } else {
      internals.context.assign(ref, object);
    }
    return ref;
  };
  return parser.parseDocument();
}
