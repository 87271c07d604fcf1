import PDFDocument from 'pdfkit';
import { toWinAnsi } from '../documents/docx/layout/win-ansi';
import { FONTS } from '../documents/docx/layout/typography';
import { markOf, type PrintChoice, type PrintItem } from './print-items';

/** The header (name, page number) is stamped into the top margin after the documents are appended. */
export const FORM_MARGINS = { top: 72, bottom: 54, left: 54, right: 54 } as const;

interface Style {
  font: string;
  size: number;
  before: number;
  after: number;
}

const STYLE: Record<'page' | 'section' | 'intro' | 'block' | 'label' | 'value', Style> = {
  page: { font: FONTS.bold, size: 16, before: 0, after: 8 },
  section: { font: FONTS.bold, size: 12.5, before: 10, after: 3 },
  intro: { font: FONTS.regular, size: 9.5, before: 0, after: 4 },
  block: { font: FONTS.bold, size: 11, before: 6, after: 2 },
  label: { font: FONTS.bold, size: 9, before: 4, after: 1 },
  value: { font: FONTS.regular, size: 10.5, before: 0, after: 2 },
};

const LABEL_COLOR = '#333333';
const TEXT_COLOR = '#000000';
/** Space kept under a heading or a label so neither ends a page alone. */
const KEEP_WITH_NEXT = 36;

/** Line breaks survive; everything else the standard fonts cannot draw becomes a look-alike or '?'. */
const printable = (text: string) => text.split(/\r\n|\r|\n/).map(toWinAnsi).join('\n');

export interface DrawFormOptions {
  /** pdfkit's stream compression; tests may turn it off to read the content streams. */
  compress: boolean;
}

/**
 * The application's form part as a PDF: the print items laid out top to bottom on Letter pages,
 * each form page starting a new sheet. Pure: items in, bytes out.
 */
export function drawForm(items: readonly PrintItem[], options: DrawFormOptions): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: FORM_MARGINS,
    compress: options.compress,
    autoFirstPage: false,
    info: { Title: 'Graduate application', Producer: 'gradapp application PDF', Creator: 'gradapp' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = 612 - FORM_MARGINS.left - FORM_MARGINS.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  function ensureSpace(height: number): void {
    if (doc.y + height > bottom()) doc.addPage();
  }

  function write(text: string, style: Style, color = TEXT_COLOR, keep = 0): void {
    doc.font(style.font).fontSize(style.size).fillColor(color);
    const body = printable(text);
    ensureSpace(style.before + Math.min(doc.heightOfString(body || ' ', { width }), 3 * style.size * 1.2) + keep);
    doc.y += style.before;
    doc.text(body || ' ', FORM_MARGINS.left, doc.y, { width });
    doc.y += style.after;
  }

  const choicesText = (choices: readonly PrintChoice[], columns: boolean) => choices.map(markOf).join(columns ? '\n' : '     ');

  doc.addPage();
  items.forEach((item, index) => {
    switch (item.kind) {
      case 'page':
        if (index > 0) doc.addPage();
        write(item.title, STYLE.page, TEXT_COLOR, KEEP_WITH_NEXT);
        break;
      case 'section':
        write(item.title, STYLE.section, TEXT_COLOR, KEEP_WITH_NEXT);
        if (item.intro) write(item.intro, STYLE.intro, LABEL_COLOR);
        break;
      case 'block':
        write(item.title, STYLE.block, TEXT_COLOR, KEEP_WITH_NEXT);
        break;
      case 'field':
      case 'upload':
        write(item.label, STYLE.label, LABEL_COLOR, STYLE.value.size * 1.3);
        write(item.value, STYLE.value);
        break;
      case 'choices':
        write(item.label, STYLE.label, LABEL_COLOR, STYLE.value.size * 1.3);
        write(choicesText(item.choices, item.columns), STYLE.value);
        break;
      case 'check':
        write(markOf(item.choice), { ...STYLE.value, before: STYLE.label.before });
        break;
    }
  });
  doc.end();
  return done;
}
