// PNG files (node:zlib): any colour type, bit depth and interlacing, hostile ones, and photo-like noise.
import zlib from 'node:zlib';
import { pngChunk } from '../../../backend/documents/images/png-repair';
import { ADAM7 } from '../../../backend/documents/images/png-structure';
import { seededRandom } from '../seeded-random';

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
