import { drawText } from '../../../fonts/draw-text';
import { drawImage } from '../../images/open-image';
import { drawLine } from './inline-lines';
import type { PageFlow } from './page-flow';
import type { Piece } from './pieces';
import { firstRowHeight, placeTable } from './table-layout';
import { TEXT_COLOR } from './typography';

/** Draws a line (with its list marker) or an image with its column's left edge at `x`. */
function drawPiece(doc: PDFKit.PDFDocument, piece: Piece, x: number, y: number): void {
  if (piece.kind === 'line') {
    drawLine(doc, piece.line, x + piece.indent, y);
    const marker = piece.marker;
    if (marker) {
      doc.fillColor(TEXT_COLOR);
      drawText(doc, { text: marker.text, face: marker.face, size: marker.size, rightToLeft: false }, x + marker.x, y + piece.line.ascent);
    }
  } else if (piece.kind === 'image') {
    drawImage(doc, piece.image, x + piece.indent, y, piece.width, piece.height);
  }
}

/** Pieces one under the other from `y`, with no page breaks: a table cell's share of a page. */
function drawStack(doc: PDFKit.PDFDocument, pieces: readonly Piece[], x: number, y: number): void {
  let top = y;
  for (const piece of pieces) {
    drawPiece(doc, piece, x, top);
    top += piece.height;
  }
}

/** Most of what follows a heading that is kept on its page: beyond this it may as well move alone. */
const HEADING_KEEP_LIMIT = 120;

/** How much must fit with a heading's last line so that it does not end a page alone. */
function keptHeight(pieces: readonly Piece[], index: number): number {
  let height = pieces[index]!.height;
  for (let next = index + 1; next < pieces.length; next += 1) {
    const piece = pieces[next]!;
    if (piece.kind === 'gap') {
      height += piece.height;
      continue;
    }
    if (piece.kind === 'line' || piece.kind === 'image') return height + piece.height;
    // A heading stays with its table's first row, unless that row is a page on its own.
    if (piece.kind === 'table') return height + Math.min(firstRowHeight(piece.table), HEADING_KEEP_LIMIT);
    return height;
  }
  return height;
}

/** Lays pieces down the pages from the flow's cursor, adding pages as they fill. */
export function placePieces(flow: PageFlow, pieces: readonly Piece[], left: number): void {
  pieces.forEach((piece, index) => {
    switch (piece.kind) {
      case 'gap':
        // Space at the top of a page is not wanted; space past the bottom is the page break.
        if (!flow.atPageTop) flow.y += Math.min(piece.height, Math.max(0, flow.remaining));
        return;
      case 'pageBreak':
        if (!flow.atPageTop) flow.newPage();
        return;
      case 'table':
        placeTable(flow, piece.table, left + piece.indent, (cellPieces, x, y) => drawStack(flow.doc, cellPieces, x, y));
        return;
      default:
        flow.ensure(piece.kind === 'line' && piece.keepWithNext ? keptHeight(pieces, index) : piece.height);
        drawPiece(flow.doc, piece, left, flow.y);
        flow.y += piece.height;
    }
  });
}
