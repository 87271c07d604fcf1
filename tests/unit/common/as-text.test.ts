import { describe, expect, it } from 'vitest';
import { asText, isAllowedText } from '../../../common/validation/text-characters';

/**
 * Issue 24 item 1, the renderer's side: what an applicant pastes becomes text the server takes
 * (docs/decisions.md, "Pasted text becomes text").
 */
describe('asText', () => {
  it('leaves text alone: every script, emoji pairs, spaces, U+2028 and U+2029', () => {
    for (const text of ['', 'Ada Lovelace', 'Zoë 小明 العربية', '😀👩🏽‍🎓', 'a\u00a0b', 'a\u2028b\u2029c', '\ufffd']) {
      expect(asText(text, false)).toBe(text);
      expect(asText(text, true)).toBe(text);
    }
  });

  it('in one line: tab, line breaks, VT, FF and NEL each become one space (CRLF one space)', () => {
    expect(asText('Ada\tLovelace', false)).toBe('Ada Lovelace');
    expect(asText('Ada\r\nLovelace', false)).toBe('Ada Lovelace');
    expect(asText('a\nb\rc\u000bd\u000ce\u0085f', false)).toBe('a b c d e f');
    expect(asText('a\t\tb', false)).toBe('a  b');
    expect(asText('\r\n\r\n', false)).toBe('  ');
  });

  it('in many lines: tab kept, VT, FF, NEL, CR and CRLF become a line feed, as a textarea reads them', () => {
    expect(asText('a\tb', true)).toBe('a\tb');
    expect(asText('a\nb', true)).toBe('a\nb');
    expect(asText('a\r\nb', true)).toBe('a\nb');
    expect(asText('a\rb', true)).toBe('a\nb');
    expect(asText('a\u000bb\u000cc\u0085d', true)).toBe('a\nb\nc\nd');
    expect(asText('\r\r\n\n', true)).toBe('\n\n\n');
  });

  it('drops the other controls: NUL, ESC, the rest of C0, DEL and C1', () => {
    for (const multiLine of [false, true]) {
      expect(asText('x\u0000y\u0001\u0008\u001b[31mz\u001f\u007f\u0080\u009b\u009f', multiLine)).toBe('xy[31mz');
    }
  });

  it('shows an unpaired surrogate as U+FFFD and keeps pairs', () => {
    for (const multiLine of [false, true]) {
      expect(asText('x\ud83d', multiLine)).toBe('x\ufffd');
      expect(asText('\ude00x', multiLine)).toBe('\ufffdx');
      expect(asText('\ude00\ud83d', multiLine)).toBe('\ufffd\ufffd');
      expect(asText('😀\ud800😀', multiLine)).toBe('😀\ufffd😀');
    }
  });

  it('gives text the field takes for every UTF-16 code unit, never longer than it was', () => {
    for (let code = 0; code <= 0xffff; code += 1) {
      const character = String.fromCharCode(code);
      for (const multiLine of [false, true]) {
        for (const value of [character, `a${character}b`, `${character}\r\n${character}`]) {
          const text = asText(value, multiLine);
          if (!isAllowedText(text, multiLine) || text.length > value.length) {
            expect.fail(`U+${code.toString(16).padStart(4, '0')} in ${JSON.stringify(value)} multiLine ${multiLine}: ${JSON.stringify(text)}`);
          }
        }
        if (isAllowedText(character, multiLine) && character !== '\r' && asText(character, multiLine) !== character) {
          expect.fail(`U+${code.toString(16).padStart(4, '0')} is text yet changed (multiLine ${multiLine})`);
        }
      }
    }
  });
});
