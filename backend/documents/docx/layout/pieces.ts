import type { Face } from '../../../fonts/font-faces';
import type { PdfkitImage } from '../../images/open-image';
import type { Line } from './inline-lines';

/** A list's bullet or number, drawn before the first line of its item. */
export interface Marker {
  text: string;
  face: Face;
  size: number;
  /** From the column's left edge. */
  x: number;
}

export interface MeasuredCell {
  pieces: Piece[];
  /** From the table's left edge. */
  x: number;
  width: number;
  header: boolean;
}

export interface MeasuredTable {
  width: number;
  rows: MeasuredCell[][];
}

/**
 * A measured, unbreakable (or, for tables, self-breaking) slice of the document, stacked top to
 * bottom. `indent` is from the column's left edge.
 */
export type Piece =
  | { kind: 'line'; line: Line; indent: number; height: number; marker?: Marker; keepWithNext?: boolean }
  | { kind: 'image'; image: PdfkitImage; indent: number; width: number; height: number }
  | { kind: 'gap'; height: number }
  | { kind: 'pageBreak'; height: 0 }
  | { kind: 'table'; table: MeasuredTable; indent: number; height: number };
