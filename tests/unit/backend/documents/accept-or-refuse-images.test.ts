import { PDFDocument, PDFName, PDFRawStream } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { conversionMessages } from '../../../../backend/documents/conversion-error';
import { convertToPdf } from '../../../../backend/documents/convert-to-pdf';
import { buildJpeg, buildPng, buildPngOf, hostilePngs, pngChunk, smallJpeg, smallPng, withPngImageData, type PngSpec, type Rgb } from '../../../support/documents';
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
    expectColours(await quadrantColours(await convertToPdf(buildPngOf(spec))), expected);
  });
});

describe('convertToPdf: PNGs are checked before anything decodes them', () => {
  it.each(Object.entries(hostilePngs()))('refuses %s at once and at a small memory cost', async (_, png) => {
    const before = process.memoryUsage().rss;
    const started = performance.now();
    expect((await conversionFailure(convertToPdf(png))).message).toBe(conversionMessages.imageDamaged);
    expect(performance.now() - started).toBeLessThan(250);
    expect(process.memoryUsage().rss - before).toBeLessThan(32 * 1024 * 1024);
  });

  it("refuses damaged PNGs Chromium does not draw as damaged: a bad signature, header, header's CRC, filter type, image data split by another chunk, or none", async () => {
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
    for (const [name, bytes] of Object.entries(damaged)) {
      expect((await conversionFailure(convertToPdf(bytes))).message, name).toBe(conversionMessages.imageDamaged);
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
      expectColours(await quadrantColours(await convertToPdf(bytes)), expected, 10);
    }
  });
});

/** A copy of the file with an edit. */
function editedCopy(bytes: Buffer, edit: (copy: Buffer) => void): Buffer {
  const copy = Buffer.from(bytes);
  edit(copy);
  return copy;
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

describe('convertToPdf: JPEGs', () => {
  it('shows a baseline and a progressive JPEG', async () => {
    for (const options of [{}, { progressive: true }]) expectColours(await quadrantColours(await convertToPdf(quadrantJpeg(options))), QUADRANTS);
  });

  it('shows an Adobe CMYK JPEG (stored inverted) with its colours, not their negative', async () => {
    // The viewer turns CMYK into RGB by its own formula, not the naive inverse the file was made
    // with, so colours come out near, not exact; read as not inverted, the page would be black.
    for (const options of [{ adobeCmyk: true }, { adobeCmyk: true, progressive: true }]) {
      expectColours(await quadrantColours(await convertToPdf(quadrantJpeg(options))), QUADRANTS, 64);
    }
  });

  it('accepts a JPEG with stray bytes before a marker, and embeds it without them', async () => {
    const jpeg = quadrantJpeg();
    const quantization = jpeg.indexOf(Buffer.from([0xff, 0xdb]));
    const stray = Buffer.concat([jpeg.subarray(0, quantization), Buffer.from([0x00, 0x0d, 0x0a]), jpeg.subarray(quantization)]);
    const pdf = await convertToPdf(stray);
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
    for (const [bytes, message] of cases) expect((await conversionFailure(convertToPdf(bytes))).message).toBe(message);
    expect(conversionMessages.jpeg12Bit).toBe(
      'This JPEG image uses 12-bit colour, which cannot be shown in a PDF. Please save it again as a standard JPEG or as PNG, and upload it again.',
    );
  });

  it('refuses a truncated JPEG as incomplete, whether it stops in the picture or before it', async () => {
    const jpeg = quadrantJpeg();
    for (const length of [Math.floor(jpeg.length * 0.7), 100, jpeg.length - 2]) {
      expect((await conversionFailure(convertToPdf(jpeg.subarray(0, length)))).message).toBe(conversionMessages.imageIncomplete);
    }
  });

  it('refuses a JPEG that claims more pixels than the limit, before decoding it', async () => {
    const huge = Buffer.from(smallJpeg());
    const frame = huge.indexOf(Buffer.from([0xff, 0xc0]));
    huge.writeUInt16BE(60_000, frame + 5);
    huge.writeUInt16BE(60_000, frame + 7);
    expect((await conversionFailure(convertToPdf(huge))).message).toBe(conversionMessages.imageTooManyPixels);
  });
});

describe('convertToPdf: a plain PNG is still embedded as it is', () => {
  it('keeps an 8-bit RGB PNG without re-encoding it', async () => {
    expect(await quadrantColours(await convertToPdf(smallPng()))).toHaveLength(4);
  });
});
