import type * as fontkit from 'fontkit';
import { loadFace, type Face } from './font-faces';

const registered = new WeakMap<PDFKit.PDFDocument, Set<string>>();
const twins = new Map<string, fontkit.Font>();

/**
 * The face's font for one embedded copy: copy 0 is the font itself; a further copy (see
 * copyFor) differs only in its PostScript name, which is how pdfkit tells embedded fonts apart.
 */
function fontCopy(face: Face, copy: number): fontkit.Font {
  const font = loadFace(face);
  if (copy === 0) return font;
  const key = `${face.key}~${copy}`;
  const twin = twins.get(key) ?? (Object.create(font, { postscriptName: { value: `${font.postscriptName}-${copy}` } }) as fontkit.Font);
  twins.set(key, twin);
  return twin;
}

/**
 * Selects the face in the document at a size, registering it there on first use (pdfkit then
 * embeds the glyphs used, as a subset). pdfkit takes a fontkit font as it is
 * (PDFFontFactory.open): the process's parsed copy, not the file again.
 */
export function useFace(doc: PDFKit.PDFDocument, face: Face, size: number, copy = 0): PDFKit.PDFDocument {
  const known = registered.get(doc) ?? new Set<string>();
  registered.set(doc, known);
  const key = copy === 0 ? face.key : `${face.key}~${copy}`;
  if (!known.has(key)) {
    doc.registerFont(key, fontCopy(face, copy) as unknown as Uint8Array);
    known.add(key);
  }
  return doc.font(key).fontSize(size);
}

/** Per document and face, per embedded copy: the characters each glyph id stands for in that copy's ToUnicode map. */
const glyphCharacters = new WeakMap<PDFKit.PDFDocument, Map<string, Map<number, string>[]>>();
/** Embedded copies of one face at most: real text needs two or three. */
const MAX_COPIES = 8;
/** Scripts past Armenian, where one glyph may stand for different characters (Arabic skeletons, Indic half forms). */
const sharedGlyphsPossible = (text: string) => [...text].some((character) => character.codePointAt(0)! > 0x58f);

/**
 * Which embedded copy of the face draws the text: a PDF font maps each glyph to one string of
 * characters, so a glyph standing for other characters than it already does in a copy (ز drawn
 * on the skeleton of ر) goes to a copy where it does not, so copying the text gives back both.
 */
function copyFor(doc: PDFKit.PDFDocument, face: Face, text: string): number {
  if (!sharedGlyphsPossible(text)) return 0;
  const glyphs = loadFace(face)
    .layout(text, [])
    // Glyph 0 is the missing glyph, drawn for characters no face has: there is nothing to give back.
    .glyphs.filter((glyph) => glyph.id !== 0)
    .map((glyph) => [glyph.id, String.fromCodePoint(...glyph.codePoints)] as const);
  const byFace = glyphCharacters.get(doc) ?? new Map<string, Map<number, string>[]>();
  glyphCharacters.set(doc, byFace);
  const copies = byFace.get(face.key) ?? [];
  byFace.set(face.key, copies);
  for (let copy = 0; copy < MAX_COPIES; copy += 1) {
    const mapped = copies[copy] ?? new Map<number, string>();
    copies[copy] = mapped;
    if (glyphs.every(([id, characters]) => (mapped.get(id) ?? characters) === characters)) {
      for (const [id, characters] of glyphs) mapped.set(id, characters);
      return copy;
    }
  }
  // Text made to need ever more copies gets the first: a wrong copied letter, not a PDF of thousands of fonts.
  return 0;
}

/**
 * How wide the face sets the text. Shaping is fontkit's (pdfkit's layout): ligatures, Arabic
 * joining forms and Indic conjuncts are measured as they are drawn.
 */
export function widthOf(doc: PDFKit.PDFDocument, face: Face, size: number, text: string): number {
  // No features asked: pdfkit then shapes word by word and keeps each word's layout for the document.
  return useFace(doc, face, size).widthOfString(text);
}

/** From the face's top (where pdfkit places text) to its baseline, at a size. */
export function ascentOf(face: Face, size: number): number {
  const font = loadFace(face);
  return (font.ascent / font.unitsPerEm) * size;
}

/** Combining marks: shaping reorders them (Indic vowel signs) or moves them onto their base. */
const COMBINING = /\p{M}/u;

/** A PDF text string of any characters: UTF-16BE with its byte order mark, in hex. */
const pdfTextString = (text: string) => `<feff${Buffer.from(text, 'utf16le').swap16().toString('hex')}>`;

/**
 * Runs `draw` (one pdfkit text call) with its text object marked as a Span whose ActualText is
 * `text`. The marks go inside pdfkit's own q ... Q around BT ... ET, not around the call as
 * markContent would put them: poppler places an ActualText with the graphics state at its EMC,
 * and after pdfkit's Q that state no longer has the flip pdfkit draws text in, so the words would
 * land elsewhere on the page (out of reading order).
 */
function withActualText(doc: PDFKit.PDFDocument, text: string, draw: () => void): void {
  const addContent = doc.addContent;
  doc.addContent = function markedContent(this: PDFKit.PDFDocument, data: unknown) {
    if (data === 'BT') addContent.call(this, `/Span <</ActualText ${pdfTextString(text)}>> BDC`);
    addContent.call(this, data);
    if (data === 'ET') addContent.call(this, 'EMC');
    return this;
  };
  try {
    draw();
  } finally {
    doc.addContent = addContent;
  }
}

export interface DrawnText {
  text: string;
  face: Face;
  size: number;
  /** Text in logical order that the shaper reverses: a right-to-left run (visual-order.ts). */
  rightToLeft: boolean;
}

export interface DrawOptions {
  underline?: boolean;
  strike?: boolean;
  link?: string;
}

/**
 * Draws one run of one face with its baseline at `baseline`. Shaping reorders and moves glyphs
 * (a Devanagari vowel sign drawn before its consonant, Vietnamese accents stacked and raised): a
 * left-to-right run with combining marks is marked with its characters as ActualText, so that
 * copying or searching gives back what was typed. A right-to-left run is not: poppler reverses
 * ActualText as if it were in visual order, and reads Arabic and Hebrew letters right from the
 * glyphs' own Unicode mapping (kept right per glyph by copyFor and font-faces.ts).
 */
export function drawText(doc: PDFKit.PDFDocument, run: DrawnText, x: number, baseline: number, options: DrawOptions = {}): void {
  useFace(doc, run.face, run.size, copyFor(doc, run.face, run.text));
  const draw = () =>
    doc.text(run.text, x, baseline - ascentOf(run.face, run.size), {
      lineBreak: false,
      // Right-to-left text is shaped as one run (fontkit reverses it whole); pdfkit's word-by-word
      // layout, cached, would reverse each word in place.
      ...(run.rightToLeft ? { features: [] } : {}),
      oblique: run.face.oblique,
      underline: options.underline ?? false,
      strike: options.strike ?? false,
      ...(options.link ? { link: options.link } : {}),
    });
  // pdfkit's text moves its cursor; callers lay out lines themselves and keep theirs.
  const { x: cursorX, y: cursorY } = doc;
  if (!run.rightToLeft && COMBINING.test(run.text)) withActualText(doc, run.text, draw);
  else draw();
  doc.x = cursorX;
  doc.y = cursorY;
}
