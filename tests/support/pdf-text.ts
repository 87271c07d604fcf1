import zlib from 'node:zlib';
import { PDFArray, PDFDocument, PDFName, PDFRawStream, type PDFObject } from '@cantoo/pdf-lib';

/** The bytes of a content stream, inflated when it is Flate-compressed (pdfkit's and pdf-lib's only filter). */
function streamBytes(stream: PDFRawStream): Buffer {
  const filter = stream.dict.get(PDFName.of('Filter'));
  const raw = Buffer.from(stream.contents);
  return filter?.toString() === '/FlateDecode' ? zlib.inflateSync(raw) : raw;
}

const hexText = (hex: string) => Buffer.from(hex.replace(/\s+/g, ''), 'hex').toString('latin1');
const literalText = (literal: string) => literal.replace(/\\([()\\])/g, '$1');

/** The text shown by one content stream: the strings of its Tj and TJ operators, in order. */
function shownText(content: string): string {
  const pieces: string[] = [];
  for (const [, array, hex, literal] of content.matchAll(/\[((?:[^\]]|\\\])*)\]\s*TJ|<([0-9a-fA-F\s]*)>\s*Tj|\(((?:[^()\\]|\\.)*)\)\s*Tj/g)) {
    if (array !== undefined) {
      const parts = [...array.matchAll(/<([0-9a-fA-F\s]*)>|\(((?:[^()\\]|\\.)*)\)/g)];
      pieces.push(parts.map(([, h, l]) => (h !== undefined ? hexText(h) : literalText(l ?? ''))).join(''));
    } else if (hex !== undefined) pieces.push(hexText(hex));
    else pieces.push(literalText(literal ?? ''));
  }
  return pieces.join(' ');
}

/**
 * The text of each page of a PDF (what pdfkit and pdf-lib write: standard fonts, hex or literal
 * strings), whitespace collapsed. Enough to check what a generated PDF says; not a general reader.
 */
export async function pdfPageTexts(pdf: Uint8Array): Promise<string[]> {
  const document = await PDFDocument.load(pdf);
  return document.getPages().map((page) => {
    const contents: PDFObject | undefined = page.node.get(PDFName.of('Contents'));
    const resolved = contents ? document.context.lookup(contents) : undefined;
    const streams = resolved instanceof PDFArray ? resolved.asArray().map((item) => document.context.lookup(item)) : [resolved];
    return streams
      .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
      .map((stream) => shownText(streamBytes(stream).toString('latin1')))
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
  });
}
