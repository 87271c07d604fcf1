import { PDFDocument, StandardFonts, beginMarkedContent, endMarkedContent, rgb } from '@cantoo/pdf-lib';
import { drawHeaderName } from './header-name';
import { tagAppendedPages } from './tag-appended-pages';

const HEADER_SIZE = 9;
/** From the top edge of a page to the header's baseline: inside every page's margin. */
const HEADER_FROM_TOP = 30;
const HEADER_SIDE = 54;

export const pageNumberText = (page: number, pages: number) => `Page ${page} of ${pages}`;

/**
 * The whole application: the form part, then each converted document's pages in the order given
 * (@cantoo/pdf-lib copies them, so a kept PDF's content is not re-rendered), then a header with the
 * applicant's name (as typed, in any script: header-name.ts) and 'Page n of m' stamped on every
 * page, marked as a pagination artifact so that assistive technology skips it. Pure: bytes in, bytes out.
 */
export async function assembleApplication(formPdf: Uint8Array, documents: readonly Uint8Array[], applicantName: string): Promise<Buffer> {
  const pdf = await PDFDocument.load(formPdf);
  const appended = [];
  for (const bytes of documents) {
    const source = await PDFDocument.load(bytes);
    const pages = await pdf.copyPages(source, source.getPageIndices());
    for (const page of pages) pdf.addPage(page);
    appended.push(pages);
  }
  tagAppendedPages(pdf, appended);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const header = await drawHeaderName(applicantName, HEADER_SIZE);
  const [name] = await pdf.embedPdf(header.pdf);
  const pages = pdf.getPages();
  pages.forEach((page, index) => {
    const { x, y, width, height } = page.getMediaBox();
    const top = y + height - HEADER_FROM_TOP;
    const number = pageNumberText(index + 1, pages.length);
    const color = rgb(0.2, 0.2, 0.2);
    page.pushOperators(beginMarkedContent('Artifact'));
    page.drawPage(name!, { x: x + HEADER_SIDE - header.left, y: top - header.baseline });
    page.drawText(number, { x: x + width - HEADER_SIDE - font.widthOfTextAtSize(number, HEADER_SIZE), y: top, size: HEADER_SIZE, font, color });
    page.pushOperators(endMarkedContent());
  });
  pdf.setTitle(`Graduate application: ${applicantName}`, { showInWindowTitleBar: true });
  pdf.setProducer('gradapp application PDF');
  // @cantoo/pdf-lib packs objects into object streams only when the loaded header says 1.5 or
  // later, and pdfkit's form part says 1.3: asked for, they shrink the file and the header says 1.7.
  return Buffer.from(await pdf.save({ useObjectStreams: true }));
}
