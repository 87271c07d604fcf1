import type { Block, TableCell } from '../document-blocks';
import type { ContentWidths } from './content-widths';
import type { PageFlow } from './page-flow';
import type { MeasuredCell, MeasuredTable, Piece } from './pieces';
import { BORDER_COLOR, BORDER_WIDTH, CELL_PADDING_X, CELL_PADDING_Y, HEADER_FILL, LINE_HEIGHT, PARAGRAPH_STYLES } from './typography';

/** Narrowest column: the padding and a character or two. */
const MIN_COLUMN = 2 * CELL_PADDING_X + 12;
/** An empty row is as tall as a line of body text, as in Word. */
const MIN_ROW_CONTENT = PARAGRAPH_STYLES.p.size * LINE_HEIGHT;

interface GridCell {
  cell: TableCell;
  column: number;
}

/** Each cell's first column, skipping columns that a cell above still spans (rowspan). */
function placeOnGrid(rows: readonly TableCell[][]): { grid: GridCell[][]; columns: number } {
  const taken = rows.map(() => new Set<number>());
  let columns = 0;
  const grid = rows.map((row, r) => {
    let column = 0;
    return row.map((cell) => {
      while (taken[r]!.has(column)) column += 1;
      const placed = { cell, column };
      for (let rr = r; rr < Math.min(rows.length, r + cell.rowspan); rr += 1) {
        for (let c = column; c < column + cell.colspan; c += 1) taken[rr]!.add(c);
      }
      column += cell.colspan;
      columns = Math.max(columns, column);
      return placed;
    });
  });
  return { grid, columns };
}

/**
 * Column widths in the manner of HTML's automatic table layout: every column gets at least its
 * longest word; what is left goes to columns in proportion to how much more they want.
 */
function columnWidths(grid: readonly GridCell[][], columns: number, width: number, widthsOf: (blocks: Block[]) => ContentWidths): number[] {
  const min = Array<number>(columns).fill(MIN_COLUMN);
  const max = Array<number>(columns).fill(MIN_COLUMN);
  for (const { cell, column } of grid.flat()) {
    if (cell.colspan !== 1) continue;
    const wanted = widthsOf(cell.blocks);
    min[column] = Math.max(min[column]!, wanted.min + 2 * CELL_PADDING_X);
    max[column] = Math.max(max[column]!, wanted.max + 2 * CELL_PADDING_X, min[column]!);
  }
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const [sumMin, sumMax] = [sum(min), sum(max)];
  if (sumMax <= width) return max.map((value) => (value * width) / sumMax);
  if (sumMin <= width) return min.map((value, c) => value + ((max[c]! - value) * (width - sumMin)) / (sumMax - sumMin));
  return min.map((value) => (value * width) / sumMin);
}

/** Cells with their pieces measured to their columns' width; columns no cell covers get an empty cell, so the grid has no holes. */
export function measureTable(
  rows: readonly TableCell[][],
  width: number,
  measureCell: (blocks: Block[], width: number) => Piece[],
  widthsOf: (blocks: Block[]) => ContentWidths,
): MeasuredTable {
  const { grid, columns } = placeOnGrid(rows);
  const widths = columnWidths(grid, columns, width, widthsOf);
  const offsets = widths.map((_, c) => widths.slice(0, c).reduce((sum, value) => sum + value, 0));
  const measured = grid.map((row) => {
    const cells: MeasuredCell[] = row.map(({ cell, column }) => {
      const cellWidth = widths.slice(column, column + cell.colspan).reduce((sum, value) => sum + value, 0);
      return { pieces: measureCell(cell.blocks, cellWidth - 2 * CELL_PADDING_X), x: offsets[column]!, width: cellWidth, header: cell.header };
    });
    const covered = new Set(row.flatMap(({ cell, column }) => Array.from({ length: cell.colspan }, (_, i) => column + i)));
    for (let c = 0; c < columns; c += 1) {
      if (!covered.has(c)) cells.push({ pieces: [], x: offsets[c]!, width: widths[c]!, header: false });
    }
    return cells;
  });
  return { width, rows: measured };
}

const stackHeight = (pieces: readonly Piece[]) => pieces.reduce((sum, piece) => sum + piece.height, 0);

/** The height of the table's first row, as drawn when it fits on a page. */
export function firstRowHeight(table: MeasuredTable): number {
  const cells = table.rows[0] ?? [];
  return Math.max(MIN_ROW_CONTENT, ...cells.map((cell) => stackHeight(cell.pieces))) + 2 * CELL_PADDING_Y;
}

/** Removes and returns the pieces from the front of `queue` that fit in `room`. */
function takeFitting(queue: Piece[], room: number): Piece[] {
  let used = 0;
  let count = 0;
  while (count < queue.length && used + queue[count]!.height <= room) used += queue[count++]!.height;
  return queue.splice(0, count);
}

export type DrawPieces = (pieces: readonly Piece[], x: number, y: number) => void;

function drawSegment(flow: PageFlow, cells: readonly MeasuredCell[], contents: readonly Piece[][], left: number, height: number, draw: DrawPieces): void {
  const doc = flow.doc;
  cells.forEach((cell, i) => {
    if (cell.header) doc.save().rect(left + cell.x, flow.y, cell.width, height).fill(HEADER_FILL).restore();
    draw(contents[i]!, left + cell.x + CELL_PADDING_X, flow.y + CELL_PADDING_Y);
    doc.save().lineWidth(BORDER_WIDTH).strokeColor(BORDER_COLOR).rect(left + cell.x, flow.y, cell.width, height).stroke().restore();
  });
}

/**
 * Draws the table row by row. A row that does not fit moves to the next page whole when it fits on
 * a page; a row taller than a page is split between lines, its cells continuing on the next page.
 */
export function placeTable(flow: PageFlow, table: MeasuredTable, left: number, draw: DrawPieces): void {
  for (const cells of table.rows) {
    const queues = cells.map((cell) => [...cell.pieces]);
    const rowHeight = Math.max(MIN_ROW_CONTENT, ...queues.map(stackHeight)) + 2 * CELL_PADDING_Y;
    if (rowHeight > flow.remaining && !flow.atPageTop && rowHeight <= flow.contentHeight) flow.newPage();
    for (;;) {
      const room = flow.remaining - 2 * CELL_PADDING_Y;
      let contents = queues.map((queue) => takeFitting(queue, room));
      if (contents.every((taken) => taken.length === 0) && queues.some((queue) => queue.length > 0)) {
        if (!flow.atPageTop) {
          flow.newPage();
          continue;
        }
        // Taller than a whole page on its own; images never are, as they are measured to fit.
        contents = queues.map((queue) => queue.splice(0, 1));
      }
      const height = Math.max(MIN_ROW_CONTENT, ...contents.map(stackHeight)) + 2 * CELL_PADDING_Y;
      drawSegment(flow, cells, contents, left, height, draw);
      flow.y += height;
      if (queues.every((queue) => queue.length === 0)) break;
      flow.newPage();
    }
  }
}
