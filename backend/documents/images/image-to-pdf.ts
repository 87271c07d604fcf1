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

  const upright = uprightSize({ ...image, height: image.height + prepared.missingRows });
  const landscape = upright.width > upright.height;
  doc.addPage({ size: 'LETTER', layout: landscape ? 'landscape' : 'portrait', margin: MARGIN });
  const boxWidth = (landscape ? LETTER.height : LETTER.width) - 2 * MARGIN;
  const boxHeight = (landscape ? LETTER.width : LETTER.height) - 2 * MARGIN;
  const scale = Math.min(boxWidth / upright.width, boxHeight / upright.height);
  const width = upright.width * scale;
  const height = upright.height * scale;
  const drawn = drawnPart({ x: MARGIN + (boxWidth - width) / 2, y: MARGIN + (boxHeight - height) / 2, width, height }, image, prepared.missingRows);
  drawImage(doc, image, drawn.x, drawn.y, drawn.width, drawn.height);
  return finish();
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Where on the page the rows the image holds go, when rows below them are missing (a JPEG cut
 * short): the part of the whole picture's box they cover, the rest left empty as Chromium leaves
 * it. The stored image's top is the page's top, bottom, left or right as its EXIF orientation turns it.
 */
function drawnPart(box: Box, image: PdfkitImage, missingRows: number): Box {
  const shown = image.height / (image.height + missingRows);
  switch (image.orientation ?? 1) {
    case 3:
    case 4:
      return { ...box, y: box.y + box.height * (1 - shown), height: box.height * shown };
    case 5:
    case 8:
      return { ...box, width: box.width * shown };
    case 6:
    case 7:
      return { ...box, x: box.x + box.width * (1 - shown), width: box.width * shown };
    default:
      return { ...box, height: box.height * shown };
  }
}
