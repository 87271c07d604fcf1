import { describe, expect, it } from 'vitest';
import { paragraphDirection, visualOrder } from '../../../../backend/fonts/visual-order';

const order = (texts: string[], direction: 'ltr' | 'rtl') => visualOrder(texts.map((text) => ({ text })), direction).map((piece) => [piece.text, piece.rightToLeft]);

describe('the visual order of a line (Unicode bidirectional algorithm)', () => {
  it("takes a paragraph's direction from its first strong character", () => {
    expect(paragraphDirection('123 Main Street')).toBe('ltr');
    expect(paragraphDirection('123 محمد Street')).toBe('rtl');
    expect(paragraphDirection('(אברהם) Cohen')).toBe('rtl');
  });

  it('leaves left-to-right text alone', () => {
    expect(order(['Ada ', 'Lovelace'], 'ltr')).toEqual([
      ['Ada ', false],
      ['Lovelace', false],
    ]);
  });

  it('reverses the right-to-left pieces of a left-to-right line, keeping each in logical order for the shaper', () => {
    expect(order(['Name: ', 'אברהם כהן', ' (Cohen)'], 'ltr')).toEqual([
      ['Name: ', false],
      ['אברהם כהן', true],
      [' (Cohen)', false],
    ]);
    expect(order(['Anna, ', 'آنا', ', ', 'אנה', ', Анна'], 'ltr')).toEqual([
      ['Anna, ', false],
      ['אנה', true],
      // Only spaces and punctuation: reversed here, fontkit seeing no script in it.
      [' ,', true],
      ['آنا', true],
      [', Анна', false],
    ]);
  });

  it('orders a right-to-left line from the right, numbers and Latin words left to right inside it, brackets mirrored', () => {
    expect(order(['محمد (', 'Mohammed', ') عبد الله 12'], 'rtl')).toEqual([
      ['12', false],
      ['( عبد الله ', true],
      ['Mohammed', false],
      ['محمد )', true],
    ]);
  });
});
