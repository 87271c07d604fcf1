import { FONT_CHAIN, faceOf, loadFace, type Face, type FaceStyle, type FontFamily } from './font-faces';

/** A stretch of text that one face draws. */
export interface FontRun {
  text: string;
  face: Face;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

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

/**
 * The chain for one text: Han characters are shared by Chinese, Japanese and Korean, drawn
 * differently in each; kana say the text is Japanese, Hangul that it is Korean.
 */
function chainFor(text: string): readonly FontFamily[] {
  const preferred = KANA.test(text) ? 'NotoSansJP' : HANGUL.test(text) ? 'NotoSansKR' : null;
  if (!preferred) return FONT_CHAIN;
  const firstCjk = FONT_CHAIN.findIndex((family) => CJK_FAMILIES.includes(family.name));
  const chain = FONT_CHAIN.filter((family) => family.name !== preferred);
  chain.splice(firstCjk, 0, FONT_CHAIN.find((family) => family.name === preferred)!);
  return chain;
}

/**
 * The text split into runs by the face that draws them: each grapheme cluster (a character with
 * its combining marks, kept together so the marks sit on it) goes to the first face of the chain
 * that has all its characters; a cluster that no face has is left to the first, which shows it
 * as a missing glyph. Faces are read only when a cluster gets that far down the chain.
 */
export function fontRuns(text: string, style: FaceStyle): FontRun[] {
  const chain = chainFor(text);
  const runs: FontRun[] = [];
  for (const { segment } of graphemes.segment(text)) {
    const last = runs.at(-1);
    const face =
      last && SHARED.test(segment) && covers(last.face, segment)
        ? last.face
        : (chain.map((family) => faceOf(family, style)).find((candidate) => covers(candidate, segment)) ?? faceOf(chain[0]!, style));
    if (last && last.face.key === face.key) last.text += segment;
    else runs.push({ text: segment, face });
  }
  return runs;
}
