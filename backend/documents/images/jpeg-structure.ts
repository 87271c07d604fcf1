import { ConversionError, conversionMessages } from '../conversion-error';
import { drawnPartOfFirstScan, type FirstScan, type FrameComponent, type HuffmanTable } from './jpeg-first-scan';

/** What a JPEG's markers say, read without decoding it, and the file as pdfkit should get it. */
export interface JpegStructure {
  width: number;
  height: number;
  components: number;
  /** The rows, from the top, that are shown: fewer than `height` when the file is cut inside its first scan. */
  drawnRows: number;
  /**
   * The file from SOI to EOI with stray bytes between segments left out (the file itself when it had
   * none); for a file cut short, ended as `readJpegStructure` says (inside its first scan: the
   * `drawnRows` and the few rows Chromium smooths them with).
   */
  cleaned: Buffer;
}

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const DHP = 0xde;
const DRI = 0xdd;
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

/** What the markers before the first scan say that reading the first scan needs. */
interface Tables {
  dc: Map<number, HuffmanTable>;
  ac: Map<number, HuffmanTable>;
  restartInterval: number;
}

function readHuffmanTables(segment: Buffer, tables: Tables): void {
  for (let at = 0; at + 17 <= segment.length; ) {
    const counts = segment.subarray(at + 1, at + 17);
    const total = counts.reduce((sum, count) => sum + count, 0);
    (segment[at]! >> 4 === 0 ? tables.dc : tables.ac).set(segment[at]! & 15, { counts, values: segment.subarray(at + 17, at + 17 + total) });
    at += 17 + total;
  }
}

function frameComponents(segment: Buffer): FrameComponent[] {
  return Array.from({ length: segment[5]! }, (_, i) => segment.subarray(6 + 3 * i, 9 + 3 * i)).map((c) => ({ id: c[0] ?? 0, horizontal: (c[1] ?? 0x11) >> 4 || 1, vertical: (c[1] ?? 0x11) & 15 || 1 }));
}

function scanHeader(segment: Buffer) {
  const count = segment[0] ?? 0;
  const components = Array.from({ length: count }, (_, i) => ({ id: segment[1 + 2 * i] ?? 0, dc: (segment[2 + 2 * i] ?? 0) >> 4, ac: (segment[2 + 2 * i] ?? 0) & 15 }));
  const at = 1 + 2 * count;
  return { components, spectralStart: segment[at] ?? 0, spectralEnd: segment[at + 1] ?? 0, approximationHigh: (segment[at + 2] ?? 0) >> 4 };
}

/** Data that runs to the end of the file, less a last 0xFF that begins no marker. */
function scanDataToEnd(bytes: Buffer, from: number): Buffer {
  let end = bytes.length;
  while (end > from && bytes[end - 1] === 0xff) end -= 1;
  return bytes.subarray(from, end);
}

/**
 * Walks a JPEG's markers before anything decodes it: SOI, every segment whole within the file, a
 * frame PDF viewers can decode (8-bit baseline or progressive Huffman; 12-bit, arithmetic,
 * lossless and hierarchical ones are embedded fine but shown blank), its pixel count within the
 * limit, a scan, and EOI. Stray bytes between segments, which every viewer skips, are skipped
 * and left out of the cleaned copy. A file cut short is shown as Chromium shows it: a progressive
 * JPEG cut after every component's first (DC) scan is whole is ended there with EOI and shown
 * whole, at the detail of the scans it has; one cut inside its first scan keeps only the rows
 * Chromium decodes (`jpeg-first-scan.ts`). Anything else cut short (a fuzzed file's scans, a
 * sequential JPEG past its first scan) is refused as incomplete, as is one Chromium draws nothing of.
 */
export function readJpegStructure(bytes: Buffer, maxPixels: number): JpegStructure {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) throw refuse(conversionMessages.imageDamaged);
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let frame: Pick<JpegStructure, 'width' | 'height' | 'components'> | null = null;
  let components: FrameComponent[] = [];
  let progressive = false;
  let heightAt = 0;
  const tables: Tables = { dc: new Map(), ac: new Map(), restartInterval: 0 };
  const covered = new Set<number>();
  let scans = 0;
  /** Where the file ends, cut short: at `end` of what is kept, with a scan's data to the end when inside one. */
  const cutShort = (scanData: FirstScan | Buffer | null): JpegStructure => {
    if (frame && progressive && components.every(({ id }) => covered.has(id))) {
      if (Buffer.isBuffer(scanData)) kept.push(scanData);
      return { ...frame, drawnRows: frame.height, cleaned: Buffer.concat([...kept, Buffer.from([0xff, EOI])]) };
    }
    const part = frame && scanData && !Buffer.isBuffer(scanData) ? drawnPartOfFirstScan(scanData) : null;
    if (!frame || !part) throw refuse(conversionMessages.imageIncomplete);
    return { ...frame, drawnRows: part.rows, cleaned: part.jpeg };
  };
  let at = 2;
  for (;;) {
    const markerAt = bytes.indexOf(0xff, at);
    if (markerAt < 0) return cutShort(null);
    let marker = bytes[markerAt + 1];
    let segmentAt = markerAt;
    // 0xFF may repeat before a marker as fill.
    while (marker === 0xff) marker = bytes[++segmentAt + 1];
    if (marker === undefined) return cutShort(null);
    if (marker === EOI) {
      if (!frame || scans === 0) throw refuse(conversionMessages.imageDamaged);
      kept.push(bytes.subarray(segmentAt, segmentAt + 2));
      // Anything after EOI is left out too: viewers ignore it, and it is not the picture.
      const cleaned = Buffer.concat(kept);
      return { ...frame, drawnRows: frame.height, cleaned: cleaned.length === bytes.length ? bytes : cleaned };
    }
    if (marker === 0x00 || marker === SOI || standsAlone(marker)) {
      // Not a marker that can stand between segments: stray bytes that happen to hold 0xFF.
      at = segmentAt + 2;
      continue;
    }
    if (segmentAt + 4 > bytes.length) return cutShort(null);
    const length = bytes.readUInt16BE(segmentAt + 2);
    if (length < 2) throw refuse(conversionMessages.imageDamaged);
    if (segmentAt + 2 + length > bytes.length) return cutShort(null);
    const segment = bytes.subarray(segmentAt + 4, segmentAt + 2 + length);
    const end = segmentAt + 2 + length;
    if (marker === DHP) throw refuse(conversionMessages.jpegHierarchical);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (frame) throw refuse(conversionMessages.imageDamaged);
      frame = readFrame(segment, marker);
      if (frame.width * frame.height > maxPixels) throw refuse(conversionMessages.imageTooManyPixels);
      components = frameComponents(segment);
      progressive = marker === 0xc2;
      heightAt = kept.reduce((sum, chunk) => sum + chunk.length, 0) + 5;
    }
    if (marker === 0xc4) readHuffmanTables(segment, tables);
    if (marker === DRI && segment.length >= 2) tables.restartInterval = segment.readUInt16BE(0);
    if (marker === SOS) {
      if (!frame) throw refuse(conversionMessages.imageDamaged);
      scans += 1;
      const header = scanHeader(segment);
      kept.push(bytes.subarray(segmentAt, end));
      const dataEnd = endOfScan(bytes, end);
      if (dataEnd < 0) {
        const data = scanDataToEnd(bytes, end);
        if (scans > 1) return cutShort(data);
        const head = Buffer.concat(kept);
        return cutShort({ ...frame, components, progressive, restartInterval: tables.restartInterval, scanComponents: header.components, spectralStart: header.spectralStart, spectralEnd: header.spectralEnd, approximationHigh: header.approximationHigh, dcTables: tables.dc, acTables: tables.ac, head, heightAt, data });
      }
      if (header.spectralStart === 0) for (const { id } of header.components) covered.add(id);
      kept.push(bytes.subarray(end, dataEnd));
      at = dataEnd;
      continue;
    }
    kept.push(bytes.subarray(segmentAt, end));
    at = end;
  }
}
