import { describe, expect, it, vi } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../../../../common/constants';
import { uploadMessages } from '../../../../../common/uploads/upload-messages';
import { ONE_FILE_MESSAGE, checkFiles } from '../../../../../renderer/src/features/documents/check-file';
import { jpegNameOf } from '../../../../../renderer/src/features/documents/shrink-photo';
import { buildPdf, oleCompoundFile, sampleDocx, smallJpeg, smallPng, textFileAsDocx } from '../../../../../scripts/support/documents';

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const pdfBytes = await buildPdf();

/** A file of real bytes, padded with zeros up to `size` when given (readers ignore what follows a PDF). */
function fileOf(name: string, bytes: Uint8Array, { type = '', size = bytes.length }: { type?: string; size?: number } = {}): File {
  const content = new Uint8Array(size);
  content.set(bytes.subarray(0, size));
  return new File([content], name, { type });
}
const pdfOf = (name: string, size?: number) => fileOf(name, pdfBytes, { size });
const noShrink = vi.fn(async () => null);

describe('checkFiles', () => {
  it('accepts each allowed type whose bytes are that type', async () => {
    for (const file of [
      fileOf('a.png', smallPng(), { type: 'image/png' }),
      fileOf('a.JPEG', smallJpeg(), { type: 'image/jpeg' }),
      fileOf('a.jpg', smallJpeg(), { type: 'image/jpeg' }),
      fileOf('a.pdf', pdfBytes, { type: 'application/pdf' }),
      fileOf('a.docx', sampleDocx(), { type: DOCX_TYPE }),
      fileOf('a.docx', sampleDocx()),
    ]) {
      expect(await checkFiles([file], noShrink)).toEqual({ ok: true, file });
    }
  });

  it('accepts a file at the size limit', async () => {
    const file = pdfOf('a.pdf', UPLOAD_MAX_BYTES);
    expect(await checkFiles([file], noShrink)).toEqual({ ok: true, file });
  });

  it('refuses no file or several files', async () => {
    expect(await checkFiles([], noShrink)).toEqual({ ok: false, message: ONE_FILE_MESSAGE });
    expect(await checkFiles([pdfOf('a.pdf'), pdfOf('b.pdf')], noShrink)).toEqual({ ok: false, message: ONE_FILE_MESSAGE });
  });

  it('refuses an empty file', async () => {
    expect(await checkFiles([pdfOf('a.pdf', 0)], noShrink)).toEqual({ ok: false, message: uploadMessages.empty });
  });

  it('refuses a type by extension and by MIME type', async () => {
    expect(await checkFiles([pdfOf('a.doc')], noShrink)).toEqual({ ok: false, message: uploadMessages.wrongType });
    expect(await checkFiles([pdfOf('noextension')], noShrink)).toEqual({ ok: false, message: uploadMessages.wrongType });
    expect(await checkFiles([fileOf('a.pdf', pdfBytes, { type: 'text/html' })], noShrink)).toEqual({ ok: false, message: uploadMessages.wrongType });
  });

  it('allows a name of 32 characters and refuses 33', async () => {
    const name32 = `${'n'.repeat(28)}.pdf`;
    expect((await checkFiles([pdfOf(name32)], noShrink)).ok).toBe(true);
    expect(await checkFiles([pdfOf(`n${name32}`)], noShrink)).toEqual({ ok: false, message: uploadMessages.nameTooLong });
  });

  it('refuses a document over 1 MB without trying to shrink it', async () => {
    const shrink = vi.fn(async () => fileOf('a.jpg', smallJpeg()));
    expect(await checkFiles([pdfOf('a.pdf', UPLOAD_MAX_BYTES + 1)], shrink)).toEqual({ ok: false, message: uploadMessages.tooLarge });
    expect(shrink).not.toHaveBeenCalled();
  });

  it('shrinks a photo over 1 MB and refuses it only when it cannot fit', async () => {
    const photo = fileOf('photo.png', smallPng(), { type: 'image/png', size: UPLOAD_MAX_BYTES + 1 });
    const small = fileOf('photo.jpg', smallJpeg(), { type: 'image/jpeg' });
    expect(await checkFiles([photo], async () => small)).toEqual({ ok: true, file: small });
    expect(await checkFiles([photo], noShrink)).toEqual({ ok: false, message: uploadMessages.tooLarge });
  });

  it('refuses a file whose bytes are not the type its name says, naming that type', async () => {
    expect(await checkFiles([fileOf('scan.png', pdfBytes, { type: 'image/png' })], noShrink)).toEqual({ ok: false, message: uploadMessages.notReally('png') });
    expect(await checkFiles([fileOf('photo.jpg', smallPng(), { type: 'image/jpeg' })], noShrink)).toEqual({ ok: false, message: uploadMessages.notReally('jpeg') });
    expect(await checkFiles([fileOf('essay.pdf', sampleDocx(), { type: 'application/pdf' })], noShrink)).toEqual({ ok: false, message: uploadMessages.notReally('pdf') });
    expect(await checkFiles([fileOf('essay.docx', textFileAsDocx())], noShrink)).toEqual({ ok: false, message: uploadMessages.notReally('docx') });
  });

  it('tells a password-protected or old Word file apart from other wrong bytes', async () => {
    expect(await checkFiles([fileOf('essay.docx', oleCompoundFile(), { type: DOCX_TYPE })], noShrink)).toEqual({ ok: false, message: uploadMessages.protectedOrOldWord });
  });

  it('checks the bytes of a shrunk photo, not of the original', async () => {
    const photo = fileOf('photo.png', smallPng(), { type: 'image/png', size: UPLOAD_MAX_BYTES + 1 });
    const notAJpeg = fileOf('photo.jpg', pdfBytes, { type: 'image/jpeg' });
    expect(await checkFiles([photo], async () => notAJpeg)).toEqual({ ok: false, message: uploadMessages.notReally('jpeg') });
  });

  it('names a re-encoded photo .jpg, never longer than before', () => {
    expect(jpegNameOf('IMG_0001.jpeg')).toBe('IMG_0001.jpg');
    expect(jpegNameOf('scan.png')).toBe('scan.jpg');
  });
});
