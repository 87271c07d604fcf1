import { PDFDocument } from '@cantoo/pdf-lib';
import { assembleApplication } from '../../../../backend/application-pdf/assemble';
import { describe, expect, it } from 'vitest';
import { conversionMessages } from '../../../../backend/documents/conversion-error';
import { convertToPdf } from '../../../../backend/documents/convert-to-pdf';
import { buildEncryptedPdfOf, buildPdf, buildPdfWithEncryptedAttachmentOnly, checked } from '../../../../scripts/support/documents';
import { pdfPageTexts } from '../../../support/pdf-text';
import { pdfInfo } from '../../../support/poppler';
import { conversionFailure } from './conversion-failure';

/** A stored PDF starts at its header and ends at its %%EOF (and an end of line). */
function startsAndEndsAsAPdf(pdf: Buffer): void {
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.toString('latin1', pdf.length - 7)).toMatch(/%%EOF\r?\n?$/);
}

const ALGORITHMS = ['RC4-40', 'RC4-128', 'AES-128', 'AES-256'] as const;

/** The text of the page a stored one-page PDF becomes in the application PDF, which copies its pages with pdf-lib. */
async function pageInTheApplication(stored: Uint8Array): Promise<string> {
  const application = await assembleApplication(await buildPdf(['The form part.']), [stored], 'Ada Lovelace');
  const pages = await pdfPageTexts(application);
  expect(pages).toHaveLength(2);
  return pages[1]!;
}

describe('convertToPdf: encrypted PDFs', () => {
  it.each(ALGORITHMS)('accepts a %s PDF that opens without a password, and stores it decrypted', async (algorithm) => {
    const text = `Opened with ${algorithm}`;
    const encrypted = await buildEncryptedPdfOf(algorithm, text);
    expect((await pdfInfo(encrypted)).encrypted).toBe(true);
    const stored = await convertToPdf(checked(encrypted));
    startsAndEndsAsAPdf(stored);
    expect(await pdfInfo(stored)).toEqual({ pages: 1, encrypted: false });
    expect(await pdfPageTexts(stored)).toEqual([text]);
    expect(await pageInTheApplication(stored)).toContain(text);
  });

  it.each(ALGORITHMS)('refuses a %s PDF that needs a password to open', async (algorithm) => {
    const encrypted = await buildEncryptedPdfOf(algorithm, 'Locked', 'user password');
    await expect(pdfInfo(encrypted)).rejects.toThrow(/password/i);
    expect((await conversionFailure(convertToPdf(checked(encrypted)))).message).toBe(conversionMessages.pdfEncrypted);
  });

  it("accepts a PDF whose encryption dictionary's opening << is damaged (pdf.js's PDFBOX-4352), and refuses one whose dictionary cannot be read as damaged, never as password-protected", async () => {
    const text = 'A damaged encryption dictionary';
    const encrypted = await buildEncryptedPdfOf('AES-256', text);
    const encryptObject = encrypted.toString('latin1').match(/\/Encrypt (\d+) 0 R/)![1]!;
    const at = encrypted.indexOf(`\n${encryptObject} 0 obj\n<<`, 0, 'latin1') + `\n${encryptObject} 0 obj\n`.length;
    expect(at).toBeGreaterThan(20);
    // Same length, so every offset holds: only the dictionary's opening is damaged.
    const damagedOpening = Buffer.concat([encrypted.subarray(0, at), Buffer.from('E<'), encrypted.subarray(at + 2)]);
    expect(await pdfPageTexts(await convertToPdf(checked(damagedOpening)))).toEqual([text]);

    const end = encrypted.indexOf('endobj', at, 'latin1');
    const unreadable = Buffer.concat([encrypted.subarray(0, at), Buffer.from('E'.repeat(end - at - 1) + '\n'), encrypted.subarray(end)]);
    expect((await conversionFailure(convertToPdf(checked(unreadable)))).message).toBe(conversionMessages.pdfDamaged);
  });

  it('accepts a PDF of which only an attachment is encrypted, and stores it without the attachment', async () => {
    const pdf = buildPdfWithEncryptedAttachmentOnly('Pages in the clear');
    expect((await PDFDocument.load(pdf, { ignoreEncryption: true })).isEncrypted).toBe(true);
    const stored = await convertToPdf(checked(pdf));
    expect(await pdfInfo(stored)).toEqual({ pages: 1, encrypted: false });
    expect(await pageInTheApplication(stored)).toContain('Pages in the clear');
    expect(stored.includes('EmbeddedFiles')).toBe(false);
  });
});

describe('convertToPdf: junk around a PDF', () => {
  it('cuts junk after the last %%EOF and keeps the rest byte for byte', async () => {
    const pdf = await buildPdf(['Trailing junk']);
    const stored = await convertToPdf(checked(Buffer.concat([pdf, Buffer.from('<html>a mail gateway was here</html>\x00\x00')])));
    startsAndEndsAsAPdf(stored);
    expect(stored.equals(pdf)).toBe(true);
  });

  it('cuts junk before the header when the offsets were counted from the header', async () => {
    const pdf = await buildPdf(['Leading junk']);
    const stored = await convertToPdf(checked(Buffer.concat([Buffer.from('\xef\xbb\xbfJUNK\r\n', 'latin1'), pdf])));
    expect(stored.equals(pdf)).toBe(true);
  });

  it('writes the PDF afresh when cutting the junk off the front would break its offsets', async () => {
    const pdf = await buildPdf(['Offsets counted with the junk']);
    // The junk replaces the first bytes of the header comment, so every offset still counts it.
    const junk = Buffer.from('JUNK\n', 'latin1');
    const shifted = Buffer.concat([junk, pdf.subarray(0, 9), pdf.subarray(9 + junk.length)]);
    const stored = await convertToPdf(checked(shifted));
    startsAndEndsAsAPdf(stored);
    expect(await pdfInfo(stored)).toEqual({ pages: 1, encrypted: false });
    expect(await pdfPageTexts(stored)).toEqual(['Offsets counted with the junk']);
  });
});
