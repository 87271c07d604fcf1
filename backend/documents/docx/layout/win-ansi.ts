/**
 * The standard PDF fonts draw only the Windows-1252 repertoire; pdfkit writes any other character
 * as garbage. Common look-alikes are swapped in, invisible marks dropped, and the rest shown as
 * '?', so the reader sees that something was there.
 */
const WIN_ANSI_EXTRAS = new Set([
  0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018, 0x2019, 0x201a, 0x201c, 0x201d, 0x201e, 0x2020,
  0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
]);

const LOOK_ALIKES: Record<string, string> = {
  '\t': ' ',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '\u2013',
  '\u2015': '\u2014',
  '\u2212': '-',
  '\u2032': "'",
  '\u2033': '"',
  '\u2043': '-',
  '\u25aa': '\u2022',
  '\u25cf': '\u2022',
  '\u25e6': 'o',
  '\u2190': '<-',
  '\u2191': '^',
  '\u2192': '->',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u00ad': '',
  '\u200b': '',
  '\u200c': '',
  '\u200d': '',
  '\u2060': '',
  '\ufeff': '',
};

function isWinAnsi(code: number): boolean {
  return (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(code);
}

export function toWinAnsi(text: string): string {
  let out = '';
  for (const character of text) {
    const code = character.codePointAt(0)!;
    if (character in LOOK_ALIKES) out += LOOK_ALIKES[character];
    else if (isWinAnsi(code)) out += character;
    else if (code >= 0x2000 && code <= 0x200a) out += ' ';
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    else out += '?';
  }
  return out;
}
