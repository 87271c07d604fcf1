import type { Block } from '../document-blocks';
import { runWidths } from './inline-lines';
import { LIST_INDENT, PARAGRAPH_STYLES, POINTS_PER_PIXEL } from './typography';
import type { LayoutContext } from './layout-context';
import { uprightSize } from '../../images/open-image';

export interface ContentWidths {
  /** The narrowest the content fits without breaking a word. */
  min: number;
  /** Its width with no line breaks but its own. */
  max: number;
}

/** How wide blocks want to be, for sharing a table's width among its columns. */
export function contentWidths(context: LayoutContext, blocks: readonly Block[]): ContentWidths {
  let min = 0;
  let max = 0;
  const include = (widths: ContentWidths, extra = 0) => {
    min = Math.max(min, widths.min + extra);
    max = Math.max(max, widths.max + extra);
  };
  for (const block of blocks) {
    if (block.kind === 'paragraph') {
      include(runWidths(context.doc, block.runs, PARAGRAPH_STYLES[block.role]));
    } else if (block.kind === 'list') {
      for (const item of block.items) include(contentWidths(context, item), LIST_INDENT);
    } else if (block.kind === 'table') {
      for (const row of block.rows) {
        const cells = row.map((cell) => contentWidths(context, cell.blocks));
        include({ min: cells.reduce((sum, cell) => sum + cell.min, 0), max: cells.reduce((sum, cell) => sum + cell.max, 0) });
      }
    } else if (block.kind === 'image') {
      const image = context.images.get(block.src);
      const natural = image ? uprightSize(image).width * POINTS_PER_PIXEL : 0;
      include({ min: Math.min(natural, 48), max: natural });
    }
  }
  return { min, max };
}
