import { ConversionError, conversionMessages } from '../conversion-error';
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
 * Whether blocks print anything: text that is not all spaces, a table (its borders), or a picture
 * we can draw. A picture we cannot (linked rather than embedded, EMF) prints only a note saying so.
 */
function printsSomething(blocks: readonly Block[], drawable: ReadonlyMap<string, unknown>): boolean {
  return blocks.some((block) => {
    switch (block.kind) {
      case 'paragraph':
        return block.runs.some((run) => run.kind === 'text' && run.text.trim() !== '');
      case 'list':
        return block.items.some((item) => printsSomething(item, drawable));
      case 'image':
        return drawable.has(block.src);
      case 'pageBreak':
        return false;
      case 'table':
        return true;
    }
  });
}

/**
 * A Word document as a PDF: the package is checked against the size limits, mammoth turns it into
 * structured HTML, and the HTML's blocks are measured and placed on Letter pages with pdfkit. A
 * document with nothing to print is refused rather than converted to a blank page.
 * Measuring and placing go group by group so that the page limit stops a runaway document early.
 */
export async function docxToPdf(bytes: Buffer, options: ConversionOptions): Promise<Buffer> {
  checkDocxPackage(bytes, options);
  const { html, images } = await docxToHtml(bytes);
  const blocks = documentBlocks(parseHtml(html));
  const { doc, finish } = createPdfkitDocument({ compress: options.compress, margin: PAGE_MARGIN });
  const drawable = await openDocxImages(doc, images, options.maxImagePixels);
  if (!printsSomething(blocks, drawable)) throw new ConversionError(conversionMessages.docxEmpty);
  const flow = new PageFlow(doc, PAGE_MARGIN, options.maxPages);
  const context: LayoutContext = { doc, images: drawable, maxImageHeight: flow.contentHeight };
  for (const group of layoutGroups(blocks)) placePieces(flow, measureBlocks(context, group, flow.width), flow.left);
  return finish();
}
