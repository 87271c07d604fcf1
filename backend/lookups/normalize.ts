/**
 * The one normal form that lookup data is indexed in and queries are compared in: case- and
 * accent-insensitive, punctuation folded to spaces, so "Université de Montréal" and
 * "universite de montreal" read the same.
 */

/** Letters that carry no combining mark to strip but have a plain Latin spelling. */
const LETTER_FOLDS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
  ŋ: 'n',
};
const FOLDED_LETTERS = new RegExp(`[${Object.keys(LETTER_FOLDS).join('')}]`, 'gu');
const APOSTROPHES = /['’‘`´ʼ]/gu;
const NOT_WORD = /[^\p{L}\p{N}]+/gu;

function fold(value: string, apostrophe: '' | ' '): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(FOLDED_LETTERS, (letter) => LETTER_FOLDS[letter] ?? letter)
    .replace(APOSTROPHES, apostrophe)
    .replace(NOT_WORD, ' ')
    .trim();
}

/**
 * NFKD (NFD plus compatibility forms such as ligatures and full-width letters), combining marks
 * stripped, lower case, a few letters spelled out (ß → ss), apostrophes dropped ("St. Mary's" →
 * "st marys") and every other run of non-letters and non-digits made one space.
 */
export function normalizeText(value: string): string {
  return fold(value, '');
}

/**
 * The distinct words a record is found by: those of the normal form, plus those with apostrophes
 * read as spaces, so "O'Brien" is found by "obrien" and by "o brien".
 */
export function indexWords(value: string): string[] {
  const joined = fold(value, '');
  const split = fold(value, ' ');
  return [...new Set([...joined.split(' '), ...split.split(' ')])].filter(Boolean);
}

/**
 * The words of a query, each of which must begin some word of a result. Repeats, and words that
 * begin another word of the query (already implied by it), are dropped.
 */
export function queryWords(text: string): string[] {
  const words = [...new Set(normalizeText(text).split(' ').filter(Boolean))];
  return words.filter((word) => !words.some((other) => other !== word && other.startsWith(word)));
}

/**
 * An upper bound for the normal forms that start with `prefix`, in binary (UTF-8 byte) order:
 * U+10FFFF sorts after every character and, being no letter or digit, never occurs in a normal
 * form. So `value >= prefix AND value < prefixEnd(prefix)` is a prefix test an index answers.
 */
export function prefixEnd(prefix: string): string {
  return `${prefix}\u{10FFFF}`;
}
