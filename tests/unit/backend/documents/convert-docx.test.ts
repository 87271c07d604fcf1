import fs from 'node:fs';
import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { conversionMessages } from '../../../../backend/documents/conversion-error';
import { convertToPdf } from '../../../../backend/documents/convert-to-pdf';
import {
  buildDocx,
  checked,
  imageCount,
  SAMPLE_DOCX_TEXT,
  sampleDocx,
  smallPng,
  tenPageDocx,
  wordXml,
  zipBombDocx,
} from '../../../../scripts/support/documents';
import { pdfFontNames, pdfText } from '../../../support/poppler';
import { conversionFailure } from './conversion-failure';

/** What a reader reads out of the PDF, whitespace collapsed: look for phrases, not layout. */
const readText = async (pdf: Uint8Array) => (await pdfText(pdf)).replace(/\s+/g, ' ');


describe('convertToPdf: Word documents', () => {
  it('lays out the heading, emphasis, lists, table and image', async () => {
    const pdf = await convertToPdf(checked(sampleDocx()), { compress: false });
    const document = await PDFDocument.load(pdf);
    expect(document.getPageCount()).toBe(1);
    const text = await readText(pdf);
    const t = SAMPLE_DOCX_TEXT;
    for (const phrase of [t.heading, t.bold, t.italic, t.boldItalic, ...t.bullets, ...t.numbers, ...t.table.flat(), 'The end.']) {
      expect(text).toContain(phrase);
    }
    expect(text).toMatch(/1\. First numbered item|First numbered item 1\./);
    expect(await imageCount(pdf)).toBe(1);
  });

  it('uses the bold and italic faces of Noto Sans for emphasis, embedded as subsets', async () => {
    const fonts = await pdfFontNames(await convertToPdf(checked(sampleDocx())));
    expect(fonts.sort()).toEqual(['NotoSans-Bold', 'NotoSans-BoldItalic', 'NotoSans-Italic', 'NotoSans-Regular']);
  });

  it('keeps page breaks and flows a long document over pages', async () => {
    const document = await PDFDocument.load(await convertToPdf(checked(tenPageDocx())));
    expect(document.getPageCount()).toBe(10);
  });

  it('continues a table row taller than a page on the next page', async () => {
    const lines = Array.from({ length: 60 }, (_, i) => wordXml.paragraph(wordXml.run(`Cell line ${i + 1}`))).join('');
    const body = `<w:tbl><w:tr><w:tc>${lines}</w:tc><w:tc>${wordXml.paragraph(wordXml.run('Short cell'))}</w:tc></w:tr></w:tbl>`;
    const pdf = await convertToPdf(checked(buildDocx(body)), { compress: false });
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(2);
    expect(await readText(pdf)).toContain('Cell line 60');
  });

  it('notes an image it cannot draw instead of failing', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const body = wordXml.paragraph(wordXml.run('Our logo:')) + wordXml.image('rIdGif', 'A logo');
    const docx = buildDocx(body, [{ relationshipId: 'rIdGif', target: 'media/logo.png', bytes: gif }]);
    expect(await readText(await convertToPdf(checked(docx), { compress: false }))).toContain('[Image not shown: A logo]');
  });

  // A text file named .docx, a zip that is not a Word document and a password-protected one are
  // refused at the job's door (detect-and-check-uploads.test.ts), before any converter.

  it('refuses a zip bomb from its directory, before inflating anything', async () => {
    const bomb = zipBombDocx();
    expect(bomb.length).toBeLessThan(300_000);
    expect((await conversionFailure(convertToPdf(checked(bomb)))).message).toBe(conversionMessages.docxTooLarge);
  });

  it('refuses a zip bomb whose directory understates its size, stopping the inflate at the stated size', async () => {
    expect((await conversionFailure(convertToPdf(checked(zipBombDocx(200 * 1024 * 1024, true))))).message).toBe(conversionMessages.docxTooLarge);
  });

  it('refuses a document that would pass the page limit', async () => {
    expect((await conversionFailure(convertToPdf(checked(tenPageDocx()), { maxPages: 5 }))).message).toBe(conversionMessages.tooManyPages(5));
  });

  it.each([
    ["mammoth's empty document", 'node_modules/mammoth/test/test-data/empty.docx'],
    ["mammoth's document whose only picture is linked, not embedded", 'node_modules/mammoth/test/test-data/external-picture.docx'],
    ["python-docx's blank template", '/usr/lib/python3/dist-packages/docx/templates/default.docx'],
  ])('refuses %s: it has nothing to print', async (_, file) => {
    expect((await conversionFailure(convertToPdf(checked(fs.readFileSync(file))))).message).toBe(conversionMessages.docxEmpty);
  });

  it('refuses a document of empty paragraphs, spaces, page breaks and empty list items', async () => {
    const body = [wordXml.paragraph(), wordXml.paragraph(wordXml.run('   \t ')), wordXml.pageBreak(), wordXml.listItem('bullet', 0, ' '), wordXml.heading(1, '')].join('');
    expect((await conversionFailure(convertToPdf(checked(buildDocx(body))))).message).toBe(conversionMessages.docxEmpty);
  });

  it.each([
    ['one character', wordXml.paragraph(wordXml.run('.')), []],
    ['a table of empty cells, whose borders print', wordXml.table([['', '']]), []],
    ['a picture alone', wordXml.image('rIdPng', 'A picture'), [{ relationshipId: 'rIdPng', target: 'media/picture.png', bytes: smallPng() }]],
  ])('accepts a document of %s', async (_, body, images) => {
    expect((await PDFDocument.load(await convertToPdf(checked(buildDocx(body, images))))).getPageCount()).toBe(1);
  });

  it('refuses a damaged Word document', async () => {
    const docx = buildDocx('<w:p><w:r><w:t>unclosed');
    expect((await conversionFailure(convertToPdf(checked(docx)))).message).toBe(conversionMessages.docxDamaged);
  });
});
