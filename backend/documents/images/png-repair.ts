import zlib from 'node:zlib';
import { imageDataSize, readHeader, type PngHeader } from './png-structure';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The chunks that change what is drawn, with the lengths a sound one has; others are dropped. */
const DRAWN_ANCILLARY: Record<string, (length: number) => boolean> = {
  tRNS: (length) => length > 0,
  gAMA: (length) => length === 4,
  sRGB: (length) => length === 1,
  iCCP: (length) => length >= 3,
};
interface Chunk {
  type: string;
  data: Buffer;
}

/** A PNG chunk of this type and data: length, type, data and its CRC, as a writer makes it. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * The image data inflated without its zlib header and Adler-32 (Chromium does not check the
 * checksum), when it gives exactly the size the header promises; null otherwise.
 */
function inflateLeniently(data: Buffer, expected: number): Buffer | null {
  if (data.length < 2 || expected === 0) return null;
  try {
    const inflated = zlib.inflateRawSync(data.subarray(2), { finishFlush: zlib.constants.Z_SYNC_FLUSH, maxOutputLength: expected + 1 });
    return inflated.length === expected ? inflated : null;
  } catch {
    return null;
  }
}

/**
 * A damaged PNG written again whole, read as Chromium reads it (each kind of damage checked in
 * Chromium, docs/decisions.md): a CRC that does not match is ignored, except IHDR's; an ancillary
 * chunk that is empty, of the wrong length or with a wrong CRC is dropped (only tRNS, gAMA, sRGB
 * and iCCP are kept at all: the others change nothing drawn); an IDAT whose length runs past the
 * end of the file is what remains of the file; the image data's Adler-32 is not checked; palette
 * indexes past the palette's end show its last colour. Returns null when the file is not
 * repairable so, which the strict reading then refuses. The result goes through that reading
 * again, and the image data's size is bounded by the header's (its pixels were counted first).
 */
export function repairPng(bytes: Buffer, maxPixels: number): Buffer | null {
  if (bytes.length < SIGNATURE.length || !bytes.subarray(0, SIGNATURE.length).equals(SIGNATURE)) return null;
  const kept: Chunk[] = [];
  const imageData: Buffer[] = [];
  let header: PngHeader | null = null;
  let headerData: Buffer | null = null;
  let palette: Buffer | null = null;
  let previousType = '';
  for (let at = SIGNATURE.length; at + 8 <= bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) return null;
    const whole = length <= bytes.length - at - 12;
    if (!whole && type !== 'IDAT') break;
    const data = bytes.subarray(at + 8, whole ? at + 8 + length : bytes.length);
    const crcHolds = whole && (zlib.crc32(bytes.subarray(at + 4, at + 8 + length)) >>> 0) === bytes.readUInt32BE(at + 8 + length);
    if (header === null) {
      if (type !== 'IHDR' || !crcHolds) return null;
      try {
        header = readHeader(data);
      } catch {
        return null;
      }
      headerData = data;
      if (header.width * header.height > maxPixels) return null;
    } else if (type === 'IDAT') {
      // Only the first run of IDATs is the image: Chromium draws nothing of an image data split by another chunk.
      if (imageData.length === 0 || previousType === 'IDAT') imageData.push(data);
    }
    else if (type === 'PLTE') palette = data;
    else if (type === 'IEND') break;
    else if (crcHolds && DRAWN_ANCILLARY[type]?.(length)) kept.push({ type, data });
    if (!whole) break;
    previousType = type;
    at += 12 + length;
  }
  if (header === null || headerData === null || imageData.length === 0) return null;
  const inflated = inflateLeniently(Buffer.concat(imageData), imageDataSize(header));
  if (!inflated) return null;
  if (header.colourType === 3 && (palette === null || palette.length < 3)) return null;
  const fullPalette = header.colourType === 3 && palette ? padPalette(palette, header.bitDepth) : palette;
  const chunks: Chunk[] = [{ type: 'IHDR', data: headerData }];
  // A suggested palette in a truecolour image is kept as it was (the strict reading handles it).
  if (fullPalette) chunks.push({ type: 'PLTE', data: fullPalette });
  chunks.push(...kept, { type: 'IDAT', data: zlib.deflateSync(inflated) }, { type: 'IEND', data: Buffer.alloc(0) });
  return Buffer.concat([SIGNATURE, ...chunks.map(({ type, data }) => pngChunk(type, data))]);
}

/** The palette with as many entries as the bit depth can index, the missing ones its last colour. */
function padPalette(palette: Buffer, bitDepth: number): Buffer {
  const entries = Math.floor(palette.length / 3);
  const last = palette.subarray((entries - 1) * 3, entries * 3);
  const wanted = 2 ** bitDepth;
  return Buffer.concat([palette.subarray(0, Math.min(entries, wanted) * 3), ...Array.from({ length: Math.max(0, wanted - entries) }, () => last)]);
}
