import { describe, expect, it } from 'vitest';
import { isMultiLineKey } from '../../../common/form/model';
import { isAllowedText, replaceNonText } from '../../../common/validation/text-characters';

/** Issue 24 item 1: which strings are text (docs/decisions.md, "Text is text"). */
describe('text characters', () => {
  it('takes every script, emoji made of surrogate pairs, and the spaces a keyboard types', () => {
    for (const text of ['', 'Ada Lovelace', 'Zoë Łukasz Ἀριστοτέλης Мария', '小明 王', 'العربية עברית हिन्दी', '😀👩🏽‍🎓', 'a\u00a0b', 'Ü\u0301', '\ufffd']) {
      expect(isAllowedText(text), JSON.stringify(text)).toBe(true);
      expect(isAllowedText(text, true), JSON.stringify(text)).toBe(true);
    }
  });

  it('refuses C0 controls, DEL, C1 controls and unpaired surrogates, in one line or many', () => {
    const refused = ['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u001b', '\u001f', '\u007f', '\u0080', '\u009b', '\u009f', '\ud800', '\udbff', '\udc00', '\udfff'];
    for (const character of refused) {
      for (const multiLine of [false, true]) expect(isAllowedText(`a${character}b`, multiLine), `${JSON.stringify(character)} multiLine ${multiLine}`).toBe(false);
    }
    // A half of a pair at either end, or the halves the wrong way round.
    for (const text of ['x\ud83d', '\ude00x', '\ude00\ud83d']) expect(isAllowedText(text, true), JSON.stringify(text)).toBe(false);
  });

  it('takes tab, line feed and carriage return only where the field is multi-line', () => {
    for (const character of ['\t', '\n', '\r', '\r\n']) {
      expect(isAllowedText(`a${character}b`), JSON.stringify(character)).toBe(false);
      expect(isAllowedText(`a${character}b`, true), JSON.stringify(character)).toBe(true);
    }
  });

  it('says which answers are multi-line from the answer model: textareas only', () => {
    expect(isMultiLineKey('personal_statement')).toBe(true);
    expect(isMultiLineKey('conviction_comment')).toBe(true);
    expect(isMultiLineKey('first_name')).toBe(false);
    expect(isMultiLineKey('no_such_key')).toBe(false);
  });

  it('shows each character that is not text as U+FFFD and leaves the rest', () => {
    expect(replaceNonText('Nul x\u0000, esc \u001b, pair 😀, half \ud800.')).toBe('Nul x\ufffd, esc \ufffd, pair 😀, half \ufffd.');
    expect(replaceNonText('a\tb')).toBe('a\ufffdb');
  });
});
