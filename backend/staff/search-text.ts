/**
 * How names and addresses are compared in the inbox: case and accents do not count ("José" is
 * found by "jose", "Łukasz" by "lukasz"); scripts without accents (Chinese, Arabic...) are kept.
 */
const LETTERS_WITHOUT_DECOMPOSITION: Record<string, string> = { ø: 'o', ł: 'l', đ: 'd', ð: 'd', æ: 'ae', œ: 'oe', ß: 'ss', þ: 'th', ı: 'i', ħ: 'h' };

export function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[øłđðæœßþıħ]/g, (letter) => LETTERS_WITHOUT_DECOMPOSITION[letter]!)
    .replace(/\s+/g, ' ')
    .trim();
}
