import zlib from 'node:zlib';

/** Samples per pixel by PNG colour type: grey, RGB, palette, grey+alpha, RGBA. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** Adam7 passes: x start, y start, x step, y step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

interface PngLayout {
  width: number;
  height: number;
  bitsPerPixel: number;
  interlaced: boolean;
  imageData: Buffer;
}

function readPngLayout(bytes: Buffer): PngLayout | null {
  if (bytes.length < 33 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  const channels = CHANNELS[bytes[25]!];
  if (!channels) return null;
  const idat: Buffer[] = [];
  for (let at = 8; at + 12 <= bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (at + 12 + length > bytes.length) return null;
    if (type === 'IDAT') idat.push(bytes.subarray(at + 8, at + 8 + length));
    if (type === 'IEND') break;
    at += 12 + length;
  }
  return {
    width: bytes.readUInt32BE(16),
    height: bytes.readUInt32BE(20),
    bitsPerPixel: channels * bytes[24]!,
    interlaced: bytes[28] === 1,
    imageData: Buffer.concat(idat),
  };
}

/** Bytes of the filtered scanlines: one filter byte a row, for every interlacing pass. */
function expectedDataLength({ width, height, bitsPerPixel, interlaced }: PngLayout): number {
  const rows = (passWidth: number, passHeight: number) => (passWidth && passHeight ? passHeight * (1 + Math.ceil((passWidth * bitsPerPixel) / 8)) : 0);
  if (!interlaced) return rows(width, height);
  return ADAM7.reduce(
    (sum, [xStart, yStart, xStep, yStep]) => sum + rows(Math.max(0, Math.ceil((width - xStart) / xStep)), Math.max(0, Math.ceil((height - yStart) / yStep))),
    0,
  );
}

/**
 * Whether a PNG's image data inflates to exactly the size its header promises. pdfkit copies the
 * compressed data of an opaque PNG into the PDF as it is, and inflates a transparent one in a
 * callback whose errors nobody catches, so damage has to be found first. The output is counted
 * and dropped as it streams, so a lying header costs time, not memory.
 */
export async function pngDataIsComplete(bytes: Buffer): Promise<boolean> {
  const layout = readPngLayout(bytes);
  if (!layout) return false;
  const expected = expectedDataLength(layout);
  return new Promise((resolve) => {
    let seen = 0;
    const inflate = zlib.createInflate();
    inflate.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > expected) {
        inflate.destroy();
        resolve(false);
      }
    });
    inflate.on('error', () => resolve(false));
    inflate.on('end', () => resolve(seen === expected));
    inflate.end(layout.imageData);
  });
}
