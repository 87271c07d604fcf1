import { PDFArray, PDFDict, PDFName, PDFRawStream, type PDFDocument, type PDFPageLeaf } from '@cantoo/pdf-lib';
import type { DecodedStreams } from './decoded-streams';

/** Operators that put marks on the page: text, shadings, inline images, and paths filled or stroked. */
const PAINTING = new Set(['Tj', 'TJ', "'", '"', 'sh', 'BI', 'f', 'F', 'f*', 'S', 's', 'B', 'B*', 'b', 'b*']);
/** Forms drawing forms: deeper than this is a loop or an attack, and draws nothing. */
const MAX_FORM_DEPTH = 16;

const isWhitespace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;
const isDelimiter = (byte: number) => '()<>[]{}/%'.includes(String.fromCharCode(byte));
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;

/** An entry of a dictionary, resolved, when it is a dictionary; damaged files hold anything anywhere. */
function dictionaryIn(owner: PDFDict | undefined, key: string): PDFDict | undefined {
  const value = owner?.lookup(PDFName.of(key));
  return value instanceof PDFDict ? value : undefined;
}

/** Where the literal string opening at `at` ends: parentheses nest, and a backslash escapes one byte. */
function afterLiteralString(content: Uint8Array, at: number): number {
  let depth = 0;
  for (let index = at; index < content.length; index += 1) {
    const byte = content[index];
    if (byte === 0x5c) index += 1;
    else if (byte === 0x28) depth += 1;
    else if (byte === 0x29 && --depth === 0) return index + 1;
  }
  return content.length;
}

/** A content stream's operators in order, each with the name just before it (what `Do` draws). */
function* operators(content: Uint8Array): Generator<{ operator: string; name: string | undefined }> {
  let name: string | undefined;
  let at = 0;
  while (at < content.length) {
    const byte = content[at]!;
    if (isWhitespace(byte)) at += 1;
    else if (byte === 0x25) while (at < content.length && content[at] !== 0x0a && content[at] !== 0x0d) at += 1;
    else if (byte === 0x28) at = afterLiteralString(content, at);
    else if (byte === 0x3c && content[at + 1] !== 0x3c) at = content.indexOf(0x3e, at) < 0 ? content.length : content.indexOf(0x3e, at) + 1;
    else if (isDelimiter(byte) && byte !== 0x2f) at += 1;
    else {
      const start = at;
      at += 1;
      while (at < content.length && !isWhitespace(content[at]!) && !isDelimiter(content[at]!)) at += 1;
      const token = Buffer.from(content.subarray(start, at)).toString('latin1');
      if (byte === 0x2f) name = token.slice(1);
      else if (!NUMBER.test(token) && token !== 'true' && token !== 'false' && token !== 'null') {
        yield { operator: token, name };
        name = undefined;
      }
    }
  }
}

/**
 * Whether content streams put any mark on a page: a painting operator, or `Do` of an image or of a
 * form that itself paints. Colour is not looked at (white text on white counts), only whether
 * anything is drawn. An inline image (`BI`) paints, so its binary data is never read as operators.
 */
class PaintingScan {
  private readonly drawing = new Set<PDFRawStream>();

  constructor(private readonly streams: DecodedStreams) {}

  pagePaints(page: PDFPageLeaf): boolean {
    const contents = page.lookup(PDFName.of('Contents'));
    const parts = contents instanceof PDFArray ? contents.asArray().map((part) => page.context.lookup(part)) : [contents];
    // Every part is decoded before any is read: a page is refused for any of them, not only the first.
    const decoded = parts.map((part) => (part instanceof PDFRawStream ? this.streams.contentOf(part) : undefined));
    const content = Buffer.concat(decoded.flatMap((part) => (part ? [part, Buffer.from('\n')] : [])));
    const resources = page.context.lookup(page.getInheritableAttribute(PDFName.of('Resources')));
    return this.contentPaints(content, resources instanceof PDFDict ? resources : undefined, 0) || this.annotationsPaint(page);
  }

  /** Annotations drawn by their normal appearance (a stamp, a filled-in field), which readers show. */
  private annotationsPaint(page: PDFPageLeaf): boolean {
    const annotations = page.lookup(PDFName.of('Annots'));
    return (annotations instanceof PDFArray ? annotations.asArray() : []).some((reference) => {
      const annotation = page.context.lookup(reference);
      const normal = dictionaryIn(annotation instanceof PDFDict ? annotation : undefined, 'AP')?.lookup(PDFName.of('N'));
      const states = normal instanceof PDFDict ? normal.values().map((state) => page.context.lookup(state)) : [normal];
      return states.some((state) => state instanceof PDFRawStream && this.formPaints(state, undefined, 0));
    });
  }

  private formPaints(form: PDFRawStream, inherited: PDFDict | undefined, depth: number): boolean {
    if (depth > MAX_FORM_DEPTH || this.drawing.has(form)) return false;
    const content = this.streams.contentOf(form);
    if (!content) return false;
    this.drawing.add(form);
    try {
      return this.contentPaints(content, dictionaryIn(form.dict, 'Resources') ?? inherited, depth + 1);
    } finally {
      this.drawing.delete(form);
    }
  }

  private contentPaints(content: Uint8Array, resources: PDFDict | undefined, depth: number): boolean {
    for (const { operator, name } of operators(content)) {
      if (PAINTING.has(operator)) return true;
      if (operator === 'Do' && name !== undefined && this.xObjectPaints(name, resources, depth)) return true;
    }
    return false;
  }

  private xObjectPaints(name: string, resources: PDFDict | undefined, depth: number): boolean {
    const xObject = dictionaryIn(resources, 'XObject')?.lookup(PDFName.of(name));
    if (!(xObject instanceof PDFRawStream)) return false;
    const subtype = xObject.dict.lookup(PDFName.of('Subtype'));
    if (subtype === PDFName.of('Image')) return true;
    return subtype === PDFName.of('Form') && this.formPaints(xObject, resources, depth);
  }
}

/**
 * Whether any page of the document draws anything. Every page's content is decoded (and counted
 * against the streams' budget) even after one that paints, so that none is kept unchecked.
 */
export function anyPagePaints(document: PDFDocument, streams: DecodedStreams): boolean {
  const scan = new PaintingScan(streams);
  return document.getPages().reduce((painted, page) => scan.pagePaints(page.node) || painted, false);
}
