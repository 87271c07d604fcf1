import { describe, expect, it } from 'vitest';
import { MAX_BASE_KEYS, answerBaseOf, answerFingerprint, parseAnswerBase } from '../../../common/answer-base';
import { answerFields } from '../../../common/form/model';

describe('the base of a conditional save (issue 17, item 8)', () => {
  it('stays under nginx default header line buffer (8 KB) for the longest keys a save may carry', () => {
    const longest = answerFields.map((field) => field.key).sort((a, b) => b.length - a.length).slice(0, MAX_BASE_KEYS);
    const patch = Object.fromEntries(longest.map((key) => [key, 'x'.repeat(7000)]));
    const header = JSON.stringify(answerBaseOf(patch, patch));
    expect(header.length).toBeLessThan(8 * 1024);
    expect(parseAnswerBase(header)).toEqual(answerBaseOf(patch, patch));
  });

  it('fingerprints an answer by its value and type; no answer is null', () => {
    expect(answerFingerprint('Y')).toBe(answerFingerprint('Y'));
    expect(answerFingerprint('Y')).not.toBe(answerFingerprint('N'));
    expect(answerFingerprint(true)).not.toBe(answerFingerprint('true'));
    expect([answerFingerprint(null), answerFingerprint(''), answerFingerprint(undefined)]).toEqual([null, null, null]);
  });

  it('parses nothing but an object of fingerprints or nulls', () => {
    expect(parseAnswerBase('{"first_name":null,"last_name":"abc123"}')).toEqual({ first_name: null, last_name: 'abc123' });
    for (const bad of ['', 'null', '[]', '"x"', '{"a":1}', '{"a":"A"}', '{"a":"abcdefghijkl"}', '{"a":{}}']) expect(parseAnswerBase(bad)).toBeNull();
  });
});
