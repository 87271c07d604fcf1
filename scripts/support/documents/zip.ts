// Zip packages written here, entry by entry, so a test can make one lie about its sizes.
import zlib from 'node:zlib';

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
