import type { ConversionOptions } from '../conversion-options';
import { createPdfkitDocument } from '../pdfkit-document';
import { checkDocxPackage } from './check-docx-package';
import { documentBlocks, type Block } from './document-blocks';
import { openDocxImages } from './docx-images';
import { docxToHtml } from './docx-to-html';
import { parseHtml } from './html/html-tree';
import { measureBlocks } from './layout/block-pieces';
import type { LayoutContext } from './layout/layout-context';
import { PageFlow } from './layout/page-flow';
import { placePieces } from './layout/place-pieces';
import { PAGE_MARGIN } from './layout/typography';

/** Blocks in groups that are laid out together: a heading with the block after it, so it is never left alone at a page's foot. */
function layoutGroups(blocks: readonly Block[]): Block[][] {
  const groups: Block[][] = [];
  let group: Block[] = [];
  for (const block of blocks) {
    group.push(block);
    const heading = block.kind === 'paragraph' && block.role !== 'p';
    if (!heading) {
      groups.push(group);
      group = [];
    }
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

/**
 * A Word document as a PDF: the package is checked against the size limits, mammoth turns it into
 * structured HTML, and the HTML's blocks are measured and placed on Letter pages with pdfkit.
 * Measuring and placing go group by group so that the page limit stops a runaway document early.
 */
export async function docxToPdf(bytes: Buffer, options: ConversionOptions): Promise<Buffer> {
  checkDocxPackage(bytes, options);
  const { html, images } = await docxToHtml(bytes);
  const blocks = documentBlocks(parseHtml(html));
  const { doc, finish } = createPdfkitDocument({ compress: options.compress, margin: PAGE_MARGIN });
  const drawable = await openDocxImages(doc, images, options.maxImagePixels);
  const flow = new PageFlow(doc, PAGE_MARGIN, options.maxPages);
  const context: LayoutContext = { doc, images: drawable, maxImageHeight: flow.contentHeight };
  for (const group of layoutGroups(blocks)) placePieces(flow, measureBlocks(context, group, flow.width), flow.left);
  return finish();
}
