import { widthOf } from '../../../fonts/draw-text';
import { fontRuns } from '../../../fonts/font-runs';
import { uprightSize } from '../../images/open-image';
import { PLAIN, type Block } from '../document-blocks';
import { contentWidths } from './content-widths';
import { breakLines } from './inline-lines';
import type { LayoutContext } from './layout-context';
import { listMarker } from './list-markers';
import type { Piece } from './pieces';
import { measureTable } from './table-layout';
import { COMPACT_SPACE_AFTER, LIST_INDENT, PARAGRAPH_STYLES, POINTS_PER_PIXEL } from './typography';

interface Placement {
  /** From the column's left edge. */
  indent: number;
  /** Inside list items and table cells: tighter spacing. */
  compact: boolean;
  listDepth: number;
  /** Inside a table cell, where nested tables are flattened and page breaks ignored. */
  inCell: boolean;
}

const TOP_LEVEL: Placement = { indent: 0, compact: false, listDepth: 0, inCell: false };
const LIST_SPACE_AFTER = 4;
const MARKER_GAP = 5;

const gap = (height: number): Piece => ({ kind: 'gap', height });

function paragraphPieces(context: LayoutContext, block: Extract<Block, { kind: 'paragraph' }>, width: number, at: Placement): Piece[] {
  const style = PARAGRAPH_STYLES[block.role];
  const lines = breakLines(context.doc, block.runs, width - at.indent, style);
  const heading = block.role !== 'p';
  return [
    ...(style.spaceBefore && !at.compact ? [gap(style.spaceBefore)] : []),
    ...lines.map((line, i): Piece => ({ kind: 'line', line, indent: at.indent, height: line.height, keepWithNext: heading && i === lines.length - 1 })),
    gap(at.compact ? COMPACT_SPACE_AFTER : style.spaceAfter),
  ];
}

function listPieces(context: LayoutContext, block: Extract<Block, { kind: 'list' }>, width: number, at: Placement): Piece[] {
  const indent = at.indent + LIST_INDENT;
  const size = PARAGRAPH_STYLES.p.size;
  const pieces = block.items.flatMap((item, index) => {
    const itemPieces = measureBlocks(context, item, width, { ...at, indent, compact: true, listDepth: at.listDepth + 1 });
    const text = listMarker(block.ordered, index, at.listDepth);
    // Bullets and numbers are in the chain's first face: one run.
    const { face } = fontRuns(text, 'regular')[0]!;
    const marker = { text, face, size, x: indent - MARKER_GAP - widthOf(context.doc, face, size, text) };
    const first = itemPieces[0];
    if (first?.kind === 'line') return [{ ...first, marker }, ...itemPieces.slice(1)];
    // An item that starts with an image or a table, or has nothing: the marker gets a line of its own.
    const emptyLine = breakLines(context.doc, [], width - indent, PARAGRAPH_STYLES.p)[0]!;
    return [{ kind: 'line', line: emptyLine, indent, height: emptyLine.height, marker } satisfies Piece, ...itemPieces];
  });
  return at.listDepth === 0 && !at.inCell ? [...pieces, gap(LIST_SPACE_AFTER)] : pieces;
}

function imagePieces(context: LayoutContext, block: Extract<Block, { kind: 'image' }>, width: number, at: Placement): Piece[] {
  const image = context.images.get(block.src);
  if (!image) {
    const note = `[Image not shown${block.alt ? `: ${block.alt}` : ''}]`;
    const lines = breakLines(context.doc, [{ kind: 'text', text: note, style: { ...PLAIN, italic: true } }], width - at.indent, PARAGRAPH_STYLES.p);
    return [...lines.map((line): Piece => ({ kind: 'line', line, indent: at.indent, height: line.height })), gap(COMPACT_SPACE_AFTER)];
  }
  const upright = uprightSize(image);
  const natural = { width: upright.width * POINTS_PER_PIXEL, height: upright.height * POINTS_PER_PIXEL };
  const scale = Math.min(1, (width - at.indent) / natural.width, context.maxImageHeight / natural.height);
  return [{ kind: 'image', image, indent: at.indent, width: natural.width * scale, height: natural.height * scale }, gap(at.compact ? COMPACT_SPACE_AFTER : 6)];
}

/** A table cell's content without the space before its first or after its last paragraph. */
function trimGaps(pieces: Piece[]): Piece[] {
  let start = 0;
  let end = pieces.length;
  while (start < end && pieces[start]!.kind === 'gap') start += 1;
  while (end > start && pieces[end - 1]!.kind === 'gap') end -= 1;
  return pieces.slice(start, end);
}

function tablePieces(context: LayoutContext, block: Extract<Block, { kind: 'table' }>, width: number, at: Placement): Piece[] {
  if (at.inCell) {
    // A table in a table cell: its cells' content, one after the other.
    return block.rows.flat().flatMap((cell) => measureBlocks(context, cell.blocks, width, at));
  }
  const cellPlacement: Placement = { indent: 0, compact: true, listDepth: 0, inCell: true };
  const table = measureTable(
    block.rows,
    width - at.indent,
    (blocks, cellWidth) => trimGaps(measureBlocks(context, blocks, cellWidth, cellPlacement)),
    (blocks) => contentWidths(context, blocks),
  );
  const height = table.rows.reduce((sum, row) => sum + Math.max(0, ...row.map((cell) => cell.pieces.reduce((total, piece) => total + piece.height, 0))), 0);
  return [{ kind: 'table', table, indent: at.indent, height }, gap(6)];
}

/** The blocks measured into pieces for a column `width` points wide. */
export function measureBlocks(context: LayoutContext, blocks: readonly Block[], width: number, at: Placement = TOP_LEVEL): Piece[] {
  return blocks.flatMap((block): Piece[] => {
    switch (block.kind) {
      case 'paragraph':
        return paragraphPieces(context, block, width, at);
      case 'list':
        return listPieces(context, block, width, at);
      case 'table':
        return tablePieces(context, block, width, at);
      case 'image':
        return imagePieces(context, block, width, at);
      case 'pageBreak':
        return at.inCell ? [] : [{ kind: 'pageBreak', height: 0 }];
    }
  });
}
