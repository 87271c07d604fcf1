import type { ConversionOptions } from '../conversion-options';
import { createPdfkitDocument, LETTER } from '../pdfkit-document';
import { drawImage, openImage, uprightSize, type PdfkitImage } from './open-image';
import { prepareImage } from './prepare-image';

/** Half an inch: a photo of a page keeps as much of the page as it can. */
const MARGIN = 36;

/**
 * One Letter page holding the image fitted within the margins, centred, with its aspect ratio
 * kept: an uploaded image stands for a page (a scan, a photo of a certificate), so it fills one,
 * small ones included. The page turns to landscape for a wide image so it is not shrunk to half.
 */
export async function imageToPdf(bytes: Buffer, type: 'png' | 'jpeg', options: ConversionOptions): Promise<Buffer> {
  const prepared = await prepareImage(bytes, type, options.maxImagePixels);
  const { doc, finish } = createPdfkitDocument({ compress: options.compress, margin: MARGIN });
  const image = openImage(doc, prepared.bytes);

  const wholeRows = prepared.cut?.wholeRows ?? image.height;
  const upright = uprightSize({ ...image, height: wholeRows });
  const landscape = upright.width > upright.height;
  doc.addPage({ size: 'LETTER', layout: landscape ? 'landscape' : 'portrait', margin: MARGIN });
  const boxWidth = (landscape ? LETTER.height : LETTER.width) - 2 * MARGIN;
  const boxHeight = (landscape ? LETTER.width : LETTER.height) - 2 * MARGIN;
  const scale = Math.min(boxWidth / upright.width, boxHeight / upright.height);
  const width = upright.width * scale;
  const height = upright.height * scale;
  const box = { x: MARGIN + (boxWidth - width) / 2, y: MARGIN + (boxHeight - height) / 2, width, height };
  if (!prepared.cut) {
    drawImage(doc, image, box.x, box.y, box.width, box.height);
    return finish();
  }
  // The rows the file holds go where they are in the whole picture; only those Chromium shows are seen.
  const held = rowsPart(box, image, image.height / wholeRows);
  const shown = rowsPart(box, image, prepared.cut.shownRows / wholeRows);
  doc.save();
  doc.rect(shown.x, shown.y, shown.width, shown.height).clip();
  drawImage(doc, image, held.x, held.y, held.width, held.height);
  doc.restore();
  return finish();
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Where on the page a picture's top rows go, as a share of its box: the top, bottom, left or right
 * of the box as its EXIF orientation turns it. The rest of the box stays empty, as Chromium leaves
 * the rows of a JPEG cut short that it did not decode.
 */
function rowsPart(box: Box, image: PdfkitImage, share: number): Box {
  switch (image.orientation ?? 1) {
    case 3:
    case 4:
      return { ...box, y: box.y + box.height * (1 - share), height: box.height * share };
    case 5:
    case 8:
      return { ...box, width: box.width * share };
    case 6:
    case 7:
      return { ...box, x: box.x + box.width * (1 - share), width: box.width * share };
    default:
      return { ...box, height: box.height * share };
  }
}
