import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { convertToPdf } from '../../../../backend/documents/convert-to-pdf';
import {
  buildEncryptedPdfOf,
  buildJpeg,
  buildPdf,
  buildPdfWithEncryptedAttachmentOnly,
  buildPngOf,
  checked,
  photoJpeg,
  photoPixels,
  photoPng,
  sampleDocx,
  smallJpeg,
  smallPng,
} from '../../../../scripts/support/documents';
import { rendersBlank } from '../../../support/poppler';

const photo = photoPixels(3, 40);
const darkQuarter = (x: number, y: number) => (x < 12 && y < 12 ? 0 : 1);

/** One of each kind of file the converters take a different path for. */
const REPRESENTATIVE: Record<string, () => Buffer | Promise<Buffer>> = {
  'small PNG': smallPng,
  'photo PNG of about 1 MB': () => photoPng(),
  'interlaced 2-bit palette PNG': () =>
    buildPngOf({ width: 24, height: 24, colourType: 3, bitDepth: 2, interlaced: true, palette: [[20, 20, 20], [240, 240, 240]], samples: (x, y) => [darkQuarter(x, y)] }),
  'interlaced 1-bit grey PNG': () => buildPngOf({ width: 23, height: 23, colourType: 0, bitDepth: 1, interlaced: true, samples: (x, y) => [darkQuarter(x, y)] }),
  '16-bit RGB PNG with a suggested palette': () =>
    buildPngOf({ width: 24, height: 24, colourType: 2, bitDepth: 16, palette: [[255, 255, 255]], samples: (x, y) => photo(x, y).map((value) => value * 257) }),
  'PNG with gamma 1.0': () => buildPngOf({ width: 24, height: 24, colourType: 2, bitDepth: 8, gamma: 100_000, samples: photo }),
  'small JPEG': smallJpeg,
  'photo JPEG of about 1 MB': () => photoJpeg(),
  'progressive JPEG': () => buildJpeg(48, 48, photo, 85, { progressive: true }),
  'Adobe CMYK JPEG': () => buildJpeg(48, 48, photo, 85, { adobeCmyk: true }),
  'JPEG with stray bytes before a marker': () => {
    const jpeg = smallJpeg();
    const at = jpeg.indexOf(Buffer.from([0xff, 0xdb]));
    return Buffer.concat([jpeg.subarray(0, at), Buffer.from([0x0a, 0x0a]), jpeg.subarray(at)]);
  },
  'PDF': () => buildPdf(['A page of text.']),
  'PDF with junk around it': async () => Buffer.concat([Buffer.from('junk\n'), await buildPdf(['Junk around me.']), Buffer.from('more junk')]),
  'RC4-40 permission-only PDF': () => buildEncryptedPdfOf('RC4-40', 'Revision 2'),
  'AES-128 permission-only PDF': () => buildEncryptedPdfOf('AES-128', 'Revision 4'),
  'AES-256 permission-only PDF': () => buildEncryptedPdfOf('AES-256', 'Revision 6'),
  'PDF with only an encrypted attachment': () => buildPdfWithEncryptedAttachmentOnly('Attachment locked, pages open'),
  'Word document': sampleDocx,
};

describe('no conversion completes with a page that shows nothing', () => {
  it('has pdftoppm to look with (poppler-utils; npm test checks for it too)', () => {
    expect(() => execFileSync('pdftoppm', ['-v'], { stdio: 'pipe' })).not.toThrow();
  });

  it.each(Object.entries(REPRESENTATIVE))('%s', async (_, build) => {
    expect(await rendersBlank(await convertToPdf(checked(await build())))).toBe(false);
  });
});
