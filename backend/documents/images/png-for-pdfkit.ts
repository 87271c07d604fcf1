import { PNG } from 'pngjs';
import { ConversionError, conversionMessages } from '../conversion-error';
import type { PngStructure } from './png-structure';

/** gAMA of 1/2.2, what displays assume when a PNG says nothing (100000 = 1.0). */
const STANDARD_GAMMA = 45_455;

function gammaIsStandard(gamma: number | null): boolean {
  return gamma === null || gamma === 0 || Math.abs(gamma - STANDARD_GAMMA) / STANDARD_GAMMA < 0.05;
}

/**
 * The PNGs pdfkit draws right: 8-bit grey or colour, with or without alpha, not interlaced, with
 * no palette chunk and no tRNS. Running all of PngSuite through pdfkit and rendering the pages
 * showed the others wrong: interlaced images below 8 bits scrambled (two crashed the process),
 * a suggested palette in a truecolour image taken as its colours, several transparent palette
 * entries ignored. pdfkit also ignores gAMA, which browsers and most viewers apply.
 */
function pdfkitDrawsAsIs(png: PngStructure): boolean {
  const simple = !png.interlaced && png.bitDepth === 8 && png.colourType !== 3;
  return simple && !png.chunks.has('PLTE') && !png.chunks.has('tRNS') && appliedGamma(png) === null;
}

/**
 * The gamma viewers apply: gAMA's, unless an sRGB or ICC profile chunk overrides it (browsers
 * then ignore gAMA), and none when it is the standard one.
 */
function appliedGamma(png: PngStructure): number | null {
  if (png.chunks.has('sRGB') || png.chunks.has('iCCP') || gammaIsStandard(png.gamma)) return null;
  return png.gamma;
}

/** A table from a sample to what a display shows for the file's gamma (PNG spec, 13.13). */
function gammaTable(gamma: number | null): Uint8Array | null {
  if (gamma === null) return null;
  const exponent = 1 / ((gamma / 100_000) * 2.2);
  return Uint8Array.from({ length: 256 }, (_, value) => Math.round(255 * (value / 255) ** exponent));
}

/**
 * The PNG in a form pdfkit embeds correctly: the file itself when pdfkit draws it right,
 * otherwise decoded by pngjs (every colour type, bit depth, interlacing and transparency of the
 * standard) and written again as a plain 8-bit RGB PNG, RGBA when any pixel is transparent.
 * Only a PNG whose structure was checked comes here, so the decode's size is bounded.
 */
export function pngForPdfkit(bytes: Buffer, png: PngStructure): Buffer {
  if (pdfkitDrawsAsIs(png)) return bytes;
  let decoded: PNG;
  try {
    decoded = PNG.sync.read(bytes);
  } catch (error) {
    throw new ConversionError(conversionMessages.imageDamaged, { cause: error });
  }
  const pixels = decoded.data;
  const table = gammaTable(appliedGamma(png));
  let opaque = true;
  for (let at = 0; at < pixels.length; at += 4) {
    if (table) for (let channel = at; channel < at + 3; channel += 1) pixels[channel] = table[pixels[channel]!]!;
    if (pixels[at + 3] !== 255) opaque = false;
  }
  return PNG.sync.write(decoded, { colorType: opaque ? 2 : 6, inputColorType: 6, inputHasAlpha: true, bitDepth: 8 });
}
