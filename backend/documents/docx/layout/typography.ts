import type { FaceStyle } from '../../../fonts/font-faces';
import type { ParagraphRole } from '../document-blocks';

/** The face of the font chain (backend/fonts) for a run's emphasis. */
export function faceStyle(bold: boolean, italic: boolean): FaceStyle {
  if (bold) return italic ? 'boldItalic' : 'bold';
  return italic ? 'italic' : 'regular';
}

/**
 * The ascender and descender a line box is made around, as fractions of the font size: those of
 * a Latin text face (Helvetica's AFM, close to Noto Sans' cap height and descender), so that lines
 * keep the same rhythm whichever face of the chain draws them.
 */
const LINE_BOX_ASCENDER = 0.718;
const LINE_BOX_DESCENDER = 0.207;
export const LINE_HEIGHT = 1.3;
/** From the top of a line box to its baseline, with the leading split above and below the glyphs. */
export const LINE_ASCENT = (LINE_HEIGHT - LINE_BOX_ASCENDER - LINE_BOX_DESCENDER) / 2 + LINE_BOX_ASCENDER;

/** One inch, Word's default page margin. */
export const PAGE_MARGIN = 72;
export const TEXT_COLOR = '#000000';
export const LINK_COLOR = '#1a4f9c';
export const BORDER_COLOR = '#444444';
export const HEADER_FILL = '#e8e8e8';

export interface ParagraphStyle {
  size: number;
  bold: boolean;
  italic: boolean;
  spaceBefore: number;
  spaceAfter: number;
}

export const PARAGRAPH_STYLES: Record<ParagraphRole, ParagraphStyle> = {
  p: { size: 11, bold: false, italic: false, spaceBefore: 0, spaceAfter: 6 },
  h1: { size: 20, bold: true, italic: false, spaceBefore: 12, spaceAfter: 8 },
  h2: { size: 16, bold: true, italic: false, spaceBefore: 10, spaceAfter: 6 },
  h3: { size: 13.5, bold: true, italic: false, spaceBefore: 8, spaceAfter: 4 },
  h4: { size: 12, bold: true, italic: false, spaceBefore: 8, spaceAfter: 4 },
  h5: { size: 11, bold: true, italic: false, spaceBefore: 6, spaceAfter: 3 },
  h6: { size: 11, bold: true, italic: true, spaceBefore: 6, spaceAfter: 3 },
};
/** Paragraphs inside list items and table cells sit closer together. */
export const COMPACT_SPACE_AFTER = 2;
export const LIST_INDENT = 20;
export const CELL_PADDING_X = 4;
export const CELL_PADDING_Y = 3;
export const BORDER_WIDTH = 0.5;
/** CSS pixels per point: images carry no size in mammoth's HTML, so a pixel is drawn at 96 dpi. */
export const POINTS_PER_PIXEL = 0.75;
