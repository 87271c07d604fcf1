/** Width and height in pixels from an image's header, without decoding it. */
export interface ImageSize {
  width: number;
  height: number;
}

function pngSize(bytes: Uint8Array): ImageSize | null {
  const data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const isHeaderChunk = bytes.length >= 24 && String.fromCharCode(...bytes.subarray(12, 16)) === 'IHDR';
  return isHeaderChunk ? { width: data.getUint32(16), height: data.getUint32(20) } : null;
}

/** Start-of-frame markers C0 to CF, except C4 (Huffman tables), C8 (reserved) and CC (arithmetic conditioning). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** Markers that stand alone, without a length: TEM, RST0 to RST7, SOI, EOI. */
function isStandalone(marker: number): boolean {
  return marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9);
}

function jpegSize(bytes: Uint8Array): ImageSize | null {
  const data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (isStandalone(marker)) {
      at += 2;
      continue;
    }
    if (isStartOfFrame(marker)) {
      return at + 9 <= bytes.length ? { height: data.getUint16(at + 5), width: data.getUint16(at + 7) } : null;
    }
    at += 2 + data.getUint16(at + 2);
  }
  return null;
}

export function readImageSize(bytes: Uint8Array, type: 'png' | 'jpeg'): ImageSize | null {
  const size = type === 'png' ? pngSize(bytes) : jpegSize(bytes);
  return size && size.width > 0 && size.height > 0 ? size : null;
}
