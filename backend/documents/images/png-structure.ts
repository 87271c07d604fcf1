import zlib from 'node:zlib';
import { ConversionError, conversionMessages } from '../conversion-error';

/** What the chunks of a PNG say, read without decoding a pixel. */
export interface PngStructure {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
  interlaced: boolean;
  /** Chunk types present, for the choices that depend on them (PLTE, tRNS, gAMA). */
  chunks: ReadonlySet<string>;
  /** gAMA's value (100000 = 1.0), or null without one. */
  gamma: number | null;
  imageData: Buffer;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Bit depths allowed for each colour type: grey, RGB, palette, grey+alpha, RGBA. */
const BIT_DEPTHS: Record<number, readonly number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const MAX_DIMENSION = 2 ** 31 - 1;
/** Adam7 passes: x start, y start, x step, y step. */
export const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

const damaged = () => new ConversionError(conversionMessages.imageDamaged);

/** What IHDR says. */
export type PngHeader = Pick<PngStructure, 'width' | 'height' | 'bitDepth' | 'colourType' | 'interlaced'>;

/** IHDR's data read and checked; a ConversionError (damaged) when it is not sane. */
export function readHeader(data: Buffer): PngHeader {
  if (data.length !== 13) throw damaged();
  const [width, height] = [data.readUInt32BE(0), data.readUInt32BE(4)];
  const [bitDepth, colourType, compression, filter, interlace] = [data[8]!, data[9]!, data[10]!, data[11]!, data[12]!];
  const sane = width > 0 && height > 0 && width <= MAX_DIMENSION && height <= MAX_DIMENSION && compression === 0 && filter === 0 && interlace <= 1;
  if (!sane || !BIT_DEPTHS[colourType]?.includes(bitDepth)) throw damaged();
  return { width, height, bitDepth, colourType, interlaced: interlace === 1 };
}

/**
 * Reads and checks a PNG's chunks before anything decodes it: the signature, IHDR first with
 * sane values and a pixel count within the limit, every chunk whole within the file with a
 * correct CRC, a palette where one is needed, image data, and IEND. pdfkit's PNG reader trusts
 * every length it reads (a 57-byte file declaring a huge text chunk aborted V8; one declaring a
 * huge IDAT took seconds and gigabytes), so nothing reaches it unchecked.
 */
export function readPngStructure(bytes: Buffer, maxPixels: number): PngStructure {
  if (bytes.length < SIGNATURE.length || !bytes.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw damaged();
  const chunks = new Set<string>();
  const imageData: Buffer[] = [];
  let header: PngHeader | null = null;
  let gamma: number | null = null;
  let previousType = '';
  let at = SIGNATURE.length;
  for (;;) {
    if (at + 12 > bytes.length) throw damaged();
    const length = bytes.readUInt32BE(at);
    if (length > bytes.length - at - 12) throw damaged();
    const type = bytes.toString('latin1', at + 4, at + 8);
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (!/^[A-Za-z]{4}$/.test(type) || (zlib.crc32(bytes.subarray(at + 4, at + 8 + length)) >>> 0) !== bytes.readUInt32BE(at + 8 + length)) throw damaged();
    if ((type === 'IHDR') !== (header === null)) throw damaged();
    if (type === 'IHDR') {
      header = readHeader(data);
      if (header.width * header.height > maxPixels) throw new ConversionError(conversionMessages.imageTooManyPixels);
    }
    // Image data comes in consecutive chunks: another chunk between two IDATs is damage.
    if (type === 'IDAT' && imageData.length > 0 && previousType !== 'IDAT') throw damaged();
    if (type === 'IDAT') imageData.push(data);
    if (type === 'PLTE' && (length === 0 || length % 3 !== 0 || length / 3 > 256 || imageData.length > 0)) throw damaged();
    if (type === 'gAMA' && length === 4) gamma = data.readUInt32BE(0);
    chunks.add(type);
    previousType = type;
    at += 12 + length;
    if (type === 'IEND') break;
  }
  if (!header || imageData.length === 0 || (header.colourType === 3 && !chunks.has('PLTE'))) throw damaged();
  return { ...header, chunks, gamma, imageData: Buffer.concat(imageData) };
}

/** Bytes per row, filter byte included, of each row of the image's passes in order. */
function rowLengths({ width, height, bitDepth, colourType, interlaced }: PngHeader): Array<{ rows: number; length: number }> {
  const bitsPerPixel = CHANNELS[colourType]! * bitDepth;
  const pass = (passWidth: number, passHeight: number) => ({ rows: passWidth > 0 ? passHeight : 0, length: 1 + Math.ceil((passWidth * bitsPerPixel) / 8) });
  if (!interlaced) return [pass(width, height)];
  return ADAM7.map(([xStart, yStart, xStep, yStep]) => pass(Math.max(0, Math.ceil((width - xStart) / xStep)), Math.max(0, Math.ceil((height - yStart) / yStep))));
}

/** Bytes of the filtered image data the header promises, filter bytes included. */
export function imageDataSize(header: PngHeader): number {
  return rowLengths(header).reduce((sum, { rows, length }) => sum + rows * length, 0);
}

/**
 * Whether the image data inflates to exactly the size the header promises, with a valid filter
 * type (0 to 4) at the start of every row. pdfkit copies an opaque PNG's data into the PDF as it
 * is and inflates others in a callback whose errors end the process, so damage is found here
 * first. The output is counted and dropped as it streams: a lying header costs time, not memory.
 */
export function pngImageDataIsWhole(png: PngStructure): Promise<boolean> {
  const passes = rowLengths(png);
  const expected = imageDataSize(png);
  // Offsets of the rows' filter bytes, in order, one pass after another.
  const rowStarts = (function* () {
    let offset = 0;
    for (const { rows, length } of passes) {
      for (let row = 0; row < rows; row += 1, offset += length) yield offset;
    }
  })();
  let nextRowStart = rowStarts.next();
  return new Promise((resolve) => {
    let seen = 0;
    const inflate = zlib.createInflate();
    const stop = (whole: boolean) => {
      inflate.destroy();
      resolve(whole);
    };
    inflate.on('data', (chunk: Buffer) => {
      if (seen + chunk.length > expected) return stop(false);
      for (; !nextRowStart.done && nextRowStart.value < seen + chunk.length; nextRowStart = rowStarts.next()) {
        if (chunk[nextRowStart.value - seen]! > 4) return stop(false);
      }
      seen += chunk.length;
    });
    inflate.on('error', () => resolve(false));
    inflate.on('end', () => resolve(seen === expected));
    inflate.end(png.imageData);
  });
}
