import { describe, expect, it } from 'vitest';
import { drawForm } from '../../../../backend/application-pdf/draw-form';
import { pdfFontNames } from '../../../support/poppler';

describe('text no face of the chain has', () => {
  it('prints as missing glyphs from one embedded face, however many different characters there are', async () => {
    // 2,000 different characters of the Private Use Area, which no font of the chain draws.
    const unknown = Array.from({ length: 2000 }, (_, index) => String.fromCodePoint(0xe000 + index)).join(' ');
    const pdf = await drawForm([{ kind: 'page', title: 'About You' }, { kind: 'field', label: 'Essay', value: unknown }], { compress: true });
    expect((await pdfFontNames(pdf)).sort()).toEqual(['NotoSans-Bold', 'NotoSans-Regular']);
    expect(pdf.length).toBeLessThan(200_000);
  });
});
