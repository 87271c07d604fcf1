import zlib from 'node:zlib';
import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { conversionMessages } from '../../../../backend/documents/conversion-error';
import { convertToPdf } from '../../../../backend/documents/convert-to-pdf';
import { buildDamagedPdf, buildEncryptedPdf, buildPdf, buildPng, checked, imageCount, photoJpeg, photoPng, smallJpeg, smallPng } from '../../../../scripts/support/documents';
import { conversionFailure } from './conversion-failure';


describe('convertToPdf: PDF', () => {
  it('keeps a valid PDF byte for byte', async () => {
    const pdf = await buildPdf(['one', 'two']);
    expect((await convertToPdf(checked(pdf))).equals(pdf)).toBe(true);
  });

  it('refuses a password-protected PDF, found by the check pdf-lib makes', async () => {
    const encrypted = buildEncryptedPdf();
    expect((await PDFDocument.load(encrypted, { ignoreEncryption: true })).isEncrypted).toBe(true);
    expect((await conversionFailure(convertToPdf(checked(encrypted)))).message).toBe(conversionMessages.pdfEncrypted);
  });

  it('refuses a damaged PDF, and a truncated one', async () => {
    expect((await conversionFailure(convertToPdf(checked(buildDamagedPdf())))).message).toBe(conversionMessages.pdfDamaged);
    const truncated = (await buildPdf()).subarray(0, 300);
    expect((await conversionFailure(convertToPdf(checked(Buffer.from(truncated))))).message).toBe(conversionMessages.pdfDamaged);
  });

  it('refuses a PDF with more pages than the limit', async () => {
    const pdf = await buildPdf(['1', '2', '3']);
    expect((await conversionFailure(convertToPdf(checked(pdf), { maxPages: 2 }))).message).toBe(conversionMessages.tooManyPages(2));
  });
});

describe('convertToPdf: images', () => {
  async function onePageWithAnImage(output: Buffer) {
    const document = await PDFDocument.load(output);
    expect(document.getPageCount()).toBe(1);
    expect(await imageCount(output)).toBe(1);
    return document.getPage(0).getSize();
  }

  it('puts a PNG on one Letter page, turned to landscape when the image is wide', async () => {
    expect(await onePageWithAnImage(await convertToPdf(checked(smallPng())))).toEqual({ width: 792, height: 612 });
    const tall = buildPng(30, 60, () => [10, 20, 30]);
    expect(await onePageWithAnImage(await convertToPdf(checked(tall)))).toEqual({ width: 612, height: 792 });
  });

  it('puts a JPEG on one page', async () => {
    expect(await onePageWithAnImage(await convertToPdf(checked(smallJpeg())))).toEqual({ width: 792, height: 612 });
  });

  it('converts a PNG with transparency, and photos of about 1 MB', async () => {
    await onePageWithAnImage(await convertToPdf(checked(buildPng(20, 20, () => [200, 0, 0], (x) => x * 12))));
    await onePageWithAnImage(await convertToPdf(checked(photoPng())));
    await onePageWithAnImage(await convertToPdf(checked(photoJpeg())));
  });

  it('refuses a PNG whose image data is damaged', async () => {
    const png = smallPng();
    const idat = png.indexOf('IDAT');
    const damaged = Buffer.from(png);
    damaged.fill(0x41, idat + 10, idat + 40);
    expect((await conversionFailure(convertToPdf(checked(damaged)))).message).toBe(conversionMessages.imageDamaged);
  });

  it('refuses an image that claims more pixels than the limit, before decoding it', async () => {
    const huge = Buffer.from(smallPng());
    huge.writeUInt32BE(60_000, 16);
    huge.writeUInt32BE(60_000, 20);
    huge.writeUInt32BE(zlib.crc32(huge.subarray(12, 29)) >>> 0, 29); // IHDR's CRC, so the header is whole
    expect((await conversionFailure(convertToPdf(checked(huge)))).message).toBe(conversionMessages.imageTooManyPixels);
  });
});

