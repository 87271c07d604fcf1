import PDFDocument from 'pdfkit';
import { PLAIN, type InlineRun } from '../documents/docx/document-blocks';
import { breakLines, drawLine, type Line } from '../documents/docx/layout/inline-lines';
import { checkMark, type PrintChoice, type PrintItem } from './print-items';

/** The header (name, page number) is stamped into the top margin after the documents are appended. */
export const FORM_MARGINS = { top: 72, bottom: 54, left: 54, right: 54 } as const;

/** The language of the form's own words; an answer in another language is tagged by nothing finer. */
export const FORM_LANGUAGE = 'en-US';

interface Style {
  bold: boolean;
  size: number;
  before: number;
  after: number;
  color: string;
}

const LABEL_COLOR = '#333333';
const TEXT_COLOR = '#000000';

const STYLE: Record<'page' | 'section' | 'intro' | 'block' | 'label' | 'value', Style> = {
  page: { bold: true, size: 16, before: 0, after: 8, color: TEXT_COLOR },
  section: { bold: true, size: 12.5, before: 10, after: 3, color: TEXT_COLOR },
  intro: { bold: false, size: 9.5, before: 0, after: 4, color: LABEL_COLOR },
  block: { bold: true, size: 11, before: 6, after: 2, color: TEXT_COLOR },
  label: { bold: true, size: 9, before: 4, after: 1, color: LABEL_COLOR },
  value: { bold: false, size: 10.5, before: 0, after: 2, color: TEXT_COLOR },
};

/** Space kept under a heading or a label so neither ends a page alone. */
const KEEP_WITH_NEXT = 36;
/** Between two options of a radio group printed on one line. */
const INLINE_CHOICE_GAP = 18;
/** Between an option's mark and its label, as a fraction of the size: a word space. */
const MARK_GAP = 0.3;

/** Each line of the text as typed (line breaks kept), in the face chain's plain style. */
const runsOf = (text: string): InlineRun[] =>
  text.split(/\r\n|\r|\n/).flatMap((line, index): InlineRun[] => [...(index > 0 ? [{ kind: 'break' as const }] : []), { kind: 'text', text: line || ' ', style: PLAIN }]);

export interface DrawFormOptions {
  /** pdfkit's stream compression; tests may turn it off to read the content streams. */
  compress: boolean;
}

/**
 * The application's form part as a tagged PDF: the print items laid out top to bottom on Letter
 * pages, each form page starting a new sheet. Text is set in the font chain (backend/fonts), so
 * every script prints as typed. The structure tree reads: the form page's title (H1), each
 * section (H2) with its introduction, each repeated block (H3), then each question as a Div of
 * its label and its answer, options as a list with their marks as labels. Pure: items in, bytes out.
 */
export function drawForm(items: readonly PrintItem[], options: DrawFormOptions): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: FORM_MARGINS,
    compress: options.compress,
    autoFirstPage: false,
    tagged: true,
    lang: FORM_LANGUAGE,
    displayTitle: true,
    info: { Title: 'Graduate application', Producer: 'gradapp application PDF', Creator: 'gradapp' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = FORM_MARGINS.left;
  const width = 612 - FORM_MARGINS.left - FORM_MARGINS.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const ensureSpace = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  const layout = (text: string, style: Style, lineWidth = width): Line[] => breakLines(doc, runsOf(text), lineWidth, { size: style.size, bold: style.bold, italic: false });
  const drawLines = (lines: readonly Line[], style: Style, x: number = left) => {
    for (const line of lines) {
      ensureSpace(line.height);
      drawLine(doc, line, x, doc.y, style.color);
      doc.y += line.height;
    }
  };
  const height = (lines: readonly Line[]) => lines.reduce((sum, line) => sum + line.height, 0);

  /** Space before the text, and room for its first lines and `keep` more, else a new page. */
  const startBlock = (lines: readonly Line[], style: Style, keep: number) => {
    ensureSpace(style.before + Math.min(height(lines), 3 * style.size * 1.3) + keep);
    doc.y += style.before;
  };

  const root = doc.struct('Document');
  doc.addStructure(root);
  /** One structure element of the given type holding the text. */
  const tagged = (parent: PDFKit.PDFStructureElement, type: string, text: string, style: Style, keep = 0) => {
    const lines = layout(text, style);
    startBlock(lines, style, keep);
    parent.add(doc.struct(type, {}, () => drawLines(lines, style)));
    doc.y += style.after;
  };

  /**
   * The options of a radio or check group: a list whose items are the mark ('[X]') and the
   * option's label, one per line in columns, else side by side while they fit.
   */
  function choiceList(parent: PDFKit.PDFStructureElement, choices: readonly PrintChoice[], columns: boolean): void {
    const style = STYLE.value;
    const list = doc.struct('L');
    parent.add(list);
    let x = 0;
    let rowHeight = 0;
    choices.forEach((choice, index) => {
      const markLine = layout(checkMark(choice), style)[0]!;
      const indent = markLine.width + MARK_GAP * style.size;
      const labelLines = layout(choice.label, style, width - indent);
      const choiceWidth = indent + Math.max(...labelLines.map((line) => line.width));
      if (index === 0) startBlock(labelLines, style, 0);
      else if (columns || labelLines.length > 1 || x + INLINE_CHOICE_GAP + choiceWidth > width) {
        doc.y += rowHeight;
        x = 0;
        rowHeight = 0;
      } else x += INLINE_CHOICE_GAP;
      if (x === 0) ensureSpace(markLine.height);
      const top = doc.y;
      const item = doc.struct('LI');
      list.add(item);
      item.add(doc.struct('Lbl', {}, () => drawLine(doc, markLine, left + x, top, style.color)));
      item.add(doc.struct('LBody', {}, () => drawLines(labelLines, style, left + x + indent)));
      item.end();
      // A label of one line leaves the row open for the next option; a longer one has ended it.
      rowHeight = labelLines.length === 1 ? Math.max(rowHeight, doc.y - top) : 0;
      if (labelLines.length === 1) doc.y = top;
      x += choiceWidth;
    });
    list.end();
    doc.y += rowHeight + style.after;
  }

  /** A question: its label, then its answer, one Div in reading order. */
  function question(label: string, answer: (div: PDFKit.PDFStructureElement) => void): void {
    const div = doc.struct('Div');
    root.add(div);
    tagged(div, 'P', label, STYLE.label, STYLE.value.size * 1.3);
    answer(div);
    div.end();
  }

  doc.addPage();
  items.forEach((item, index) => {
    switch (item.kind) {
      case 'page':
        if (index > 0) doc.addPage();
        tagged(root, 'H1', item.title, STYLE.page, KEEP_WITH_NEXT);
        break;
      case 'section':
        tagged(root, 'H2', item.title, STYLE.section, KEEP_WITH_NEXT);
        if (item.intro) tagged(root, 'P', item.intro, STYLE.intro);
        break;
      case 'block':
        tagged(root, 'H3', item.title, STYLE.block, KEEP_WITH_NEXT);
        break;
      case 'field':
      case 'upload':
        question(item.label, (div) => tagged(div, 'P', item.value, STYLE.value));
        break;
      case 'choices':
        question(item.label, (div) => choiceList(div, item.choices, item.columns));
        break;
      case 'check': {
        const div = doc.struct('Div');
        root.add(div);
        choiceList(div, [item.choice], true);
        div.end();
        break;
      }
    }
  });
  root.end();
  doc.end();
  return done;
}
