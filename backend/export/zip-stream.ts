import { crc32 } from 'node:zlib';

/**
 * A zip written as it goes (PKWARE APPNOTE 6.3.x): each file is stored (PDFs are compressed
 * already) with its CRC and sizes in its local header, then the central directory at the end. Only
 * the directory's small records are kept in memory. Past 65,535 files or 4 GiB (10,000 applications
 * with their documents can be), the zip64 records say what the classic fields cannot: a directory
 * entry's offset in its zip64 extra field, the counts and the directory's place in the zip64 end
 * record, which every current unzip tool reads. A single file is at most 4 GiB (a PDF never nears it).
 */
const LOCAL_HEADER = 0x04034b50;
const DIRECTORY_ENTRY = 0x02014b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_EXTRA = 0x0001;
const UTF8_NAMES = 0x0800;
const VERSION = 20;
const VERSION_ZIP64 = 45;
const MAX_16 = 0xffff;
const MAX_32 = 0xffffffff;

export class ZipLimitError extends Error {}

/** MS-DOS time and date of an instant (the zip's own format; local fields, two-second steps). */
function dosTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((Math.max(1980, at.getUTCFullYear()) - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

/** `startOffset`: where the zip's first byte sits in the stream (0; a test starts past 4 GiB without writing it). */
export function createZipWriter(startOffset = 0) {
  const directory: Buffer[] = [];
  let offset = startOffset;
  let zip64 = false;

  return {
    /** The bytes of one file's local header and content, to send before the next. */
    file(name: string, content: Uint8Array, modified: Date): Buffer {
      if (content.length >= MAX_32) throw new ZipLimitError('A file of the zip would be larger than 4 GiB.');
      const fileName = Buffer.from(name, 'utf8');
      const checksum = crc32(content);
      const { time, date } = dosTime(modified);
      // An entry that starts past 4 GiB names its offset in a zip64 extra field.
      const farOffset = offset >= MAX_32;
      const extra = Buffer.alloc(farOffset ? 12 : 0);
      if (farOffset) {
        extra.writeUInt16LE(ZIP64_EXTRA, 0);
        extra.writeUInt16LE(8, 2);
        extra.writeBigUInt64LE(BigInt(offset), 4);
        zip64 = true;
      }

      const version = farOffset ? VERSION_ZIP64 : VERSION;
      // The fields the local header and the directory entry share, from "version needed" on.
      const fields = (extraLength: number) => {
        const shared = Buffer.alloc(26);
        shared.writeUInt16LE(version, 0);
        shared.writeUInt16LE(UTF8_NAMES, 2);
        shared.writeUInt16LE(0, 4); // stored
        shared.writeUInt16LE(time, 6);
        shared.writeUInt16LE(date, 8);
        shared.writeUInt32LE(checksum, 10);
        shared.writeUInt32LE(content.length, 14);
        shared.writeUInt32LE(content.length, 18);
        shared.writeUInt16LE(fileName.length, 22);
        shared.writeUInt16LE(extraLength, 24);
        return shared;
      };
      const signature = (value: number) => {
        const bytes = Buffer.alloc(4);
        bytes.writeUInt32LE(value, 0);
        return bytes;
      };

      const local = Buffer.concat([signature(LOCAL_HEADER), fields(0)]);
      // Version made by, the shared fields, then comment length, disk, attributes (zero) and the offset.
      const entry = Buffer.alloc(46);
      signature(DIRECTORY_ENTRY).copy(entry, 0);
      entry.writeUInt16LE(version, 4);
      fields(extra.length).copy(entry, 6);
      entry.writeUInt32LE(farOffset ? MAX_32 : offset, 42);
      directory.push(Buffer.concat([entry, fileName, extra]));

      offset += local.length + fileName.length + content.length;
      return Buffer.concat([local, fileName, content]);
    },

    /** The central directory and its end records: the last bytes of the zip. */
    end(): Buffer {
      const entries = Buffer.concat(directory);
      const directoryOffset = offset;
      const count = directory.length;
      const needsZip64 = zip64 || count >= MAX_16 || directoryOffset >= MAX_32 || entries.length >= MAX_32;
      const records: Buffer[] = [entries];
      if (needsZip64) {
        const end64 = Buffer.alloc(56);
        end64.writeUInt32LE(ZIP64_END_OF_DIRECTORY, 0);
        end64.writeBigUInt64LE(44n, 4);
        end64.writeUInt16LE(VERSION_ZIP64, 12);
        end64.writeUInt16LE(VERSION_ZIP64, 14);
        end64.writeBigUInt64LE(BigInt(count), 24);
        end64.writeBigUInt64LE(BigInt(count), 32);
        end64.writeBigUInt64LE(BigInt(entries.length), 40);
        end64.writeBigUInt64LE(BigInt(directoryOffset), 48);
        const locator = Buffer.alloc(20);
        locator.writeUInt32LE(ZIP64_END_LOCATOR, 0);
        locator.writeBigUInt64LE(BigInt(directoryOffset + entries.length), 8);
        locator.writeUInt32LE(1, 16);
        records.push(end64, locator);
      }
      const end = Buffer.alloc(22);
      end.writeUInt32LE(END_OF_DIRECTORY, 0);
      end.writeUInt16LE(Math.min(count, MAX_16), 8);
      end.writeUInt16LE(Math.min(count, MAX_16), 10);
      end.writeUInt32LE(Math.min(entries.length, MAX_32), 12);
      end.writeUInt32LE(needsZip64 ? MAX_32 : directoryOffset, 16);
      records.push(end);
      return Buffer.concat(records);
    },
  };
}
