import type { InlineRun, InlineStyle } from '../document-blocks';
import { FONT_ASCENDER, fontName, LINE_ASCENT, LINE_HEIGHT, LINK_COLOR, TEXT_COLOR } from './typography';
import { toWinAnsi } from './win-ansi';

/** The paragraph's own size and emphasis, which each run's emphasis adds to. */
export interface BaseTextStyle {
  size: number;
  bold: boolean;
  italic: boolean;
}

/** Text of one style at a horizontal offset within its line. */
export interface Fragment {
  text: string;
  font: string;
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
}

type Part = Omit<Fragment, 'x'>;
type Token = { kind: 'word' | 'space'; parts: Part[]; width: number } | { kind: 'break' };

function partStyle(style: InlineStyle, base: BaseTextStyle): Omit<Part, 'text' | 'width'> {
  const scripted = style.script !== 'normal';
  const size = scripted ? base.size * 0.65 : base.size;
  const rise = style.script === 'super' ? base.size * 0.33 : style.script === 'sub' ? -base.size * 0.12 : 0;
  const font = fontName(base.bold || style.bold, base.italic || style.italic);
  return { font, size, rise, underline: style.underline, strike: style.strike, ...(style.link ? { link: style.link } : {}) };
}

function measure(doc: PDFKit.PDFDocument, font: string, size: number, text: string): number {
  return doc.font(font).fontSize(size).widthOfString(text);
}

/** Words and spaces; a word may change style midway ("**bold**,"), and is never broken there. */
function tokenize(doc: PDFKit.PDFDocument, runs: readonly InlineRun[], base: BaseTextStyle): Token[] {
  const tokens: Token[] = [];
  for (const run of runs) {
    if (run.kind === 'break') {
      tokens.push({ kind: 'break' });
      continue;
    }
    const style = partStyle(run.style, base);
    for (const piece of toWinAnsi(run.text).split(/( +)/)) {
      if (!piece) continue;
      const kind = piece.startsWith(' ') ? 'space' : 'word';
      const part: Part = { ...style, text: piece, width: measure(doc, style.font, style.size, piece) };
      const last = tokens.at(-1);
      if (last && last.kind === kind) {
        last.parts.push(part);
        last.width += part.width;
      } else {
        tokens.push({ kind, parts: [part], width: part.width });
      }
    }
  }
  return tokens;
}

/** A word wider than the line, cut between characters into pieces that fit. */
function splitWord(doc: PDFKit.PDFDocument, parts: readonly Part[], width: number): Part[][] {
  const pieces: Part[][] = [];
  let current: Part[] = [];
  let used = 0;
  for (const part of parts) {
    for (const character of part.text) {
      const characterWidth = measure(doc, part.font, part.size, character);
      if (used + characterWidth > width && used > 0) {
        pieces.push(current);
        current = [];
        used = 0;
      }
      const last = current.at(-1);
      if (last && last.font === part.font && last.size === part.size && last.rise === part.rise && last.link === part.link) {
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
  return a.font === b.font && a.size === b.size && a.rise === b.rise && a.underline === b.underline && a.strike === b.strike && a.link === b.link;
}

function toLine(parts: readonly Part[], base: BaseTextStyle): Line {
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
  return { fragments, width: x, height: size * LINE_HEIGHT, ascent: size * LINE_ASCENT };
}

/** Greedy line breaking at spaces; spaces at the start of a wrapped line are dropped. */
export function breakLines(doc: PDFKit.PDFDocument, runs: readonly InlineRun[], width: number, base: BaseTextStyle): Line[] {
  const lines: Line[] = [];
  let current: Part[] = [];
  let currentWidth = 0;
  let spaces: Part[] = [];
  const endLine = () => {
    lines.push(toLine(current, base));
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

export function drawLine(doc: PDFKit.PDFDocument, line: Line, x: number, top: number): void {
  for (const fragment of line.fragments) {
    const baseline = top + line.ascent - fragment.rise;
    doc
      .font(fragment.font)
      .fontSize(fragment.size)
      .fillColor(fragment.link ? LINK_COLOR : TEXT_COLOR)
      .text(fragment.text, x + fragment.x, baseline - FONT_ASCENDER * fragment.size, {
        lineBreak: false,
        underline: fragment.underline,
        strike: fragment.strike,
        ...(fragment.link ? { link: fragment.link } : {}),
      });
  }
}
