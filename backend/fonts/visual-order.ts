import bidiFactory from 'bidi-js';

const bidi = bidiFactory();

export type ParagraphDirection = 'ltr' | 'rtl';

/** Any character of a right-to-left script, or a control that starts right-to-left text: without one, logical order is visual order. */
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe\u{10800}-\u{10fff}\u{1e800}-\u{1efff}\u200f\u202b\u202e\u2067]/u;
/** A character of some script: fontkit reverses a run whose first such character is of a right-to-left script. */
const OF_A_SCRIPT = /[^\p{Script=Common}\p{Script=Inherited}]/u;
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** The direction of a paragraph: that of its first strong character (Unicode bidi algorithm, P2-P3). */
export function paragraphDirection(text: string): ParagraphDirection {
  if (!RIGHT_TO_LEFT.test(text)) return 'ltr';
  return (bidi.getEmbeddingLevels(text).paragraphs[0]?.level ?? 0) % 2 === 1 ? 'rtl' : 'ltr';
}

/** A piece placed in visual order; `rightToLeft` pieces hold their text in logical order for the shaper, which reverses it. */
export type Ordered<T> = T & { rightToLeft: boolean };

/**
 * One line's pieces (in logical order, each of one font) in the order they are drawn from left to
 * right: the Unicode bidirectional algorithm (bidi-js) resolves each character's level in the
 * paragraph's direction, pieces are split where the level changes, and runs of pieces are
 * reversed from the highest level down (rule L2). Inside a right-to-left piece, mirrored
 * characters are swapped ('(' for ')', L4); the glyphs themselves are reversed by fontkit's
 * layout, which pdfkit calls, except in a piece of only spaces and punctuation, which has no
 * script for fontkit to see, so it is reversed here.
 */
export function visualOrder<T extends { text: string }>(pieces: readonly T[], direction: ParagraphDirection): Ordered<T>[] {
  const text = pieces.map((piece) => piece.text).join('');
  if (direction === 'ltr' && !RIGHT_TO_LEFT.test(text)) return pieces.map((piece) => ({ ...piece, rightToLeft: false }));
  const { levels } = bidi.getEmbeddingLevels(text, direction);
  const mirrored = bidi.getMirroredCharactersMap(text, levels);
  const split: { piece: T; text: string; level: number }[] = [];
  let offset = 0;
  for (const piece of pieces) {
    let start = 0;
    for (let at = 1; at <= piece.text.length; at += 1) {
      if (at === piece.text.length || levels[offset + at] !== levels[offset + start]) {
        let part = '';
        for (let index = start; index < at; index += 1) part += mirrored.get(offset + index) ?? piece.text[index];
        split.push({ piece, text: part, level: levels[offset + start]! });
        start = at;
      }
    }
    offset += piece.text.length;
  }
  const highest = Math.max(...split.map((part) => part.level));
  const lowestOdd = Math.min(...split.map((part) => (part.level % 2 === 1 ? part.level : highest + 1)));
  for (let level = highest; level >= lowestOdd; level -= 1) {
    for (let start = 0; start < split.length; ) {
      if (split[start]!.level < level) {
        start += 1;
        continue;
      }
      let end = start;
      while (end < split.length && split[end]!.level >= level) end += 1;
      split.splice(start, end - start, ...split.slice(start, end).reverse());
      start = end;
    }
  }
  return split.map(({ piece, text: part, level }) => {
    const rightToLeft = level % 2 === 1;
    const shaped = rightToLeft && !OF_A_SCRIPT.test(part) ? [...graphemes.segment(part)].map(({ segment }) => segment).reverse().join('') : part;
    return { ...piece, text: shaped, rightToLeft };
  });
}
