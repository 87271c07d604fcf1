import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';

/** The four faces a text can ask for: a paragraph's emphasis. */
export type FaceStyle = 'regular' | 'bold' | 'italic' | 'boldItalic';

export interface FontFamily {
  /** The family's file prefix in its package: `NotoSansArabic` of `NotoSansArabic_700Bold.ttf`. */
  name: string;
  /** An npm package of Google Fonts' full OFL TTFs (docs/decisions.md, "Fonts"). */
  packageName: string;
  /** Whether the package has true italics; other families slant their upright face. */
  italics: boolean;
  /** A few words in the family's scripts: what a new process sets to have the family ready (application-pdf/warm-up.ts). */
  sample: string;
}

/**
 * The fallback chain, in order: a run of text is set in the first family that has a glyph for
 * each of its characters (font-runs.ts). Noto Sans covers Latin (every diacritic), Greek,
 * Cyrillic and Devanagari; the others one script each (Amiri: Arabic). Of the CJK fonts, the first in the chain
 * is the one whose glyphs a Han character gets, unless the text says which language it is.
 */
export const FONT_CHAIN: readonly FontFamily[] = [
  { name: 'NotoSans', packageName: '@expo-google-fonts/noto-sans', italics: true, sample: 'Ada Łukasz Nguyễn Анна Παπαδοπούλου प्रिया' },
  // Not Noto Sans Arabic: it draws ر and ز (and many more) on one skeleton glyph with the dots as
  // marks, and a PDF maps each glyph to one text, so copying would turn one letter into the other.
  { name: 'Amiri', packageName: '@expo-google-fonts/amiri', italics: true, sample: 'شارع الملك فهد' },
  { name: 'NotoSansHebrew', packageName: '@expo-google-fonts/noto-sans-hebrew', italics: false, sample: 'תל אביב' },
  { name: 'NotoSansThai', packageName: '@expo-google-fonts/noto-sans-thai', italics: false, sample: 'สมชาย ใจดี' },
  { name: 'NotoSansSC', packageName: '@expo-google-fonts/noto-sans-sc', italics: false, sample: '张伟' },
  { name: 'NotoSansJP', packageName: '@expo-google-fonts/noto-sans-jp', italics: false, sample: 'さくら' },
  { name: 'NotoSansKR', packageName: '@expo-google-fonts/noto-sans-kr', italics: false, sample: '김민준' },
];

const WEIGHT_FILE: Record<FaceStyle, string> = {
  regular: '400Regular',
  bold: '700Bold',
  italic: '400Regular_Italic',
  boldItalic: '700Bold_Italic',
};

/** A font file of the chain in one style: what a run of text is drawn with. */
export interface Face {
  /** Unique per file, the name a pdfkit document registers it under: `NotoSans-700Bold`. */
  key: string;
  family: FontFamily;
  /** The file's own style: upright when the family has no italics. */
  fileStyle: FaceStyle;
  /** Italic asked of a family without italics: pdfkit slants the upright face. */
  oblique: boolean;
}

const upright = (style: FaceStyle): FaceStyle => (style === 'bold' || style === 'boldItalic' ? 'bold' : 'regular');

const faces = new Map<string, Face>();

/** The face of the family for the style (one object per pair, so comparing and caching stay cheap). */
export function faceOf(family: FontFamily, style: FaceStyle): Face {
  const id = `${family.name} ${style}`;
  const known = faces.get(id);
  if (known) return known;
  const fileStyle = family.italics ? style : upright(style);
  const face = { key: `${family.name}-${WEIGHT_FILE[fileStyle]}`, family, fileStyle, oblique: fileStyle !== style };
  faces.set(id, face);
  return face;
}

const require = createRequire(import.meta.url);
const loaded = new Map<string, fontkit.Font>();

/**
 * The face's font, read and parsed on first use and kept for the life of the process: a CJK file
 * is 5-10 MB, so a process that never meets a Chinese character never reads one. fontkit parses
 * tables lazily, and pdfkit embeds only the glyphs a document uses (a subset per document).
 */
export function loadFace(face: Face): fontkit.Font {
  const cached = loaded.get(face.key);
  if (cached) return cached;
  const directory = path.dirname(require.resolve(`${face.family.packageName}/package.json`));
  const weight = WEIGHT_FILE[face.fileStyle];
  const font = fontkit.openSync(path.join(directory, weight, `${face.family.name}_${weight}.ttf`));
  if (!('layout' in font)) throw new Error(`${face.key} is a font collection, not a font.`);
  loaded.set(face.key, withLayoutsKept(withCharactersPerGlyph(font)));
  return font;
}

/** Layouts kept per face, at most this many (then forgotten all at once): words recur across documents. */
const KEPT_LAYOUTS = 20_000;

/**
 * Shaping a word is most of the cost of setting it, and pdfkit keeps layouts only for one
 * document: here each face keeps them for the process. pdfkit scales a layout's positions in
 * place, so each caller gets its own copy of the positions; glyphs are shared, as fontkit does.
 */
function withLayoutsKept(font: fontkit.Font): fontkit.Font {
  const layout = font.layout.bind(font);
  const kept = new Map<string, fontkit.GlyphRun>();
  font.layout = (text: string, features?: string[] | Record<string, boolean>) => {
    const key = features === undefined ? text : `${JSON.stringify(features)}\u0000${text}`;
    let run = kept.get(key);
    if (!run) {
      if (kept.size >= KEPT_LAYOUTS) kept.clear();
      run = layout(text, features);
      kept.set(key, run);
    }
    const copy = Object.create(Object.getPrototypeOf(run) as object) as fontkit.GlyphRun;
    return Object.assign(copy, run, { positions: run.positions.map((position) => ({ ...position })) });
  };
  return font;
}

/**
 * fontkit keeps one glyph object per glyph id with the characters of its first use, and pdfkit
 * writes those characters into the PDF's ToUnicode map. Arabic fonts draw several letters on one
 * skeleton glyph (ر and ز, ه and ة, with their dots as marks), so the first use would name every
 * later one. Here a glyph of a layout carries the characters it stands for in that layout.
 */
function withCharactersPerGlyph(font: fontkit.Font): fontkit.Font {
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id: number, codePoints: number[] = []) => {
    const glyph = getGlyph(id, codePoints);
    const same = glyph.codePoints.length === codePoints.length && glyph.codePoints.every((codePoint, index) => codePoint === codePoints[index]);
    return same || codePoints.length === 0 ? glyph : (Object.create(glyph, { codePoints: { value: codePoints } }) as fontkit.Glyph);
  };
  return font;
}

/** The keys of the faces this process has read so far (tests check that a Latin text reads no CJK file). */
export const loadedFaceKeys = (): string[] => [...loaded.keys()];

/** The names of the families whose fonts this process has read, in chain order. */
export const loadedFamilyNames = (): string[] =>
  FONT_CHAIN.filter((family) => [...loaded.keys()].some((key) => key.startsWith(`${family.name}-`))).map((family) => family.name);
