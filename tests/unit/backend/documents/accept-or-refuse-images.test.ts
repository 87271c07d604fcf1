import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument, PDFName, PDFRawStream } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { conversionMessages } from '../../../../backend/documents/conversion-error';
import { checkDocument } from '../../../../backend/documents/checked-document';
import { convertToPdf } from '../../../../backend/documents/convert-to-pdf';
import { uploadMessages } from '../../../../common/uploads/upload-messages';
import { readJpegStructure } from '../../../../backend/documents/images/jpeg-structure';
import { GO_SRC } from '../../../../scripts/support/corpus-files';
import { buildJpeg, buildPng, buildPngOf, checked, hostilePngs, pngChunk, smallJpeg, smallPng, withPngImageData, type PngSpec, type Rgb } from '../../../../scripts/support/documents';
import { renderFirstPage } from '../../../support/poppler';
import { conversionFailure } from './conversion-failure';

/** Four quadrants of these colours: top left, top right, bottom left, bottom right. */
const QUADRANTS: readonly Rgb[] = [
  [200, 30, 30],
  [30, 160, 60],
  [40, 60, 200],
  [20, 20, 20],
];
const WHITE: Rgb = [255, 255, 255];
const quadrant = (size: number) => (x: number, y: number) => (x < size / 2 ? 0 : 1) + (y < size / 2 ? 0 : 2);

/**
 * The colours pdftoppm shows at the centres of the four quadrants of a square image, which fills
 * the width of a portrait Letter page inside half-inch margins (540 points, from 36, 126).
 */
async function quadrantColours(pdf: Buffer): Promise<Rgb[]> {
  const dpi = 30;
  const page = await renderFirstPage(pdf, dpi);
  const at = (points: number) => (points * dpi) / 72;
  return [
    [0.25, 0.25],
    [0.75, 0.25],
    [0.25, 0.75],
    [0.75, 0.75],
  ].map(([fx, fy]) => page.rgb(at(36 + 540 * fx!), at(126 + 540 * fy!)));
}

function expectColours(actual: readonly Rgb[], expected: readonly Rgb[], tolerance = 40): void {
  const close = actual.every((colour, i) => colour.every((value, channel) => Math.abs(value - expected[i]![channel]!) <= tolerance));
  expect(close, `rendered ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`).toBe(true);
}

const grey = (value: number): Rgb => [value, value, value];
/** What a display shows of a sample in a file of gamma 1.0 (PNG spec, 13.13). */
const shownAtGammaOne = (value: number) => Math.round(255 * (value / 255) ** (1 / 2.2));

const PNG_CASES: Array<{ name: string; spec: PngSpec; expected: readonly Rgb[] }> = [
  {
    name: 'interlaced 8-bit RGB',
    spec: { width: 16, height: 16, colourType: 2, bitDepth: 8, interlaced: true, samples: (x, y) => QUADRANTS[quadrant(16)(x, y)]! },
    expected: QUADRANTS,
  },
  {
    name: 'interlaced 1-bit grey of an odd size',
    spec: { width: 13, height: 13, colourType: 0, bitDepth: 1, interlaced: true, samples: (x, y) => [quadrant(13)(x, y) % 2] },
    expected: [grey(0), WHITE, grey(0), WHITE],
  },
  {
    name: 'interlaced 2-bit palette of an odd size',
    spec: { width: 13, height: 13, colourType: 3, bitDepth: 2, interlaced: true, palette: QUADRANTS, samples: (x, y) => [quadrant(13)(x, y)] },
    expected: QUADRANTS,
  },
  {
    name: '2-bit palette with several transparent entries (tRNS)',
    spec: { width: 16, height: 16, colourType: 3, bitDepth: 2, palette: QUADRANTS, paletteAlpha: [255, 0, 255, 0], samples: (x, y) => [quadrant(16)(x, y)] },
    expected: [QUADRANTS[0]!, WHITE, QUADRANTS[2]!, WHITE],
  },
  {
    name: '16-bit RGB with a suggested palette (PLTE)',
    spec: { width: 16, height: 16, colourType: 2, bitDepth: 16, palette: [[0, 0, 0]], samples: (x, y) => QUADRANTS[quadrant(16)(x, y)]!.map((value) => value * 257) },
    expected: QUADRANTS,
  },
  {
    name: '16-bit grey with alpha, half of it transparent',
    spec: { width: 16, height: 16, colourType: 4, bitDepth: 16, samples: (x, y) => [quadrant(16)(x, y) === 0 ? 0 : 65535, x < 8 ? 65535 : 0] },
    expected: [grey(0), WHITE, WHITE, WHITE],
  },
  {
    name: 'RGB with gamma 1.0, shown as viewers show it',
    spec: { width: 16, height: 16, colourType: 2, bitDepth: 8, gamma: 100_000, samples: (x, y) => QUADRANTS[quadrant(16)(x, y)]! },
    expected: QUADRANTS.map((colour) => colour.map(shownAtGammaOne) as unknown as Rgb),
  },
  {
    name: '8-bit RGBA, which pdfkit draws itself',
    spec: { width: 16, height: 16, colourType: 6, bitDepth: 8, samples: (x, y) => [...QUADRANTS[quadrant(16)(x, y)]!, quadrant(16)(x, y) === 3 ? 0 : 255] },
    expected: [QUADRANTS[0]!, QUADRANTS[1]!, QUADRANTS[2]!, WHITE],
  },
];

describe('convertToPdf: PNGs show what the file holds', () => {
  it.each(PNG_CASES)('$name', async ({ spec, expected }) => {
    expectColours(await quadrantColours(await convertToPdf(checked(buildPngOf(spec)))), expected);
  });
});

describe('convertToPdf: PNGs are checked before anything decodes them', () => {
  it.each(Object.entries(hostilePngs()))('refuses %s at once and at a small memory cost', async (_, png) => {
    const before = process.memoryUsage().rss;
    const started = performance.now();
    expect((await conversionFailure(convertToPdf(checked(png)))).message).toBe(conversionMessages.imageDamaged);
    expect(performance.now() - started).toBeLessThan(250);
    expect(process.memoryUsage().rss - before).toBeLessThan(32 * 1024 * 1024);
  });

  it("refuses damaged PNGs Chromium does not draw as damaged: a bad signature (at the job's door), header, header's CRC, filter type, image data split by another chunk, or none", async () => {
    const png = buildPng(16, 16, () => [10, 200, 30], () => 128);
    const idat = png.indexOf('IDAT', 8, 'latin1') - 4;
    const idatLength = png.readUInt32BE(idat);
    const edited = (edit: (copy: Buffer) => void) => editedCopy(png, edit);
    const [firstHalf, secondHalf] = [png.subarray(idat + 8, idat + 8 + idatLength / 2), png.subarray(idat + 8 + idatLength / 2, idat + 8 + idatLength)];
    const damaged = {
      signature: edited((copy) => (copy[1] = 0x51)),
      lineEndingsConverted: Buffer.concat([png.subarray(0, 4), Buffer.from('\r'), png.subarray(4)]),
      bitDepth: edited((copy) => (copy[24] = 3)),
      headerCrc: edited((copy) => (copy[29]! ^= 0xff)),
      filterType: withPngImageData(png, (scanlines) => ((scanlines[0] = 9), scanlines)),
      splitImageData: Buffer.concat([png.subarray(0, idat), pngChunk('IDAT', firstHalf), pngChunk('tEXt', Buffer.from('a\0b', 'latin1')), pngChunk('IDAT', secondHalf), png.subarray(idat + 12 + idatLength)]),
      noImageData: Buffer.concat([png.subarray(0, idat), png.subarray(idat + 12 + idatLength)]),
    };
    const { signature, lineEndingsConverted, ...decoded } = damaged;
    // A bad signature is not a PNG's: the door refuses it before any converter sees it.
    for (const bytes of [signature, lineEndingsConverted]) expect(checkDocument(bytes, 'image.png')).toEqual({ ok: false, message: uploadMessages.notReally('png') });
    for (const [name, bytes] of Object.entries(decoded)) {
      expect((await conversionFailure(convertToPdf(checked(bytes)))).message, name).toBe(conversionMessages.imageDamaged);
    }
  });

  it('shows damaged PNGs Chromium draws as Chromium draws them: a bad CRC, Adler-32, overlong IDAT, empty ancillary chunk, no IEND, palette index past the palette', async () => {
    const png = buildPng(16, 16, (x, y) => QUADRANTS[quadrant(16)(x, y)]!);
    const idat = png.indexOf('IDAT', 8, 'latin1') - 4;
    const idatLength = png.readUInt32BE(idat);
    const edited = (edit: (copy: Buffer) => void) => editedCopy(png, edit);
    const headerEnd = 8 + 25;
    const drawn = {
      imageDataCrc: edited((copy) => (copy[idat + 8 + idatLength]! ^= 0xff)),
      adler32: edited((copy) => (copy[idat + 8 + idatLength - 1]! ^= 0xff)),
      overlongImageData: edited((copy) => copy.writeUInt32BE(0x3fff_ffff, idat)),
      emptyAncillary: Buffer.concat([png.subarray(0, headerEnd), pngChunk('gAMA', Buffer.alloc(0)), pngChunk('sRGB', Buffer.alloc(0)), pngChunk('tEXt', Buffer.alloc(0)), png.subarray(headerEnd)]),
      ancillaryCrc: Buffer.concat([png.subarray(0, headerEnd), withBadCrc(pngChunk('gAMA', Buffer.from([0, 0, 0x86, 0xa0]))), png.subarray(headerEnd)]),
      noEnd: png.subarray(0, png.length - 12),
      paletteIndex: buildPngOf({ width: 16, height: 16, colourType: 3, bitDepth: 8, palette: QUADRANTS.slice(0, 3), samples: (x, y) => [quadrant(16)(x, y)] }),
    };
    for (const [name, bytes] of Object.entries(drawn)) {
      // Chromium shows an index past the palette in the palette's last colour.
      const expected = name === 'paletteIndex' ? [...QUADRANTS.slice(0, 3), QUADRANTS[2]!] : QUADRANTS;
      expectColours(await quadrantColours(await convertToPdf(checked(bytes))), expected, 10);
    }
  });
});

/** A copy of the file with an edit. */
function editedCopy(bytes: Buffer, edit: (copy: Buffer) => void): Buffer {
  const copy = Buffer.from(bytes);
  edit(copy);
  return copy;
}

/** An APP1 Exif segment holding only an orientation. */
function exifOrientation(orientation: number): Buffer {
  const tiff = Buffer.from([0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0]);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const head = Buffer.from([0xff, 0xe1, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/** The chunk with its CRC wrong. */
function withBadCrc(chunk: Buffer): Buffer {
  return editedCopy(chunk, (copy) => (copy[copy.length - 1]! ^= 0xff));
}

/** The bytes of the one image XObject of a converted page. */
async function embeddedImage(pdf: Buffer): Promise<Buffer> {
  const document = await PDFDocument.load(pdf);
  const streams = document.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter((object): object is PDFRawStream => object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
  expect(streams).toHaveLength(1);
  return Buffer.from(streams[0]!.contents);
}

const quadrantJpeg = (options: Parameters<typeof buildJpeg>[4] = {}) => buildJpeg(32, 32, (x, y) => QUADRANTS[quadrant(32)(x, y)]!, 90, options);
const quadrantJpeg64 = (options: Parameters<typeof buildJpeg>[4] = {}) => buildJpeg(64, 64, (x, y) => QUADRANTS[quadrant(64)(x, y)]!, 90, options);
const GO_IMAGE_TESTDATA = path.join(GO_SRC, 'image/testdata');

describe('convertToPdf: JPEGs', () => {
  it('shows a baseline and a progressive JPEG', async () => {
    for (const options of [{}, { progressive: true }]) expectColours(await quadrantColours(await convertToPdf(checked(quadrantJpeg(options)))), QUADRANTS);
  });

  it('shows an Adobe CMYK JPEG (stored inverted) with its colours, not their negative', async () => {
    // The viewer turns CMYK into RGB by its own formula, not the naive inverse the file was made
    // with, so colours come out near, not exact; read as not inverted, the page would be black.
    for (const options of [{ adobeCmyk: true }, { adobeCmyk: true, progressive: true }]) {
      expectColours(await quadrantColours(await convertToPdf(checked(quadrantJpeg(options)))), QUADRANTS, 64);
    }
  });

  it('accepts a JPEG with stray bytes before a marker, and embeds it without them', async () => {
    const jpeg = quadrantJpeg();
    const quantization = jpeg.indexOf(Buffer.from([0xff, 0xdb]));
    const stray = Buffer.concat([jpeg.subarray(0, quantization), Buffer.from([0x00, 0x0d, 0x0a]), jpeg.subarray(quantization)]);
    const pdf = await convertToPdf(checked(stray));
    expect((await embeddedImage(pdf)).equals(jpeg)).toBe(true);
    expectColours(await quadrantColours(pdf), QUADRANTS);
  });

  it('refuses, saying why, a JPEG that viewers would show blank: 12-bit, arithmetic, lossless, hierarchical', async () => {
    const jpeg = smallJpeg();
    const frame = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    const edited = (at: number, value: number) => {
      const copy = Buffer.from(jpeg);
      copy[at] = value;
      return copy;
    };
    const cases: Array<[Buffer, string]> = [
      [edited(frame + 4, 12), conversionMessages.jpeg12Bit],
      [edited(frame + 1, 0xc9), conversionMessages.jpegArithmetic],
      [edited(frame + 1, 0xc3), conversionMessages.jpegLossless],
      [edited(frame + 1, 0xc5), conversionMessages.jpegHierarchical],
    ];
    for (const [bytes, message] of cases) expect((await conversionFailure(convertToPdf(checked(bytes)))).message).toBe(message);
    expect(conversionMessages.jpeg12Bit).toBe(
      'This JPEG image uses 12-bit colour, which cannot be shown in a PDF. Please save it again as a standard JPEG or as PNG, and upload it again.',
    );
  });

  it('refuses a JPEG cut short before Chromium draws anything as incomplete: in its headers, or just after its scan begins', async () => {
    const jpeg = quadrantJpeg();
    const scanData = jpeg.indexOf(Buffer.from([0xff, 0xda])) + 2 + 12;
    for (const length of [100, scanData, scanData + 4]) {
      expect((await conversionFailure(convertToPdf(checked(jpeg.subarray(0, length))))).message, `cut at ${length}`).toBe(conversionMessages.imageIncomplete);
    }
  });

  it('shows a JPEG cut inside its scan as Chromium does: the rows it decodes, the rest of the page empty', async () => {
    const jpeg = quadrantJpeg64();
    const scanData = jpeg.indexOf(Buffer.from([0xff, 0xda])) + 2 + 12;
    // The top half, then a little of the bottom half.
    const cut = jpeg.subarray(0, scanData + Math.round((jpeg.length - scanData) * 0.6));
    expectColours(await quadrantColours(await convertToPdf(checked(cut))), [QUADRANTS[0]!, QUADRANTS[1]!, WHITE, WHITE]);
    // Without its EOI, all but the last row of blocks, which Chromium waits for.
    expectColours(await quadrantColours(await convertToPdf(checked(jpeg.subarray(0, jpeg.length - 2)))), QUADRANTS);
  });

  it('leaves the missing rows of a turned JPEG (EXIF orientation 6) empty where they are once turned: on the left', async () => {
    const jpeg = quadrantJpeg64();
    const turned = Buffer.concat([jpeg.subarray(0, 2), exifOrientation(6), jpeg.subarray(2)]);
    const scanData = turned.indexOf(Buffer.from([0xff, 0xda])) + 2 + 12;
    const cut = turned.subarray(0, scanData + Math.round((turned.length - scanData) * 0.6));
    // Turned a quarter clockwise, the stored top (red, green) is the right-hand side, top to bottom.
    expectColours(await quadrantColours(await convertToPdf(checked(cut))), [WHITE, QUADRANTS[0]!, WHITE, QUADRANTS[1]!]);
  });

  it('shows a progressive JPEG cut after its first scan whole, at the detail it has', async () => {
    const jpeg = quadrantJpeg64({ progressive: true });
    const lastScan = jpeg.lastIndexOf(Buffer.from([0xff, 0xda]));
    for (const length of [lastScan + 20, lastScan + 1]) expectColours(await quadrantColours(await convertToPdf(checked(jpeg.subarray(0, length)))), QUADRANTS);
  });

  it("keeps the rows Chromium 156 draws of Go's test JPEGs cut short (each checked in Chromium: 4:2:0 and 4:1:1, baseline and progressive)", () => {
    // [file, bytes kept, rows Chromium draws]; null: it draws nothing.
    const cases: Array<[string, number, number | null]> = [
      ['video-001.q50.420.jpeg', 1179, 30],
      ['video-001.q50.420.jpeg', 2013, 46],
      ['video-001.q50.420.jpeg', 2014, 62],
      ['video-001.q50.420.jpeg', 3322, 94],
      ['video-001.q50.411.jpeg', 1992, 56],
      ['video-001.q50.411.jpeg', 3278, 96],
      ['video-001.q50.420.progressive.jpeg', 293, null],
      ['video-001.q50.420.progressive.jpeg', 365, 14],
      ['video-001.q50.420.progressive.jpeg', 478, 62],
      ['video-001.q50.422.progressive.jpeg', 300, null],
      ['video-001.q50.422.progressive.jpeg', 383, 32],
      ['video-001.q50.422.progressive.jpeg', 513, 80],
    ];
    for (const [file, length, rows] of cases) {
      const cut = fs.readFileSync(path.join(GO_IMAGE_TESTDATA, file)).subarray(0, length);
      const drawn = () => readJpegStructure(cut, 25_000_000).drawnRows;
      if (rows === null) expect(drawn, `${file} cut at ${length}`).toThrow(conversionMessages.imageIncomplete);
      else expect(drawn(), `${file} cut at ${length}`).toBe(rows);
    }
  });

  it('refuses a JPEG that claims more pixels than the limit, before decoding it', async () => {
    const huge = Buffer.from(smallJpeg());
    const frame = huge.indexOf(Buffer.from([0xff, 0xc0]));
    huge.writeUInt16BE(60_000, frame + 5);
    huge.writeUInt16BE(60_000, frame + 7);
    expect((await conversionFailure(convertToPdf(checked(huge)))).message).toBe(conversionMessages.imageTooManyPixels);
  });
});

describe('convertToPdf: a plain PNG is still embedded as it is', () => {
  it('keeps an 8-bit RGB PNG without re-encoding it', async () => {
    expect(await quadrantColours(await convertToPdf(checked(smallPng())))).toHaveLength(4);
  });
});
