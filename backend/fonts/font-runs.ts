import { FONT_CHAIN, faceOf, loadFace, type Face, type FaceStyle, type FontFamily } from './font-faces';

/** A stretch of text that one face draws. */
export interface FontRun {
  text: string;
  face: Face;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** What joins characters into one cluster: marks, joiners, selectors, Hangul jamo, emoji modifiers and flags, CR LF. */
const JOINING = /\p{M}|\u200d|\p{Variation_Selector}|\p{Emoji_Modifier}|\p{Regional_Indicator}|[\u1100-\u11ff]|\r/u;

/** The grapheme clusters of the text; most text has no character that joins another, and is split by code point. */
const clusters = (text: string): Iterable<string> => (JOINING.test(text) ? Array.from(graphemes.segment(text), ({ segment }) => segment) : text);

/** Code points a font need not map: shaping consumes them (joiners, marks of direction, variation selectors). */
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;
/** Spaces, punctuation and digits belong to no script: they stay in the face of the text around them. */
const SHARED = /^[\p{Script=Common}\p{Script=Inherited}]+$/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HANGUL = /\p{Script=Hangul}/u;
const CJK_FAMILIES = ['NotoSansSC', 'NotoSansJP', 'NotoSansKR'];

function covers(face: Face, cluster: string): boolean {
  const font = loadFace(face);
  for (const character of cluster) {
    if (!IGNORABLE.test(character) && !font.hasGlyphForCodePoint(character.codePointAt(0)!)) return false;
  }
  return true;
}

/** The chain with one CJK family moved ahead of the others. */
function preferring(name: string): readonly FontFamily[] {
  const firstCjk = FONT_CHAIN.findIndex((family) => CJK_FAMILIES.includes(family.name));
  const chain = FONT_CHAIN.filter((family) => family.name !== name);
  chain.splice(firstCjk, 0, FONT_CHAIN.find((family) => family.name === name)!);
  return chain;
}

const byStyle = (chain: readonly FontFamily[]): Record<FaceStyle, readonly Face[]> => ({
  regular: chain.map((family) => faceOf(family, 'regular')),
  bold: chain.map((family) => faceOf(family, 'bold')),
  italic: chain.map((family) => faceOf(family, 'italic')),
  boldItalic: chain.map((family) => faceOf(family, 'boldItalic')),
});
/** Each chain's faces in each style, worked out once. */
const CHAIN_FACES = { default: byStyle(FONT_CHAIN), japanese: byStyle(preferring('NotoSansJP')), korean: byStyle(preferring('NotoSansKR')) };

/**
 * The faces for one text: Han characters are shared by Chinese, Japanese and Korean, drawn
 * differently in each; kana say the text is Japanese, Hangul that it is Korean.
 */
function facesFor(text: string, style: FaceStyle): readonly Face[] {
  const chain = KANA.test(text) ? 'japanese' : HANGUL.test(text) ? 'korean' : 'default';
  return CHAIN_FACES[chain][style];
}

/**
 * The text split into runs by the face that draws them: each grapheme cluster (a character with
 * its combining marks, kept together so the marks sit on it) goes to the first face of the chain
 * that has all its characters; a cluster that no face has is left to the first, which shows it
 * as a missing glyph. Faces are read only when a cluster gets that far down the chain.
 */
export function fontRuns(text: string, style: FaceStyle): FontRun[] {
  const faces = facesFor(text, style);
  const runs: FontRun[] = [];
  for (const segment of clusters(text)) {
    const last = runs.at(-1);
    const face =
      last && SHARED.test(segment) && covers(last.face, segment) ? last.face : (faces.find((candidate) => covers(candidate, segment)) ?? faces[0]!);
    if (last && last.face.key === face.key) last.text += segment;
    else runs.push({ text: segment, face });
  }
  return runs;
}
