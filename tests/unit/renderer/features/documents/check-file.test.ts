import { describe, expect, it, vi } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../../../../common/constants';
import { uploadMessages } from '../../../../../common/uploads/upload-messages';
import { ONE_FILE_MESSAGE, checkFiles } from '../../../../../renderer/src/features/documents/check-file';
import { jpegNameOf } from '../../../../../renderer/src/features/documents/shrink-photo';

const fileOf = (name: string, size: number, type = '') => new File([new Uint8Array(size)], name, { type });
const noShrink = vi.fn(async () => null);

describe('checkFiles', () => {
  it('accepts each allowed type at the size limit', async () => {
    for (const [name, type] of [
      ['a.png', 'image/png'],
      ['a.JPEG', 'image/jpeg'],
      ['a.jpg', 'image/jpeg'],
      ['a.pdf', 'application/pdf'],
      ['a.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['a.docx', ''],
    ] as const) {
      const file = fileOf(name, UPLOAD_MAX_BYTES, type);
      expect(await checkFiles([file], noShrink)).toEqual({ ok: true, file });
    }
  });

  it('refuses no file or several files', async () => {
    expect(await checkFiles([], noShrink)).toEqual({ ok: false, message: ONE_FILE_MESSAGE });
    expect(await checkFiles([fileOf('a.pdf', 1), fileOf('b.pdf', 1)], noShrink)).toEqual({ ok: false, message: ONE_FILE_MESSAGE });
  });

  it('refuses an empty file', async () => {
    expect(await checkFiles([fileOf('a.pdf', 0)], noShrink)).toEqual({ ok: false, message: uploadMessages.empty });
  });

  it('refuses a type by extension and by MIME type', async () => {
    expect(await checkFiles([fileOf('a.doc', 10)], noShrink)).toEqual({ ok: false, message: uploadMessages.wrongType });
    expect(await checkFiles([fileOf('noextension', 10)], noShrink)).toEqual({ ok: false, message: uploadMessages.wrongType });
    expect(await checkFiles([fileOf('a.pdf', 10, 'text/html')], noShrink)).toEqual({ ok: false, message: uploadMessages.wrongType });
  });

  it('allows a name of 32 characters and refuses 33', async () => {
    const name32 = `${'n'.repeat(28)}.pdf`;
    expect((await checkFiles([fileOf(name32, 10)], noShrink)).ok).toBe(true);
    expect(await checkFiles([fileOf(`n${name32}`, 10)], noShrink)).toEqual({ ok: false, message: uploadMessages.nameTooLong });
  });

  it('refuses a document over 1 MB without trying to shrink it', async () => {
    const shrink = vi.fn(async () => fileOf('a.jpg', 10));
    expect(await checkFiles([fileOf('a.pdf', UPLOAD_MAX_BYTES + 1)], shrink)).toEqual({ ok: false, message: uploadMessages.tooLarge });
    expect(shrink).not.toHaveBeenCalled();
  });

  it('shrinks a photo over 1 MB and refuses it only when it cannot fit', async () => {
    const photo = fileOf('photo.png', UPLOAD_MAX_BYTES + 1, 'image/png');
    const small = fileOf('photo.jpg', 500_000, 'image/jpeg');
    expect(await checkFiles([photo], async () => small)).toEqual({ ok: true, file: small });
    expect(await checkFiles([photo], noShrink)).toEqual({ ok: false, message: uploadMessages.tooLarge });
  });

  it('names a re-encoded photo .jpg, never longer than before', () => {
    expect(jpegNameOf('IMG_0001.jpeg')).toBe('IMG_0001.jpg');
    expect(jpegNameOf('scan.png')).toBe('scan.jpg');
  });
});
