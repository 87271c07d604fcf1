import { ConversionError, conversionMessages } from '../conversion-error';

/** What a JPEG's markers say, read without decoding it, and the file as pdfkit should get it. */
export interface JpegStructure {
  width: number;
  height: number;
  components: number;
  /** The file from SOI to EOI with stray bytes between segments left out; the file itself when it had none. */
  cleaned: Buffer;
}

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const DHP = 0xde;
/**
 * Why each start-of-frame marker that PDF viewers cannot decode is refused. The others are C0, C1
 * and C2 (baseline, extended sequential and progressive Huffman); C4, C8 and CC are not frames.
 */
const UNSHOWABLE_FRAMES: Record<number, string> = {
  0xc3: conversionMessages.jpegLossless,
  0xc5: conversionMessages.jpegHierarchical,
  0xc6: conversionMessages.jpegHierarchical,
  0xc7: conversionMessages.jpegHierarchical,
  0xc9: conversionMessages.jpegArithmetic,
  0xca: conversionMessages.jpegArithmetic,
  0xcb: conversionMessages.jpegArithmetic,
  0xcd: conversionMessages.jpegArithmetic,
  0xce: conversionMessages.jpegArithmetic,
  0xcf: conversionMessages.jpegArithmetic,
};
/** Grey, YCbCr (or RGB) and CMYK: what PDF's DCTDecode takes. */
const COMPONENT_COUNTS = new Set([1, 3, 4]);

const refuse = (message: string) => new ConversionError(message);

/** Markers without a length: TEM and RST0 to RST7. */
function standsAlone(marker: number): boolean {
  return marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
}

/** Where entropy-coded data after SOS ends: the next 0xFF that is neither stuffing (FF00) nor a restart marker. */
function endOfScan(bytes: Buffer, from: number): number {
  for (let at = bytes.indexOf(0xff, from); at >= 0 && at + 1 < bytes.length; at = bytes.indexOf(0xff, at + 1)) {
    const next = bytes[at + 1]!;
    if (next !== 0x00 && next !== 0xff && !standsAlone(next)) return at;
  }
  return -1;
}

function readFrame(segment: Buffer, marker: number): Pick<JpegStructure, 'width' | 'height' | 'components'> {
  if (UNSHOWABLE_FRAMES[marker]) throw refuse(UNSHOWABLE_FRAMES[marker]);
  if (segment.length < 6) throw refuse(conversionMessages.imageDamaged);
  if (segment[0] !== 8) throw refuse(segment[0] === 12 || segment[0] === 16 ? conversionMessages.jpeg12Bit : conversionMessages.imageDamaged);
  const frame = { height: segment.readUInt16BE(1), width: segment.readUInt16BE(3), components: segment[5]! };
  // A height of 0 is given later by a DNL marker, which pdfkit and most viewers do not read.
  if (frame.width === 0 || frame.height === 0 || !COMPONENT_COUNTS.has(frame.components)) throw refuse(conversionMessages.imageDamaged);
  return frame;
}

/**
 * Walks a JPEG's markers before anything decodes it: SOI, every segment whole within the file, a
 * frame PDF viewers can decode (8-bit baseline or progressive Huffman; 12-bit, arithmetic,
 * lossless and hierarchical ones are embedded fine but shown blank), its pixel count within the
 * limit, a scan, and EOI. Stray bytes between segments, which every viewer skips, are skipped
 * and left out of the cleaned copy; a file that ends before EOI is incomplete (viewers show the
 * part they have, or nothing).
 */
export function readJpegStructure(bytes: Buffer, maxPixels: number): JpegStructure {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) throw refuse(conversionMessages.imageDamaged);
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let frame: Pick<JpegStructure, 'width' | 'height' | 'components'> | null = null;
  let scans = 0;
  let at = 2;
  for (;;) {
    const markerAt = bytes.indexOf(0xff, at);
    if (markerAt < 0) throw refuse(conversionMessages.imageIncomplete);
    let marker = bytes[markerAt + 1];
    let segmentAt = markerAt;
    // 0xFF may repeat before a marker as fill.
    while (marker === 0xff) marker = bytes[++segmentAt + 1];
    if (marker === undefined) throw refuse(conversionMessages.imageIncomplete);
    if (marker === EOI) {
      if (!frame || scans === 0) throw refuse(conversionMessages.imageDamaged);
      kept.push(bytes.subarray(segmentAt, segmentAt + 2));
      // Anything after EOI is left out too: viewers ignore it, and it is not the picture.
      const cleaned = Buffer.concat(kept);
      return { ...frame, cleaned: cleaned.length === bytes.length ? bytes : cleaned };
    }
    if (marker === 0x00 || marker === SOI || standsAlone(marker)) {
      // Not a marker that can stand between segments: stray bytes that happen to hold 0xFF.
      at = segmentAt + 2;
      continue;
    }
    if (segmentAt + 4 > bytes.length) throw refuse(conversionMessages.imageIncomplete);
    const length = bytes.readUInt16BE(segmentAt + 2);
    if (length < 2) throw refuse(conversionMessages.imageDamaged);
    if (segmentAt + 2 + length > bytes.length) throw refuse(conversionMessages.imageIncomplete);
    const segment = bytes.subarray(segmentAt + 4, segmentAt + 2 + length);
    let end = segmentAt + 2 + length;
    if (marker === DHP) throw refuse(conversionMessages.jpegHierarchical);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (frame) throw refuse(conversionMessages.imageDamaged);
      frame = readFrame(segment, marker);
      if (frame.width * frame.height > maxPixels) throw refuse(conversionMessages.imageTooManyPixels);
    }
    if (marker === SOS) {
      if (!frame) throw refuse(conversionMessages.imageDamaged);
      scans += 1;
      end = endOfScan(bytes, end);
      if (end < 0) throw refuse(conversionMessages.imageIncomplete);
    }
    kept.push(bytes.subarray(segmentAt, end));
    at = end;
  }
}
