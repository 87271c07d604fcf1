import { describe, expect, it } from 'vitest';
import { detectDocumentType } from '../../../../common/uploads/document-type';
import { checkDocument } from '../../../../backend/documents/checked-document';
import { uploadMessages } from '../../../../common/uploads/upload-messages';
import { buildPdf, oleCompoundFile, sampleDocx, smallJpeg, smallPng, textFileAsDocx, zipWithoutDocument } from '../../../../scripts/support/documents';

/** What the check decided: the type it read, or its message. */
const verdict = (bytes: Uint8Array, name: string) => {
  const check = checkDocument(bytes, name);
  return check.ok ? { ok: true, type: check.document.type } : check;
};

describe('detectDocumentType', () => {
  it('recognises each accepted type by its magic numbers', async () => {
    expect(detectDocumentType(await buildPdf())).toBe('pdf');
    expect(detectDocumentType(smallPng())).toBe('png');
    expect(detectDocumentType(smallJpeg())).toBe('jpeg');
    expect(detectDocumentType(sampleDocx())).toBe('docx');
  });

  it('accepts a PDF header after a few bytes of junk, as PDF readers do', async () => {
    expect(detectDocumentType(Buffer.concat([Buffer.from('\r\n\r\n'), await buildPdf()]))).toBe('pdf');
  });

  it('refuses a text file, a zip that is not a Word document, and nothing at all', () => {
    expect(detectDocumentType(textFileAsDocx())).toBeNull();
    expect(detectDocumentType(zipWithoutDocument())).toBeNull();
    expect(detectDocumentType(Buffer.alloc(0))).toBeNull();
    expect(detectDocumentType(Buffer.from('PK\x03\x04 truncated'))).toBeNull();
  });
});

describe('checkUploadBytes', () => {
  it('takes the type from the bytes, and the name must agree with them', async () => {
    expect(verdict(await buildPdf(), 'essay.pdf')).toEqual({ ok: true, type: 'pdf' });
    expect(verdict(smallJpeg(), 'scan.JPG')).toEqual({ ok: true, type: 'jpeg' });
    expect(verdict(smallJpeg(), 'scan.jpeg')).toEqual({ ok: true, type: 'jpeg' });
  });

  it('tells a file whose bytes are another type, or nothing known, which type it is not', async () => {
    expect(verdict(await buildPdf(), 'essay.docx')).toEqual({ ok: false, message: uploadMessages.notReally('docx') });
    expect(verdict(smallPng(), 'scan.JPG')).toEqual({ ok: false, message: uploadMessages.notReally('jpeg') });
    expect(verdict(textFileAsDocx(), 'essay.docx')).toEqual({ ok: false, message: uploadMessages.notReally('docx') });
    expect(verdict(zipWithoutDocument(), 'essay.docx')).toEqual({ ok: false, message: uploadMessages.notReally('docx') });
  });

  it('gives a name with no accepted extension the list of types, whatever its bytes', () => {
    expect(verdict(Buffer.from('%PDF-1.7 but named as a text file'), 'notes.txt')).toEqual({ ok: false, message: uploadMessages.wrongType });
    expect(verdict(smallPng(), 'png')).toEqual({ ok: false, message: uploadMessages.wrongType });
  });

  it("gives the spec's messages for an empty file and a wrong type", () => {
    expect(uploadMessages.empty).toBe('Your file is empty. Please upload a non-empty file.');
    expect(uploadMessages.wrongType).toBe('You can only enter the following file types: .png, .jpeg, .jpg, .pdf, .docx');
    expect(verdict(Buffer.alloc(0), 'empty.pdf')).toEqual({ ok: false, message: uploadMessages.empty });
    expect(verdict(Buffer.from('GIF89a...'), 'photo.gif')).toEqual({ ok: false, message: uploadMessages.wrongType });
  });

  it('tells apart a password-protected or old Word document, which is not a zip', () => {
    expect(detectDocumentType(oleCompoundFile())).toBeNull();
    expect(verdict(oleCompoundFile(), 'essay.docx')).toEqual({ ok: false, message: uploadMessages.protectedOrOldWord });
  });

  it('refuses more than 1 MB and names longer than 32 characters', () => {
    const png = smallPng();
    expect(verdict(Buffer.concat([png, Buffer.alloc(1_048_577 - png.length)]), 'big.png')).toEqual({ ok: false, message: uploadMessages.tooLarge });
    expect(verdict(png, `${'a'.repeat(28)}.png`)).toEqual({ ok: true, type: 'png' });
    expect(verdict(png, `${'a'.repeat(29)}.png`)).toEqual({ ok: false, message: uploadMessages.nameTooLong });
  });
});
