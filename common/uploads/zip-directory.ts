/** One file of a zip, as its central directory describes it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; anything else is not used by Word. */
  method: number;
  compressedSize: number;
  /** As declared: an attacker can understate it, so readers check it again while inflating. */
  uncompressedSize: number;
  localHeaderOffset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const END_RECORD_SIZE = 22;
const MAX_COMMENT_LENGTH = 0xffff;
/** More entries than any Word document has; bounds the work of reading a hostile directory. */
const MAX_ENTRIES = 10_000;

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function findEndOfDirectory(data: DataView): number {
  const last = data.byteLength - END_RECORD_SIZE;
  for (let at = last; at >= 0 && at >= last - MAX_COMMENT_LENGTH; at -= 1) {
    if (data.getUint32(at, true) === END_OF_DIRECTORY) return at;
  }
  return -1;
}

/**
 * The entries of a zip file, read from its central directory only (nothing is inflated), or null
 * when the bytes are not a zip this reader understands. Zip64 is refused: a package of at most
 * 1 MB never needs it, and its sizes would be the ones to lie about.
 */
export function readZipDirectory(bytes: Uint8Array): ZipEntry[] | null {
  const data = view(bytes);
  if (data.byteLength < END_RECORD_SIZE || data.getUint32(0, true) !== LOCAL_HEADER) return null;
  const end = findEndOfDirectory(data);
  if (end < 0) return null;
  const count = data.getUint16(end + 10, true);
  const directorySize = data.getUint32(end + 12, true);
  const directoryOffset = data.getUint32(end + 16, true);
  if (count === 0xffff || directoryOffset === 0xffffffff || count > MAX_ENTRIES) return null;
  if (directoryOffset + directorySize > end) return null;

  const decoder = new TextDecoder('utf-8', { fatal: false });
  const entries: ZipEntry[] = [];
  let at = directoryOffset;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > end || data.getUint32(at, true) !== DIRECTORY_ENTRY) return null;
    const nameLength = data.getUint16(at + 28, true);
    const extraLength = data.getUint16(at + 30, true);
    const commentLength = data.getUint16(at + 32, true);
    if (at + 46 + nameLength > end) return null;
    const entry: ZipEntry = {
      name: decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      method: data.getUint16(at + 10, true),
      compressedSize: data.getUint32(at + 20, true),
      uncompressedSize: data.getUint32(at + 24, true),
      localHeaderOffset: data.getUint32(at + 42, true),
    };
    if (entry.compressedSize === 0xffffffff || entry.uncompressedSize === 0xffffffff) return null;
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The compressed bytes of an entry, or null when its local header does not fit the file. */
export function zipEntryData(bytes: Uint8Array, entry: ZipEntry): Uint8Array | null {
  const data = view(bytes);
  const at = entry.localHeaderOffset;
  if (at + 30 > data.byteLength || data.getUint32(at, true) !== LOCAL_HEADER) return null;
  const start = at + 30 + data.getUint16(at + 26, true) + data.getUint16(at + 28, true);
  const stop = start + entry.compressedSize;
  return stop <= data.byteLength ? bytes.subarray(start, stop) : null;
}
