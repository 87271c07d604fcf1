import mammoth from 'mammoth';
import { ConversionError, conversionMessages } from '../conversion-error';

export interface DocxImage {
  contentType: string;
  bytes: Buffer;
}

export interface DocxHtml {
  html: string;
  /** The document's images by the `src` the HTML gives them. */
  images: ReadonlyMap<string, DocxImage>;
}

/**
 * Empty paragraphs are kept (mammoth drops them by default): applicants space their text with
 * them, and the PDF should look like what they wrote.
 */
const STYLE_MAP = [
  // mammoth drops underlines and page breaks unless asked; the PDF keeps both.
  'u => u',
  'strike => s',
  "br[type='page'] => hr",
];

/**
 * The document as mammoth's structured HTML. Images stay out of the HTML: each `src` names an
 * entry of `images`, which saves encoding every image to base64 and decoding it again for pdfkit.
 */
export async function docxToHtml(bytes: Buffer): Promise<DocxHtml> {
  const images = new Map<string, DocxImage>();
  const convertImage = mammoth.images.imgElement(async (image) => {
    const src = `docx-image:${images.size}`;
    images.set(src, { contentType: image.contentType, bytes: await image.readAsBuffer() });
    return { src };
  });
  try {
    const result = await mammoth.convertToHtml({ buffer: bytes }, { styleMap: STYLE_MAP, convertImage, externalFileAccess: false, ignoreEmptyParagraphs: false });
    return { html: result.value, images };
  } catch (error) {
    throw new ConversionError(conversionMessages.docxDamaged, { cause: error });
  }
}
