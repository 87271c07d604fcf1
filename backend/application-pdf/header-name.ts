import { PLAIN } from '../documents/docx/document-blocks';
import { breakLines, drawLine } from '../documents/docx/layout/inline-lines';
import { createPdfkitDocument } from '../documents/pdfkit-document';

/** The name drawn on its own small page, and where its baseline is on that page. */
export interface HeaderName {
  pdf: Buffer;
  /** From the page's left edge to the text's start. */
  left: number;
  /** From the page's bottom edge up to the baseline. */
  baseline: number;
}

/**
 * The applicant's name for the header of every page, set in the font chain like the form (any
 * script, right-to-left in order) on a page just big enough, with room around it for accents and
 * descenders: assemble.ts embeds that page once and draws it on every page, the appended
 * documents' included, so each page's header is real text in the same embedded subset fonts.
 */
export async function drawHeaderName(name: string, size: number): Promise<HeaderName> {
  const { doc, finish } = createPdfkitDocument({ compress: true, margin: 0 });
  const [line] = breakLines(doc, [{ kind: 'text', text: name, style: PLAIN }], Number.POSITIVE_INFINITY, { size, bold: false, italic: false });
  const room = size;
  const height = line!.height + 2 * room;
  doc.addPage({ size: [line!.width + 2 * room, height], margin: 0 });
  drawLine(doc, line!, room, room);
  return { pdf: await finish(), left: room, baseline: height - room - line!.ascent };
}
