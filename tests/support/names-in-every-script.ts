// Real names in every script an applicant may type, for the tests that check a PDF prints them
// as typed: pdftotext (poppler, the reader under most Linux PDF viewers) must give each back.

export interface ScriptName {
  script: string;
  first: string;
  last: string;
}

/** `first last`, the way the application PDF heads every page. */
export const fullName = (name: ScriptName) => `${name.first} ${name.last}`;

export const NAMES_IN_EVERY_SCRIPT: readonly ScriptName[] = [
  { script: 'Latin with diacritics', first: 'Łukasz', last: 'Wąsowski' },
  { script: 'Latin with diacritics', first: 'Zoë', last: 'Ångström-Øster' },
  { script: 'Latin with diacritics', first: 'Ştefan', last: 'Dăscălescu' },
  { script: 'Latin with diacritics', first: 'İlkay', last: 'Gündoğan' },
  // Vietnamese written with combining characters (NFD), as some keyboards and macOS file names give it.
  { script: 'Latin, combining marks', first: 'Thi\u0323 A\u0301nh', last: 'Nguye\u0302\u0303n' },
  { script: 'Greek', first: 'Ελένη', last: 'Παπαδοπούλου' },
  { script: 'Cyrillic', first: 'Анна', last: 'Ковальчук' },
  { script: 'Cyrillic', first: 'Дмитрий', last: 'Шостакович' },
  { script: 'Chinese', first: '伟', last: '张' },
  { script: 'Chinese', first: '秀英', last: '王' },
  { script: 'Japanese', first: 'さくら', last: '山田' },
  // 𠮷 (U+20BB7) lies outside the Basic Multilingual Plane: a surrogate pair in JavaScript.
  { script: 'Japanese, outside the BMP', first: '太郎', last: '𠮷野' },
  { script: 'Korean', first: '민준', last: '김' },
  { script: 'Arabic', first: 'محمد', last: 'عبد الله' },
  { script: 'Arabic', first: 'فاطمة', last: 'الزهراء' },
  { script: 'Hebrew', first: 'אברהם', last: 'כהן' },
  { script: 'Devanagari', first: 'प्रिया', last: 'शर्मा' },
  { script: 'Devanagari', first: 'क्षितिज', last: 'त्रिपाठी' },
  { script: 'Thai', first: 'สมชาย', last: 'ใจดี' },
  // Scripts mixed within one name: Latin, then Chinese.
  { script: 'Latin and Chinese in one name', first: 'Łukasz', last: 'Wąsowski-张伟' },
];

/**
 * pdftotext marks a right-to-left line with the embedding controls RLE/LRE ... PDF (U+202A-U+202E)
 * around it and otherwise gives the characters in logical order. The controls are invisible
 * formatting, not text: a reader pasting the line gets the same words with or without them.
 */
export const withoutBidiControls = (text: string) => text.replace(/[\u202a-\u202e\u2066-\u2069]/g, '');

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
const SPACE_AFTER_CJK = new RegExp(`(?<=[${CJK}]) +| +(?=[${CJK}])`, 'gu');

/**
 * Text as a reader compares it: without pdftotext's bidi controls, and without spaces next to
 * Chinese, Japanese or Korean characters. pdftotext's layout mode drops the space between a
 * one-character CJK word and its neighbour ('伟 张' reads '伟张', '伟 张伟' keeps it; `-raw` keeps
 * both), a heuristic for scripts written without spaces: the characters are all there, in order.
 */
export const asRead = (text: string) => withoutBidiControls(text).replace(SPACE_AFTER_CJK, '');
