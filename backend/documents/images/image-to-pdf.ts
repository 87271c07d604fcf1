import type { ConversionOptions } from '../conversion-options';
import { createPdfkitDocument, LETTER } from '../pdfkit-document';
import { drawImage, openImage, uprightSize } from './open-image';
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
  const image = openImage(doc, prepared);

  const upright = uprightSize(image);
  const landscape = upright.width > upright.height;
  doc.addPage({ size: 'LETTER', layout: landscape ? 'landscape' : 'portrait', margin: MARGIN });
  const boxWidth = (landscape ? LETTER.height : LETTER.width) - 2 * MARGIN;
  const boxHeight = (landscape ? LETTER.width : LETTER.height) - 2 * MARGIN;
  const scale = Math.min(boxWidth / upright.width, boxHeight / upright.height);
  const width = upright.width * scale;
  const height = upright.height * scale;
  drawImage(doc, image, MARGIN + (boxWidth - width) / 2, MARGIN + (boxHeight - height) / 2, width, height);
  return finish();
}
