import { drawText, widthOf } from '../../../fonts/draw-text';
import type { Face } from '../../../fonts/font-faces';
import { fontRuns } from '../../../fonts/font-runs';
import { drawableText } from '../../../fonts/drawable-text';
import { paragraphDirection, visualOrder, type ParagraphDirection } from '../../../fonts/visual-order';
import type { InlineRun, InlineStyle } from '../document-blocks';
import { faceStyle, LINE_ASCENT, LINE_HEIGHT, LINK_COLOR, TEXT_COLOR } from './typography';

/** The paragraph's own size and emphasis, which each run's emphasis adds to. */
export interface BaseTextStyle {
  size: number;
  bold: boolean;
  italic: boolean;
}

/** Text of one style at a horizontal offset within its line. */
export interface Fragment {
  text: string;
  /** One face of the font chain (backend/fonts): the line's text is split where the face changes. */
  face: Face;
  size: number;
  x: number;
  width: number;
  /** How far above the baseline (below, when negative): superscript and subscript. */
  rise: number;
  underline: boolean;
  strike: boolean;
  link?: string;
}

export interface Line {
  fragments: Fragment[];
  width: number;
  height: number;
  /** From the top of the line to its baseline. */
  ascent: number;
  /** The paragraph's, for the order of right-to-left text within the line. */
  direction: ParagraphDirection;
}

type Part = Omit<Fragment, 'x'>;
type Token = { kind: 'word' | 'space'; parts: Part[]; width: number } | { kind: 'break' };

function partStyle(style: InlineStyle, base: BaseTextStyle): Omit<Part, 'text' | 'width' | 'face'> {
  const scripted = style.script !== 'normal';
  const size = scripted ? base.size * 0.65 : base.size;
  const rise = style.script === 'super' ? base.size * 0.33 : style.script === 'sub' ? -base.size * 0.12 : 0;
  return { size, rise, underline: style.underline, strike: style.strike, ...(style.link ? { link: style.link } : {}) };
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** Words and spaces; a word may change style midway ("**bold**,"), and is never broken there. */
function tokenize(doc: PDFKit.PDFDocument, runs: readonly InlineRun[], base: BaseTextStyle): Token[] {
  const tokens: Token[] = [];
  for (const run of runs) {
    if (run.kind === 'break') {
      tokens.push({ kind: 'break' });
      continue;
    }
    const style = partStyle(run.style, base);
    const emphasis = faceStyle(base.bold || run.style.bold, base.italic || run.style.italic);
    for (const piece of drawableText(run.text).split(/( +)/)) {
      if (!piece) continue;
      const kind = piece.startsWith(' ') ? 'space' : 'word';
      for (const { text, face } of fontRuns(piece, emphasis)) {
        const part: Part = { ...style, face, text, width: widthOf(doc, face, style.size, text) };
        const last = tokens.at(-1);
        if (last && last.kind === kind) {
          last.parts.push(part);
          last.width += part.width;
        } else {
          tokens.push({ kind, parts: [part], width: part.width });
        }
      }
    }
  }
  return tokens;
}

/** A word wider than the line, cut between characters (never inside one with its marks) into pieces that fit. */
function splitWord(doc: PDFKit.PDFDocument, parts: readonly Part[], width: number): Part[][] {
  const pieces: Part[][] = [];
  let current: Part[] = [];
  let used = 0;
  for (const part of parts) {
    for (const { segment: character } of graphemes.segment(part.text)) {
      const characterWidth = widthOf(doc, part.face, part.size, character);
      if (used + characterWidth > width && used > 0) {
        pieces.push(current);
        current = [];
        used = 0;
      }
      const last = current.at(-1);
      if (last && sameStyle(last, part)) {
        last.text += character;
        last.width += characterWidth;
      } else {
        current.push({ ...part, text: character, width: characterWidth });
      }
      used += characterWidth;
    }
  }
  if (current.length > 0) pieces.push(current);
  return pieces;
}

function sameStyle(a: Part, b: Part): boolean {
  return a.face.key === b.face.key && a.size === b.size && a.rise === b.rise && a.underline === b.underline && a.strike === b.strike && a.link === b.link;
}

function toLine(parts: readonly Part[], base: BaseTextStyle, direction: ParagraphDirection): Line {
  const fragments: Fragment[] = [];
  let x = 0;
  for (const part of parts) {
    const last = fragments.at(-1);
    if (last && sameStyle(last, part)) {
      last.text += part.text;
      last.width += part.width;
    } else {
      fragments.push({ ...part, x });
    }
    x += part.width;
  }
  const size = Math.max(base.size, ...parts.filter((part) => part.rise === 0).map((part) => part.size));
  return { fragments, width: x, height: size * LINE_HEIGHT, ascent: size * LINE_ASCENT, direction };
}

/** Greedy line breaking at spaces; spaces at the start of a wrapped line are dropped. */
export function breakLines(doc: PDFKit.PDFDocument, runs: readonly InlineRun[], width: number, base: BaseTextStyle): Line[] {
  const lines: Line[] = [];
  let current: Part[] = [];
  let currentWidth = 0;
  let spaces: Part[] = [];
  const direction = paragraphDirection(runs.map((run) => (run.kind === 'text' ? run.text : '\n')).join(''));
  const endLine = () => {
    lines.push(toLine(current, base, direction));
    current = [];
    currentWidth = 0;
  };
  for (const token of tokenize(doc, runs, base)) {
    if (token.kind === 'break') {
      endLine();
      spaces = [];
      continue;
    }
    if (token.kind === 'space') {
      if (current.length > 0) spaces = token.parts;
      continue;
    }
    const spaceWidth = spaces.reduce((sum, part) => sum + part.width, 0);
    if (current.length > 0 && currentWidth + spaceWidth + token.width <= width) {
      current.push(...spaces, ...token.parts);
      currentWidth += spaceWidth + token.width;
    } else {
      if (current.length > 0) endLine();
      const pieces = token.width > width ? splitWord(doc, token.parts, width) : [token.parts];
      pieces.forEach((piece, i) => {
        if (i > 0) endLine();
        current.push(...piece);
        currentWidth = piece.reduce((sum, part) => sum + part.width, 0);
      });
    }
    spaces = [];
  }
  if (current.length > 0 || lines.length === 0) endLine();
  return lines;
}

/** Narrowest and widest the runs can be laid out: the longest word, and everything on one line. */
export function runWidths(doc: PDFKit.PDFDocument, runs: readonly InlineRun[], base: BaseTextStyle): { min: number; max: number } {
  let min = 0;
  let max = 0;
  let line = 0;
  for (const token of tokenize(doc, runs, base)) {
    if (token.kind === 'break') {
      line = 0;
      continue;
    }
    if (token.kind === 'word') min = Math.max(min, token.width);
    line += token.width;
    max = Math.max(max, line);
  }
  return { min, max };
}

/**
 * The line's fragments from left to right: as laid out when the line is all left-to-right, else
 * split and reordered by the bidirectional algorithm and measured again where they were split.
 */
function visualFragments(doc: PDFKit.PDFDocument, line: Line): (Fragment & { rightToLeft: boolean })[] {
  const ordered = visualOrder(line.fragments, line.direction);
  if (!ordered.some((fragment) => fragment.rightToLeft)) return ordered;
  let x = 0;
  return ordered.map((fragment) => {
    const width = widthOf(doc, fragment.face, fragment.size, fragment.text);
    const placed = { ...fragment, x, width };
    x += width;
    return placed;
  });
}

export function drawLine(doc: PDFKit.PDFDocument, line: Line, x: number, top: number, color = TEXT_COLOR): void {
  for (const fragment of visualFragments(doc, line)) {
    doc.fillColor(fragment.link ? LINK_COLOR : color);
    drawText(doc, fragment, x + fragment.x, top + line.ascent - fragment.rise, {
      underline: fragment.underline,
      strike: fragment.strike,
      ...(fragment.link ? { link: fragment.link } : {}),
    });
  }
}
