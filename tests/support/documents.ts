// Real files for the document-conversion tests and benchmark, built in code so that no binary
// fixture hides what it contains: PDFs (@cantoo/pdf-lib, and by hand for damaged or odd ones),
// PNG (node:zlib), baseline JPEG (a small encoder), and DOCX packages (OOXML in a zip written here).
import zlib from 'node:zlib';
import { PDFDict, PDFDocument, PDFName, PDFRawStream, StandardFonts, type EncryptionAlgorithm } from '@cantoo/pdf-lib';
import { pngChunk } from '../../backend/documents/images/png-repair';
import { ADAM7 } from '../../backend/documents/images/png-structure';
import { seededRandom } from '../../scripts/support/seeded-random';

// ---------------------------------------------------------------------------------------------
// Zip packages

/** One entry as it goes into the zip: already compressed, with the CRC and size of its content. */
export interface PackedZipEntry {
  name: string;
  method: 0 | 8;
  compressed: Buffer;
  crc32: number;
  size: number;
}

export function packZipEntry(name: string, content: string | Buffer, method: 0 | 8 = 8): PackedZipEntry {
  const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const compressed = method === 8 ? zlib.deflateRawSync(data) : data;
  return { name, method, compressed, crc32: zlib.crc32(data), size: data.length };
}

/** A zip file of the entries; `declaredSize` lets a test lie about an entry's size in both headers. */
export function writeZip(entries: readonly PackedZipEntry[], declaredSize?: (entry: PackedZipEntry) => number): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const size = declaredSize?.(entry) ?? entry.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // names are UTF-8
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(0x00210000, 10); // 1980-01-01 00:00
    local.writeUInt32LE(entry.crc32 >>> 0, 14);
    local.writeUInt32LE(entry.compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, entry.compressed);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt32LE(0x00210000, 12);
    central.writeUInt32LE(entry.crc32 >>> 0, 16);
    central.writeUInt32LE(entry.compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + entry.compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

// ---------------------------------------------------------------------------------------------
// PNG

export type Rgb = readonly [number, number, number];

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export { pngChunk };

/** An 8-bit RGB (or RGBA when `alpha` is given) PNG with no filtering. */
export function buildPng(width: number, height: number, pixel: (x: number, y: number) => Rgb, alpha?: (x: number, y: number) => number): Buffer {
  const channels = alpha ? 4 : 3;
  const raw = Buffer.alloc((width * channels + 1) * height);
  let at = 0;
  for (let y = 0; y < height; y += 1) {
    raw[at++] = 0; // filter: none
    for (let x = 0; x < width; x += 1) {
      const [r, g, b] = pixel(x, y);
      raw[at++] = r;
      raw[at++] = g;
      raw[at++] = b;
      if (alpha) raw[at++] = alpha(x, y);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = alpha ? 6 : 2; // colour type
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', zlib.deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}


/** A PNG of any colour type, bit depth and interlacing, with the chunks that change how it is drawn. */
export interface PngSpec {
  width: number;
  height: number;
  colourType: 0 | 2 | 3 | 4 | 6;
  bitDepth: 1 | 2 | 4 | 8 | 16;
  interlaced?: boolean;
  /** PLTE: the colours of an indexed image, or a suggested palette in a truecolour one. */
  palette?: readonly Rgb[];
  /** tRNS: alpha per palette entry for an indexed image. */
  paletteAlpha?: readonly number[];
  /** gAMA, 100000 = 1.0. */
  gamma?: number;
  /** The samples of a pixel, in the bit depth's range: grey, RGB, an index, grey+alpha or RGBA. */
  samples: (x: number, y: number) => readonly number[];
}

/** Scanlines with filter type 0, samples packed most significant bit first (16-bit big-endian). */
function pngScanlines(spec: PngSpec): Buffer {
  const passes = spec.interlaced ? ADAM7 : ([[0, 0, 1, 1]] as const);
  const rows: Buffer[] = [];
  for (const [xStart, yStart, xStep, yStep] of passes) {
    for (let y = yStart; y < spec.height; y += yStep) {
      const samples: number[] = [];
      for (let x = xStart; x < spec.width; x += xStep) samples.push(...spec.samples(x, y));
      if (samples.length === 0) continue;
      const row = Buffer.alloc(1 + Math.ceil((samples.length * spec.bitDepth) / 8));
      samples.forEach((sample, i) => {
        if (spec.bitDepth === 16) row.writeUInt16BE(sample, 1 + i * 2);
        else if (spec.bitDepth === 8) row[1 + i] = sample;
        else {
          const bit = i * spec.bitDepth;
          row[1 + (bit >> 3)]! |= sample << (8 - spec.bitDepth - (bit & 7));
        }
      });
      rows.push(row);
    }
  }
  return Buffer.concat(rows);
}

export function buildPngOf(spec: PngSpec): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(spec.width, 0);
  header.writeUInt32BE(spec.height, 4);
  header[8] = spec.bitDepth;
  header[9] = spec.colourType;
  header[12] = spec.interlaced ? 1 : 0;
  const gamma = Buffer.alloc(4);
  gamma.writeUInt32BE(spec.gamma ?? 0, 0);
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    ...(spec.gamma ? [pngChunk('gAMA', gamma)] : []),
    ...(spec.palette ? [pngChunk('PLTE', Buffer.from(spec.palette.flat()))] : []),
    ...(spec.paletteAlpha ? [pngChunk('tRNS', Buffer.from(spec.paletteAlpha))] : []),
    pngChunk('IDAT', zlib.deflateSync(pngScanlines(spec))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The PNG with its image data (the filtered scanlines, inflated) changed by `edit`, CRCs made right again. */
export function withPngImageData(png: Buffer, edit: (scanlines: Buffer) => Buffer): Buffer {
  const idat = png.indexOf('IDAT', 8, 'latin1') - 4;
  const length = png.readUInt32BE(idat);
  const scanlines = edit(Buffer.from(zlib.inflateSync(png.subarray(idat + 8, idat + 8 + length))));
  return Buffer.concat([png.subarray(0, idat), pngChunk('IDAT', zlib.deflateSync(scanlines)), png.subarray(idat + 12 + length)]);
}

/**
 * Files that crashed or stalled the converter when pdfkit read them first. A 57-byte PNG whose
 * text chunk declares 2 GB: pdfkit's reader asked V8 for a table that size and the process
 * aborted. A 79-byte PNG whose IDAT declares 2 GB: the reader copied bytes past the end one at a
 * time, for seconds and gigabytes.
 */
export function hostilePngs(): { hugeTextChunk: Buffer; hugeImageData: Buffer } {
  const png = smallPng();
  const headerEnd = PNG_SIGNATURE.length + 25;
  const declaring = (type: string, data: Buffer) => {
    const chunk = pngChunk(type, data);
    chunk.writeUInt32BE(0x7fff_fff0, 0);
    return chunk;
  };
  return {
    hugeTextChunk: Buffer.concat([png.subarray(0, headerEnd), declaring('tEXt', Buffer.from('Comment\0abcd', 'latin1'))]),
    hugeImageData: Buffer.concat([png.subarray(0, headerEnd), declaring('IDAT', Buffer.alloc(22)), pngChunk('IEND', Buffer.alloc(0))]),
  };
}

/** A gradient with noise on top: the noise keeps it from compressing, like a photo. */
export function photoPixels(seed = 7, noise = 60): (x: number, y: number) => Rgb {
  const next = seededRandom(seed);
  const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));
  return (x, y) => {
    const jitter = () => (next() - 0.5) * noise;
    return [clamp(90 + (x % 256) * 0.5 + jitter()), clamp(120 + (y % 256) * 0.4 + jitter()), clamp(160 + jitter())];
  };
}

export function smallPng(): Buffer {
  return buildPng(64, 48, (x, y) => [x * 4, y * 5, 128]);
}

/** An RGB PNG of noise of about `bytes` bytes (noise does not compress). */
export function photoPng(bytes = 1_000_000): Buffer {
  const side = Math.round(Math.sqrt(bytes / 3));
  return buildPng(side, side, photoPixels(11, 255));
}

// ---------------------------------------------------------------------------------------------
// JPEG: a baseline encoder (4:4:4 YCbCr, the standard luminance tables for every component)

const ZIGZAG = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43,
  36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
];
const LUMINANCE_QUANTIZATION = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62, 18, 22, 37, 56,
  68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
];
const DC_BITS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
const DC_VALUES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const AC_BITS = [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7d];
const AC_VALUES = [
  0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07, 0x22, 0x71, 0x14, 0x32, 0x81, 0x91, 0xa1, 0x08,
  0x23, 0x42, 0xb1, 0xc1, 0x15, 0x52, 0xd1, 0xf0, 0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0a, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x25, 0x26, 0x27, 0x28,
  0x29, 0x2a, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59,
  0x5a, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89,
  0x8a, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 0xa9, 0xaa, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6,
  0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xca, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xe1, 0xe2,
  0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa,
];

type HuffmanCodes = Map<number, { code: number; length: number }>;

function huffmanCodes(bits: readonly number[], values: readonly number[]): HuffmanCodes {
  const codes: HuffmanCodes = new Map();
  let code = 0;
  let k = 0;
  for (let length = 1; length <= 16; length += 1) {
    for (let i = 0; i < bits[length - 1]!; i += 1) codes.set(values[k++]!, { code: code++, length });
    code <<= 1;
  }
  return codes;
}

class JpegBitWriter {
  private readonly bytes: number[] = [];
  private buffer = 0;
  private count = 0;

  write(value: number, length: number): void {
    for (let bit = length - 1; bit >= 0; bit -= 1) {
      this.buffer = (this.buffer << 1) | ((value >> bit) & 1);
      this.count += 1;
      if (this.count === 8) this.flushByte();
    }
  }

  finish(): Buffer {
    while (this.count !== 0) this.write(1, 1); // pad with ones
    return Buffer.from(this.bytes);
  }

  private flushByte(): void {
    this.bytes.push(this.buffer);
    if (this.buffer === 0xff) this.bytes.push(0x00); // byte stuffing
    this.buffer = 0;
    this.count = 0;
  }
}

const COSINES = Array.from({ length: 64 }, (_, i) => Math.cos(((2 * (i % 8) + 1) * Math.floor(i / 8) * Math.PI) / 16));

/** Forward DCT of an 8x8 block in natural order, separable: rows, then columns. */
function forwardDct(block: Float64Array): Float64Array {
  const rows = new Float64Array(64);
  const out = new Float64Array(64);
  for (let y = 0; y < 8; y += 1) {
    for (let u = 0; u < 8; u += 1) {
      let sum = 0;
      for (let x = 0; x < 8; x += 1) sum += block[y * 8 + x]! * COSINES[u * 8 + x]!;
      rows[y * 8 + u] = sum * (u === 0 ? Math.SQRT1_2 : 1) * 0.5;
    }
  }
  for (let u = 0; u < 8; u += 1) {
    for (let v = 0; v < 8; v += 1) {
      let sum = 0;
      for (let y = 0; y < 8; y += 1) sum += rows[y * 8 + u]! * COSINES[v * 8 + y]!;
      out[v * 8 + u] = sum * (v === 0 ? Math.SQRT1_2 : 1) * 0.5;
    }
  }
  return out;
}

function magnitudeCategory(value: number): number {
  let magnitude = Math.abs(value);
  let category = 0;
  while (magnitude > 0) {
    category += 1;
    magnitude >>= 1;
  }
  return category;
}

function jpegSegment(marker: number, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(marker, 0);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
}

export interface JpegOptions {
  /** Spectral selection: a DC scan of all components, then an AC scan of each (SOF2). */
  progressive?: boolean;
  /**
   * Four components stored as Photoshop writes CMYK: inverted, with an Adobe APP14 segment
   * (transform 0). The pixels are written with no black, so the stored values are R, G, B, 255.
   */
  adobeCmyk?: boolean;
}

/** The quantized coefficients, zigzag order, of every 8x8 block of each component, blocks in raster order. */
function jpegBlocks(width: number, height: number, pixel: (x: number, y: number) => Rgb, quantization: readonly number[], adobeCmyk: boolean): number[][][] {
  const toComponents = ([r, g, b]: Rgb): number[] =>
    adobeCmyk ? [r, g, b, 255] : [0.299 * r + 0.587 * g + 0.114 * b, -0.168736 * r - 0.331264 * g + 0.5 * b + 128, 0.5 * r - 0.418688 * g - 0.081312 * b + 128];
  const count = adobeCmyk ? 4 : 3;
  const components: number[][][] = Array.from({ length: count }, () => []);
  for (let blockY = 0; blockY < height; blockY += 8) {
    for (let blockX = 0; blockX < width; blockX += 8) {
      const samples = Array.from({ length: count }, () => new Float64Array(64));
      for (let i = 0; i < 64; i += 1) {
        const values = toComponents(pixel(Math.min(width - 1, blockX + (i % 8)), Math.min(height - 1, blockY + Math.floor(i / 8))));
        values.forEach((value, component) => (samples[component]![i] = value - 128));
      }
      samples.forEach((block, component) => {
        const coefficients = forwardDct(block);
        components[component]!.push(ZIGZAG.map((natural) => Math.round(coefficients[natural]! / quantization[natural]!)));
      });
    }
  }
  return components;
}

/** Huffman coding of coefficients with the standard tables: DC differences, and AC runs ending in EOB. */
class JpegScanWriter {
  private readonly writer = new JpegBitWriter();
  private readonly dcCodes = huffmanCodes(DC_BITS, DC_VALUES);
  private readonly acCodes = huffmanCodes(AC_BITS, AC_VALUES);
  private readonly previousDc = new Map<number, number>();

  dc(component: number, value: number): void {
    const difference = value - (this.previousDc.get(component) ?? 0);
    this.previousDc.set(component, value);
    const category = magnitudeCategory(difference);
    this.put(this.dcCodes, category);
    this.putValue(difference, category);
  }

  ac(coefficients: readonly number[]): void {
    let run = 0;
    for (let k = 1; k < 64; k += 1) {
      const value = coefficients[k]!;
      if (value === 0) {
        run += 1;
        continue;
      }
      for (; run > 15; run -= 16) this.put(this.acCodes, 0xf0);
      const category = magnitudeCategory(value);
      this.put(this.acCodes, (run << 4) | category);
      this.putValue(value, category);
      run = 0;
    }
    if (run > 0) this.put(this.acCodes, 0x00);
  }

  finish(): Buffer {
    return this.writer.finish();
  }

  private put(codes: HuffmanCodes, symbol: number): void {
    const entry = codes.get(symbol)!;
    this.writer.write(entry.code, entry.length);
  }

  private putValue(value: number, category: number): void {
    this.writer.write(value < 0 ? value + (1 << category) - 1 : value, category);
  }
}

/** A start-of-scan segment and its entropy-coded data. */
function jpegScan(componentIds: readonly number[], spectralStart: number, spectralEnd: number, data: Buffer): Buffer {
  const header = Buffer.from([componentIds.length, ...componentIds.flatMap((id) => [id, 0x00]), spectralStart, spectralEnd, 0]);
  return Buffer.concat([jpegSegment(0xffda, header), data]);
}

/** A JPEG of the pixels, 4:4:4, baseline unless asked otherwise; quality as in libjpeg (1 to 100). */
export function buildJpeg(width: number, height: number, pixel: (x: number, y: number) => Rgb, quality = 85, options: JpegOptions = {}): Buffer {
  const scale = quality < 50 ? 5000 / quality : 200 - 2 * quality;
  const quantization = LUMINANCE_QUANTIZATION.map((q) => Math.min(255, Math.max(1, Math.floor((q * scale + 50) / 100))));
  const components = jpegBlocks(width, height, pixel, quantization, options.adobeCmyk ?? false);
  const ids = components.map((_, i) => i + 1);
  const blockCount = components[0]!.length;

  const scans: Buffer[] = [];
  if (options.progressive) {
    const dc = new JpegScanWriter();
    for (let block = 0; block < blockCount; block += 1) components.forEach((blocks, component) => dc.dc(component, blocks[block]![0]!));
    scans.push(jpegScan(ids, 0, 0, dc.finish()));
    components.forEach((blocks, component) => {
      const ac = new JpegScanWriter();
      for (const coefficients of blocks) ac.ac(coefficients);
      scans.push(jpegScan([ids[component]!], 1, 63, ac.finish()));
    });
  } else {
    const scan = new JpegScanWriter();
    for (let block = 0; block < blockCount; block += 1) {
      components.forEach((blocks, component) => {
        scan.dc(component, blocks[block]![0]!);
        scan.ac(blocks[block]!);
      });
    }
    scans.push(jpegScan(ids, 0, 63, scan.finish()));
  }

  const frame = Buffer.alloc(6 + 3 * ids.length);
  frame[0] = 8;
  frame.writeUInt16BE(height, 1);
  frame.writeUInt16BE(width, 3);
  frame[5] = ids.length;
  ids.forEach((id, i) => frame.set([id, 0x11, 0], 6 + i * 3));
  const adobe = Buffer.concat([Buffer.from('Adobe', 'latin1'), Buffer.from([0x00, 0x64, 0, 0, 0, 0, 0])]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    options.adobeCmyk ? jpegSegment(0xffee, adobe) : jpegSegment(0xffe0, Buffer.from([0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0])),
    jpegSegment(0xffdb, Buffer.from([0, ...ZIGZAG.map((natural) => quantization[natural]!)])),
    jpegSegment(options.progressive ? 0xffc2 : 0xffc0, frame),
    jpegSegment(0xffc4, Buffer.from([0x00, ...DC_BITS, ...DC_VALUES, 0x10, ...AC_BITS, ...AC_VALUES])),
    ...scans,
    Buffer.from([0xff, 0xd9]),
  ]);
}

export function smallJpeg(): Buffer {
  return buildJpeg(40, 30, (x, y) => [200 - x * 3, 60 + y * 4, 90]);
}

/** A photo-like JPEG of about `bytes` bytes (noise at high quality compresses badly). */
export function photoJpeg(bytes = 1_000_000): Buffer {
  const side = Math.round(Math.sqrt(bytes / 1.6));
  return buildJpeg(side, side, photoPixels(5, 90), 92);
}

// ---------------------------------------------------------------------------------------------
// PDF

export async function buildPdf(pageTexts: readonly string[] = ['A one-page PDF for the tests.']): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const text of pageTexts) {
    document.addPage([612, 792]).drawText(text, { x: 72, y: 700, size: 12, font });
  }
  return Buffer.from(await document.save());
}

/** A classic PDF file assembled object by object, with a correct cross-reference table. */
function assemblePdf(objects: readonly string[], trailerExtra: string): Buffer {
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * A password-protected PDF that no password opens: the standard security handler's dictionary
 * (RC4 40-bit, revision 2) with made-up keys is written into the trailer by hand, which is what
 * readers and our check look at. The page has no content, so nothing else needs encrypting.
 */
export function buildEncryptedPdf(): Buffer {
  const hex = (byte: number) => byte.toString(16).padStart(2, '0').repeat(32);
  return assemblePdf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
      `<< /Filter /Standard /V 1 /R 2 /O <${hex(0x5a)}> /U <${hex(0xa5)}> /P -44 >>`,
    ],
    `/Encrypt 4 0 R /ID [<${'1f'.repeat(16)}> <${'1f'.repeat(16)}>] `,
  );
}

/**
 * A one-page PDF encrypted by another implementation of the standard security handler than ours
 * (@cantoo/pdf-lib's, which the product never decrypts with): RC4-40 is revision 2, RC4-128
 * revision 3, AES-128 revision 4, AES-256 revision 6, all saved with object streams. With the default empty user password it
 * opens without asking (permission-only encryption); with one, it needs the password.
 */
export async function buildEncryptedPdfOf(algorithm: EncryptionAlgorithm, text: string, userPassword = ''): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  document.addPage([612, 792]).drawText(text, { x: 72, y: 700, size: 24, font });
  document.setTitle(`Title of ${text}`);
  document.encrypt({ ownerPassword: 'owner password', userPassword, algorithm, allowWeakCryptography: true, permissions: { copying: false, modifying: false } });
  return Buffer.from(await document.save());
}

/**
 * A PDF whose pages are in the clear and only an attachment is encrypted (V4 with Identity for
 * strings and streams, a crypt filter for embedded files only), behind a user password we do not
 * know: readers open it and ask for the password only to open the attachment.
 */
export function buildPdfWithEncryptedAttachmentOnly(text: string): Buffer {
  const content = `BT /F1 24 Tf 72 700 Td (${text}) Tj ET`;
  const attachment = Buffer.from(Array.from({ length: 64 }, (_, i) => (i * 37) & 0xff)).toString('latin1');
  const hex = (byte: number) => byte.toString(16).padStart(2, '0').repeat(32);
  return assemblePdf(
    [
      '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(notes.txt) 6 0 R] >> >> >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
      '<< /Type /Filespec /F (notes.txt) /EF << /F 7 0 R >> >>',
      `<< /Type /EmbeddedFile /Length ${attachment.length} >>\nstream\n${attachment}\nendstream`,
      `<< /Filter /Standard /V 4 /R 4 /Length 128 /CF << /StdCF << /CFM /AESV2 /AuthEvent /EFOpen /Length 16 >> >> /StmF /Identity /StrF /Identity /EFF /StdCF /O <${hex(0x5a)}> /U <${hex(0xa5)}> /P -4 >>`,
    ],
    `/Encrypt 8 0 R /ID [<${'2e'.repeat(16)}> <${'2e'.repeat(16)}>] `,
  );
}

/** Starts like a PDF, but the rest is not one: no objects, no cross-reference table, no pages. */
export function buildDamagedPdf(): Buffer {
  const noise = seededRandom(3);
  return Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), Buffer.from(Array.from({ length: 2_000 }, () => Math.floor(noise() * 256)))]);
}

/** A stream of a hand-assembled PDF: content as it is, or bytes under a filter (which may not match them). */
export type PdfStreamSpec = string | { data: Buffer; filter: string };

function pdfStream(spec: PdfStreamSpec, dictionary = ''): string {
  const [data, filter] = typeof spec === 'string' ? [spec, ''] : [spec.data.toString('latin1'), ` /Filter /${spec.filter}`];
  return `<< ${dictionary}/Length ${data.length}${filter} >>\nstream\n${data}\nendstream`;
}

/**
 * A PDF assembled by hand whose pages draw the given content streams. Helvetica is /F1, and each
 * of `forms` is a form XObject, /Fm0, /Fm1…, that pages and forms (itself too) can draw with `Do`.
 */
export function buildPdfDrawing(pages: readonly PdfStreamSpec[], forms: readonly PdfStreamSpec[] = []): Buffer {
  const firstPage = 4 + forms.length;
  const pageNumbers = pages.map((_, index) => firstPage + 2 * index);
  const xobjects = forms.map((_, index) => `/Fm${index} ${4 + index} 0 R`).join(' ');
  const resources = `<< /Font << /F1 3 0 R >> /XObject << ${xobjects} >> >>`;
  return assemblePdf(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      `<< /Type /Pages /Kids [${pageNumbers.map((number) => `${number} 0 R`).join(' ')}] /Count ${pages.length} >>`,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
      ...forms.map((form) => pdfStream(form, `/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources ${resources} `)),
      ...pages.flatMap((content, index) => [
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources ${resources} /Contents ${pageNumbers[index]! + 1} 0 R >>`,
        pdfStream(content),
      ]),
    ],
    '',
  );
}

/** Content that shows `text` in Helvetica near the top of a Letter page. */
export const showText = (text: string) => `BT /F1 24 Tf 72 700 Td (${text}) Tj ET`;

/**
 * One page showing `text` in a PDF whose structure is broken in a way pdf.js and Chromium repair
 * as they open it, and poppler (or any reader that trusts the structure) may not. pdf-lib parses
 * them all: it reads the objects in file order.
 */
export const brokenPdfs = {
  /** Each cross-reference entry points at the object after its own. */
  offsetsAstray(text: string): Buffer {
    const pdf = buildPdfDrawing([showText(text)]).toString('latin1');
    const entries = [...pdf.matchAll(/^(\d{10}) 00000 n $/gm)].map((entry) => entry[1]!);
    let next = 1;
    return Buffer.from(pdf.replace(/^\d{10} 00000 n $/gm, () => `${entries[next++ % entries.length]} 00000 n `), 'latin1');
  },
  /** `startxref` points into the middle of an object. */
  startxrefAstray(text: string): Buffer {
    return Buffer.from(buildPdfDrawing([showText(text)]).toString('latin1').replace(/startxref\n\d+/, 'startxref\n20'), 'latin1');
  },
  /** Objects and an end, with no cross-reference table, trailer or `startxref` at all. */
  noCrossReference(text: string): Buffer {
    const pdf = buildPdfDrawing([showText(text)]).toString('latin1');
    return Buffer.from(`${pdf.slice(0, pdf.indexOf('xref\n'))}%%EOF\n`, 'latin1');
  },
  /** The page tree claims ten billion pages (poppler gives up on a count past its integers). */
  pageCountWrong(text: string): Buffer {
    return Buffer.from(buildPdfDrawing([showText(text)]).toString('latin1').replace('/Count 1', '/Count 9999999999'), 'latin1');
  },
  /** The catalog's /Pages is the page itself, not a page tree (a real producer's, pdf.js issue 21436). */
  pagesIsAPage(text: string): Buffer {
    return Buffer.from(buildPdfDrawing([showText(text)]).toString('latin1').replace('/Type /Catalog /Pages 2 0 R', '/Type /Catalog /Pages 4 0 R'), 'latin1');
  },
};

// ---------------------------------------------------------------------------------------------
// DOCX

const W_NAMESPACES = [
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"',
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"',
  'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"',
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"',
  'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"',
].join(' ');

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const CONTENT_TYPES =
  XML_DECLARATION +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Default Extension="png" ContentType="image/png"/>' +
  '<Default Extension="jpeg" ContentType="image/jpeg"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
  '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>' +
  '<Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/>' +
  '</Types>';

const PACKAGE_RELATIONSHIPS =
  XML_DECLARATION +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
  '</Relationships>';

const HEADING_STYLES = [1, 2, 3]
  .map((level) => `<w:style w:type="paragraph" w:styleId="Heading${level}"><w:name w:val="heading ${level}"/><w:basedOn w:val="Normal"/></w:style>`)
  .join('');

const STYLES =
  XML_DECLARATION +
  `<w:styles ${W_NAMESPACES}>` +
  '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>' +
  HEADING_STYLES +
  '</w:styles>';

function numberingLevels(format: 'bullet' | 'decimal'): string {
  return [0, 1]
    .map((level) => {
      const text = format === 'bullet' ? (level === 0 ? '\u2022' : 'o') : `%${level + 1}.`;
      return `<w:lvl w:ilvl="${level}"><w:start w:val="1"/><w:numFmt w:val="${format}"/><w:lvlText w:val="${text}"/></w:lvl>`;
    })
    .join('');
}

/** numId 1: bullets, numId 2: numbers; each with two levels. */
const NUMBERING =
  XML_DECLARATION +
  `<w:numbering ${W_NAMESPACES}>` +
  `<w:abstractNum w:abstractNumId="0">${numberingLevels('bullet')}</w:abstractNum>` +
  `<w:abstractNum w:abstractNumId="1">${numberingLevels('decimal')}</w:abstractNum>` +
  '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>' +
  '<w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num>' +
  '</w:numbering>';

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Building blocks of word/document.xml bodies. */
export const wordXml = {
  run(text: string, format: { bold?: boolean; italic?: boolean; underline?: boolean } = {}): string {
    const properties = [format.bold ? '<w:b/>' : '', format.italic ? '<w:i/>' : '', format.underline ? '<w:u w:val="single"/>' : ''].join('');
    return `<w:r>${properties ? `<w:rPr>${properties}</w:rPr>` : ''}<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`;
  },
  paragraph(...runs: string[]): string {
    return `<w:p>${runs.join('')}</w:p>`;
  },
  heading(level: number, text: string): string {
    return `<w:p><w:pPr><w:pStyle w:val="Heading${level}"/></w:pPr>${wordXml.run(text)}</w:p>`;
  },
  listItem(list: 'bullet' | 'number', level: number, text: string): string {
    const numId = list === 'bullet' ? 1 : 2;
    return `<w:p><w:pPr><w:numPr><w:ilvl w:val="${level}"/><w:numId w:val="${numId}"/></w:numPr></w:pPr>${wordXml.run(text)}</w:p>`;
  },
  table(rows: readonly (readonly string[])[]): string {
    const cells = (row: readonly string[]) => row.map((text) => `<w:tc><w:tcPr><w:tcW w:w="0" w:type="auto"/></w:tcPr>${wordXml.paragraph(wordXml.run(text))}</w:tc>`).join('');
    return `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/></w:tblPr>${rows.map((row) => `<w:tr>${cells(row)}</w:tr>`).join('')}</w:tbl>`;
  },
  /** An inline picture of the relationship `relationshipId`, `widthEmu` by `heightEmu`. */
  image(relationshipId: string, description: string, widthEmu = 1_828_800, heightEmu = 1_371_600): string {
    return (
      '<w:p><w:r><w:drawing><wp:inline>' +
      `<wp:extent cx="${widthEmu}" cy="${heightEmu}"/><wp:docPr id="1" name="Picture 1" descr="${escapeXml(description)}"/>` +
      '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic>' +
      '<pic:nvPicPr><pic:cNvPr id="0" name="image"/><pic:cNvPicPr/></pic:nvPicPr>' +
      `<pic:blipFill><a:blip r:embed="${relationshipId}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
      `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${widthEmu}" cy="${heightEmu}"/></a:xfrm><a:prstGeom prst="rect"/></pic:spPr>` +
      '</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>'
    );
  },
  pageBreak(): string {
    return '<w:p><w:r><w:br w:type="page"/></w:r></w:p>';
  },
};

export interface DocxImage {
  relationshipId: string;
  /** Path inside word/, e.g. media/image1.png. */
  target: string;
  bytes: Buffer;
}

function documentXml(body: string): string {
  return `${XML_DECLARATION}<w:document ${W_NAMESPACES}><w:body>${body}<w:sectPr/></w:body></w:document>`;
}

function documentRelationships(images: readonly DocxImage[]): string {
  const image = ({ relationshipId, target }: DocxImage) =>
    `<Relationship Id="${relationshipId}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="${target}"/>`;
  return (
    XML_DECLARATION +
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rIdStyles" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
    '<Relationship Id="rIdNumbering" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/>' +
    images.map(image).join('') +
    '</Relationships>'
  );
}

/** A Word package around a body of word/document.xml. */
export function buildDocx(body: string, images: readonly DocxImage[] = []): Buffer {
  return writeZip([
    packZipEntry('[Content_Types].xml', CONTENT_TYPES),
    packZipEntry('_rels/.rels', PACKAGE_RELATIONSHIPS),
    packZipEntry('word/document.xml', documentXml(body)),
    packZipEntry('word/_rels/document.xml.rels', documentRelationships(images)),
    packZipEntry('word/styles.xml', STYLES),
    packZipEntry('word/numbering.xml', NUMBERING),
    // Images are stored, as Word does: they are compressed already.
    ...images.map((image) => packZipEntry(`word/${image.target}`, image.bytes, 0)),
  ]);
}

/** Text the sample document's tests look for in the PDF. */
export const SAMPLE_DOCX_TEXT = {
  heading: 'Statement of Purpose',
  bold: 'bold words',
  italic: 'italic words',
  boldItalic: 'both at once',
  bullets: ['First bullet point', 'Second bullet point', 'Nested bullet point'],
  numbers: ['First numbered item', 'Second numbered item'],
  table: [
    ['Course', 'Grade'],
    ['Statistics', 'A-'],
    ['Linear algebra with a long course title that wraps inside its cell', 'B+'],
  ],
  imageDescription: 'A test image',
} as const;

/** A heading, emphasis, both kinds of list (nested), a table and an embedded PNG. */
export function sampleDocx(): Buffer {
  const t = SAMPLE_DOCX_TEXT;
  const body = [
    wordXml.heading(1, t.heading),
    wordXml.paragraph(
      wordXml.run('A paragraph with '),
      wordXml.run(t.bold, { bold: true }),
      wordXml.run(', '),
      wordXml.run(t.italic, { italic: true }),
      wordXml.run(', '),
      wordXml.run(t.boldItalic, { bold: true, italic: true }),
      wordXml.run(' and '),
      wordXml.run('underlined words', { underline: true }),
      wordXml.run('.'),
    ),
    wordXml.heading(2, 'Lists'),
    wordXml.listItem('bullet', 0, t.bullets[0]),
    wordXml.listItem('bullet', 0, t.bullets[1]),
    wordXml.listItem('bullet', 1, t.bullets[2]),
    wordXml.listItem('number', 0, t.numbers[0]),
    wordXml.listItem('number', 0, t.numbers[1]),
    wordXml.heading(2, 'Courses'),
    wordXml.table(t.table),
    wordXml.image('rIdImage1', t.imageDescription),
    wordXml.paragraph(wordXml.run('The end.')),
  ].join('');
  return buildDocx(body, [{ relationshipId: 'rIdImage1', target: 'media/image1.png', bytes: smallPng() }]);
}

const LOREM =
  'Graduate study asks for curiosity, persistence and a clear sense of purpose. My undergraduate research in hydrology taught me how to plan ' +
  'field work, clean messy data and explain results to people who did not collect them. I want to build on that experience with methods ' +
  'from statistics and remote sensing, and I hope to work with faculty whose projects connect water quality to land use.';

/** About ten pages: each page a heading, paragraphs, a list and a small table, then a page break. */
export function tenPageDocx(): Buffer {
  const pages = Array.from({ length: 10 }, (_, page) =>
    [
      wordXml.heading(2, `Section ${page + 1}`),
      ...Array.from({ length: 4 }, () => wordXml.paragraph(wordXml.run(LOREM), wordXml.run(' Emphasis matters.', { bold: true }))),
      ...['Field methods', 'Data analysis', 'Communication'].map((item) => wordXml.listItem('bullet', 0, item)),
      wordXml.table([
        ['Term', 'Course', 'Credits'],
        ['Fall', 'Hydrology', '3'],
        ['Spring', 'Remote sensing', '4'],
      ]),
      page < 9 ? wordXml.pageBreak() : '',
    ].join(''),
  );
  return buildDocx(wordXml.heading(1, 'Research Statement') + pages.join(''), [{ relationshipId: 'rIdImage1', target: 'media/image1.png', bytes: smallPng() }]);
}

/** Valid within the size limits but slow to convert: many thousands of short paragraphs. */
export function heavyDocx(paragraphs = 60_000): Buffer {
  return buildDocx(Array.from({ length: paragraphs }, (_, i) => wordXml.paragraph(wordXml.run(`Line ${i} of a long document.`))).join(''));
}

/** A text file with a .docx name: not a zip at all. */
export function textFileAsDocx(): Buffer {
  return Buffer.from('This is a plain text file that someone renamed to essay.docx.\n', 'utf8');
}

/** A zip that is not a Word document: no word/document.xml. */
export function zipWithoutDocument(): Buffer {
  return writeZip([packZipEntry('[Content_Types].xml', CONTENT_TYPES), packZipEntry('notes.txt', 'Not a Word document.')]);
}

/**
 * A Word package whose word/document.xml inflates to `uncompressedBytes` (default 200 MB) of
 * spaces from a few hundred KB. The deflate stream is one compressed megabyte repeated: each
 * copy ends on a byte boundary (sync flush) and refers only to data inside itself, so the copies
 * concatenate into one valid stream without ever holding 200 MB here. `understate` writes a small
 * size into the zip headers, as an attacker would to get past a check of the directory alone.
 */
export function zipBombDocx(uncompressedBytes = 200 * 1024 * 1024, understate = false): Buffer {
  const chunkSize = 1024 * 1024;
  const head = Buffer.from(`${XML_DECLARATION}<w:document ${W_NAMESPACES}><w:body><w:p><w:r><w:t xml:space="preserve">`, 'utf8');
  const tail = Buffer.from('</w:t></w:r></w:p></w:body></w:document>', 'utf8');
  const spaces = Buffer.alloc(chunkSize, 0x20);
  const copies = Math.max(1, Math.floor((uncompressedBytes - head.length - tail.length) / chunkSize));
  const syncFlush = { finishFlush: zlib.constants.Z_SYNC_FLUSH, level: 9 };
  const compressedSpaces = zlib.deflateRawSync(spaces, syncFlush);
  let crc = zlib.crc32(head);
  for (let i = 0; i < copies; i += 1) crc = zlib.crc32(spaces, crc);
  crc = zlib.crc32(tail, crc);
  const document: PackedZipEntry = {
    name: 'word/document.xml',
    method: 8,
    compressed: Buffer.concat([zlib.deflateRawSync(head, syncFlush), ...Array.from({ length: copies }, () => compressedSpaces), zlib.deflateRawSync(tail)]),
    crc32: crc,
    size: head.length + copies * chunkSize + tail.length,
  };
  return writeZip(
    [packZipEntry('[Content_Types].xml', CONTENT_TYPES), packZipEntry('_rels/.rels', PACKAGE_RELATIONSHIPS), document],
    understate ? (entry) => (entry === document ? 10_000 : entry.size) : undefined,
  );
}

// ---------------------------------------------------------------------------------------------
// Reading the PDFs the conversion writes

/** How many image XObjects the pages of a PDF use. */
export async function imageCount(pdf: Uint8Array): Promise<number> {
  const document = await PDFDocument.load(pdf);
  let count = 0;
  for (const page of document.getPages()) {
    const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    for (const [, ref] of xObjects?.entries() ?? []) {
      const object = document.context.lookup(ref);
      if (object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')) count += 1;
    }
  }
  return count;
}

/**
 * The first bytes of an OLE compound file, the container of a password-protected Word document
 * (and of the old .doc format): the signature and a header, which is all the checks read.
 */
export function oleCompoundFile(): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  header.writeUInt16LE(0x003e, 24); // minor version
  header.writeUInt16LE(0x0003, 26); // major version 3
  header.writeUInt16LE(0xfffe, 28); // little-endian
  header.writeUInt16LE(9, 30); // 512-byte sectors
  return header;
}

