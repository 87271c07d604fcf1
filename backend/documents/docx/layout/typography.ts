import type { ParagraphRole } from '../document-blocks';

/** PDF's standard fonts: nothing to embed, and every reader has them. */
export const FONTS = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  italic: 'Helvetica-Oblique',
  boldItalic: 'Helvetica-BoldOblique',
} as const;

export function fontName(bold: boolean, italic: boolean): string {
  if (bold) return italic ? FONTS.boldItalic : FONTS.bold;
  return italic ? FONTS.italic : FONTS.regular;
}

/** Helvetica's ascender and descender (AFM, all four faces), as fractions of the font size. */
export const FONT_ASCENDER = 0.718;
const FONT_DESCENDER = 0.207;
export const LINE_HEIGHT = 1.3;
/** From the top of a line box to its baseline, with the leading split above and below the glyphs. */
export const LINE_ASCENT = (LINE_HEIGHT - FONT_ASCENDER - FONT_DESCENDER) / 2 + FONT_ASCENDER;

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
