import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { conversionMessages } from '../../../../backend/documents/conversion-error';
import { convertToPdf } from '../../../../backend/documents/convert-to-pdf';
import { brokenPdfs, buildPdfDrawing, checked, showText } from '../../../../scripts/support/documents';
import { pdfPageTexts } from '../../../support/pdf-text';
import { pdfInfo, pdfText, rendersBlank } from '../../../support/poppler';
import { conversionFailure } from './conversion-failure';

const deflated = (content: string) => ({ data: zlib.deflateSync(Buffer.from(content, 'latin1')), filter: 'FlateDecode' });

describe('convertToPdf: PDFs whose structure readers cannot trust', () => {
  it('keeps a PDF whose structure is sound byte for byte', async () => {
    const pdf = buildPdfDrawing([showText('Sound')]);
    expect((await convertToPdf(checked(pdf))).equals(pdf)).toBe(true);
  });

  it.each(Object.keys(brokenPdfs) as (keyof typeof brokenPdfs)[])('stores a repaired copy of a PDF with %s, which poppler reads', async (kind) => {
    const broken = brokenPdfs[kind](`Repaired ${kind}`);
    const stored = await convertToPdf(checked(broken));
    expect(stored.equals(broken)).toBe(false);
    expect(await pdfInfo(stored)).toEqual({ pages: 1, encrypted: false });
    expect((await pdfText(stored)).trim()).toBe(`Repaired ${kind}`);
    // The repaired copy is one we would keep as it is.
    expect((await convertToPdf(checked(stored))).equals(stored)).toBe(true);
  });

  it('refuses as damaged a PDF whose trailer names no catalog, with its message, not a crash', async () => {
    const drawing = buildPdfDrawing([showText('Lost')]).toString('latin1');
    const noCatalog = Buffer.from(drawing.replace('/Root 1 0 R', '').replace('/Type /Catalog ', ''), 'latin1');
    expect((await conversionFailure(convertToPdf(checked(noCatalog)))).message).toBe(conversionMessages.pdfDamaged);
  });

  it("refuses as damaged a PDF whose trailer names a catalog that is not a dictionary (pdf.js's poppler-742 fuzzed file), not a crash", async () => {
    const drawing = buildPdfDrawing([showText('Lost')]).toString('latin1');
    const notADictionary = Buffer.from(drawing.replace('/Root 1 0 R', '/Root 1 0 R /Nonsense 0 0 R').replace(/\n1 0 obj\n<</, '\n1 0 obj\n[ '), 'latin1');
    expect(notADictionary.toString('latin1')).toMatch(/\n1 0 obj\n\[ /);
    expect((await conversionFailure(convertToPdf(checked(notADictionary)))).message).toBe(conversionMessages.pdfDamaged);
  });

  it('repairs what poppler cannot open on its own', async () => {
    for (const broken of [brokenPdfs.noCrossReference('x'), brokenPdfs.pageCountWrong('x')]) {
      await expect(pdfInfo(broken)).rejects.toThrow();
      expect((await pdfInfo(await convertToPdf(checked(broken)))).pages).toBe(1);
    }
  });
});

describe('convertToPdf: PDFs whose pages draw nothing', () => {
  const refusedAsBlank = async (pdf: Buffer) => expect((await conversionFailure(convertToPdf(checked(pdf)))).message).toBe(conversionMessages.pdfBlank);

  it.each([
    ['no content at all', ''],
    ['only graphics state and a clip', 'q 1 0 0 1 72 72 cm 0 0 100 100 re W n Q'],
    ['painting operators only in a comment and a string', '% 0 0 m 9 9 l S\n(BT (x) Tj ET f) pop'],
  ])('refuses a page with %s', async (_, content) => {
    const pdf = buildPdfDrawing([content]);
    expect(await rendersBlank(pdf)).toBe(true);
    await refusedAsBlank(pdf);
  });

  it('refuses a page whose content cannot be decoded, as readers draw nothing of it', async () => {
    await refusedAsBlank(buildPdfDrawing([{ data: Buffer.from(showText('Not deflated')), filter: 'FlateDecode' }]));
  });

  it('refuses a page that draws only forms that draw nothing, itself included', async () => {
    await refusedAsBlank(buildPdfDrawing(['/Fm0 Do /Fm1 Do'], ['q Q', '/Fm1 Do']));
  });

  it.each([
    ['a stroked path', '0 0 m 100 100 l S'],
    ['a filled rectangle', '72 72 100 100 re f'],
    ['text, deflated', deflated(showText('Deflated'))],
    ['a form that shows text', '/Fm0 Do'],
  ])('accepts a page that draws %s', async (_, content) => {
    const pdf = buildPdfDrawing([content], [showText('In a form')]);
    expect(await rendersBlank(pdf)).toBe(false);
    expect((await convertToPdf(checked(pdf))).equals(pdf)).toBe(true);
  });

  it('accepts a PDF whose first page is blank and a later one is not', async () => {
    const pdf = buildPdfDrawing(['', '', showText('Page three')]);
    expect(await pdfPageTexts(await convertToPdf(checked(pdf)))).toEqual(['', '', 'Page three']);
  });
});

describe('convertToPdf: PDFs that decode past the budget', () => {
  const bomb = (bytes: number) => deflated(`${showText('Bomb')}\n${' '.repeat(bytes)}`);
  const refusedAsTooComplex = async (pdf: Buffer, maxDecodedPdfBytes?: number) =>
    expect((await conversionFailure(convertToPdf(checked(pdf), { maxDecodedPdfBytes }))).message).toBe(conversionMessages.pdfTooComplex);

  it('refuses a content stream that inflates past the budget, counting as it inflates', async () => {
    const pdf = buildPdfDrawing([bomb(2_000_000)]);
    expect(pdf.length).toBeLessThan(10_000);
    await refusedAsTooComplex(pdf, 1_000_000);
    expect((await convertToPdf(checked(pdf))).equals(pdf)).toBe(true);
  });

  it('counts every stream of the document against one budget, drawn or not', async () => {
    await refusedAsTooComplex(buildPdfDrawing([bomb(600_000)], [bomb(600_000)]), 1_000_000);
  });

  it('refuses a page whose content is coded with an image filter, whose size only decoding tells', async () => {
    await refusedAsTooComplex(buildPdfDrawing([showText('Drawn'), { data: Buffer.alloc(64), filter: 'JBIG2Decode' }]));
  });
});
