// JPEG: a baseline encoder (4:4:4 YCbCr, the standard luminance tables for every component).
import { photoPixels, type Rgb } from './png';

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
