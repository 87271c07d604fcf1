import type { HtmlElement, HtmlNode } from './html/html-tree';

export interface InlineStyle {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strike: boolean;
  script: 'normal' | 'super' | 'sub';
  /** An external link (http, https, mailto); links inside the document are only styled. */
  link?: string;
}

export type InlineRun = { kind: 'text'; text: string; style: InlineStyle } | { kind: 'break' };

export type ParagraphRole = 'p' | 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

export interface TableCell {
  blocks: Block[];
  colspan: number;
  rowspan: number;
  header: boolean;
}

export type Block =
  | { kind: 'paragraph'; role: ParagraphRole; runs: InlineRun[] }
  | { kind: 'list'; ordered: boolean; items: Block[][] }
  | { kind: 'table'; rows: TableCell[][] }
  | { kind: 'image'; src: string; alt: string }
  | { kind: 'pageBreak' };

export const PLAIN: InlineStyle = { bold: false, italic: false, underline: false, strike: false, script: 'normal' };

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const INLINE_ELEMENTS = new Set(['strong', 'b', 'em', 'i', 'u', 's', 'del', 'strike', 'sup', 'sub', 'a', 'span', 'br', 'code', 'small', 'mark']);
const EXTERNAL_LINK = /^(https?:|mailto:)/i;

function styleOf(element: HtmlElement, style: InlineStyle): InlineStyle {
  switch (element.name) {
    case 'strong':
    case 'b':
      return { ...style, bold: true };
    case 'em':
    case 'i':
      return { ...style, italic: true };
    case 'u':
      return { ...style, underline: true };
    case 's':
    case 'del':
    case 'strike':
      return { ...style, strike: true };
    case 'sup':
      return { ...style, script: 'super' };
    case 'sub':
      return { ...style, script: 'sub' };
    case 'a': {
      const href = element.attributes.href ?? '';
      return EXTERNAL_LINK.test(href) ? { ...style, underline: true, link: href } : style;
    }
    default:
      return style;
  }
}

function positive(value: string | undefined): number {
  const number = Number.parseInt(value ?? '1', 10);
  return Number.isFinite(number) && number > 0 ? Math.min(number, 100) : 1;
}

/**
 * Turns mammoth's element tree into the blocks the layout knows. Inline content met at block level
 * (a list item's text) becomes a paragraph; an image or page break inside a paragraph splits it,
 * because both are laid out as blocks of their own.
 */
class BlockCollector {
  readonly blocks: Block[] = [];
  private runs: InlineRun[] = [];
  private role: ParagraphRole = 'p';

  addBlocks(nodes: readonly HtmlNode[]): this {
    for (const node of nodes) this.addBlock(node);
    this.flush();
    return this;
  }

  private addBlock(node: HtmlNode): void {
    if (node.type === 'text' || INLINE_ELEMENTS.has(node.name)) {
      this.addInline(node, PLAIN);
      return;
    }
    const name = node.name;
    if (name === 'p' || HEADINGS.has(name)) {
      this.flush();
      this.role = name as ParagraphRole;
      const before = this.blocks.length;
      for (const child of node.children) this.addInline(child, PLAIN);
      this.flush();
      // An empty paragraph is a blank line in Word, and stays one.
      if (this.blocks.length === before) this.blocks.push({ kind: 'paragraph', role: this.role, runs: [] });
      this.role = 'p';
    } else if (name === 'ul' || name === 'ol') {
      this.flush();
      const items = node.children.filter((child): child is HtmlElement => child.type === 'element' && child.name === 'li');
      this.blocks.push({ kind: 'list', ordered: name === 'ol', items: items.map((item) => new BlockCollector().addBlocks(item.children).blocks) });
    } else if (name === 'table') {
      this.flush();
      this.blocks.push({ kind: 'table', rows: tableRows(node, false) });
    } else if (name === 'img' || name === 'hr') {
      this.addInline(node, PLAIN);
    } else {
      for (const child of node.children) this.addBlock(child);
    }
  }

  private addInline(node: HtmlNode, style: InlineStyle): void {
    if (node.type === 'text') {
      const lines = node.text.split('\n');
      lines.forEach((text, i) => {
        if (i > 0) this.runs.push({ kind: 'break' });
        if (text) this.runs.push({ kind: 'text', text, style });
      });
      return;
    }
    if (node.name === 'br') {
      this.runs.push({ kind: 'break' });
    } else if (node.name === 'img') {
      this.flush();
      this.blocks.push({ kind: 'image', src: node.attributes.src ?? '', alt: node.attributes.alt ?? '' });
    } else if (node.name === 'hr') {
      this.flush();
      this.blocks.push({ kind: 'pageBreak' });
    } else {
      const inner = styleOf(node, style);
      for (const child of node.children) this.addInline(child, inner);
    }
  }

  /** Ends the paragraph being collected; one with nothing but spaces is dropped. */
  private flush(): void {
    const role = this.role;
    const runs = this.runs;
    this.runs = [];
    const hasContent = runs.some((run) => run.kind === 'break' || run.text.trim() !== '');
    if (hasContent) this.blocks.push({ kind: 'paragraph', role, runs });
  }
}

function tableRows(table: HtmlElement, inHead: boolean): TableCell[][] {
  const rows: TableCell[][] = [];
  for (const child of table.children) {
    if (child.type !== 'element') continue;
    if (child.name === 'tr') {
      const cells = child.children.filter((cell): cell is HtmlElement => cell.type === 'element' && (cell.name === 'td' || cell.name === 'th'));
      rows.push(
        cells.map((cell) => ({
          blocks: new BlockCollector().addBlocks(cell.children).blocks,
          colspan: positive(cell.attributes.colspan),
          rowspan: positive(cell.attributes.rowspan),
          header: inHead || cell.name === 'th',
        })),
      );
    } else if (child.name === 'thead' || child.name === 'tbody' || child.name === 'tfoot') {
      rows.push(...tableRows(child, child.name === 'thead'));
    }
  }
  return rows.filter((row) => row.length > 0);
}

export function documentBlocks(nodes: readonly HtmlNode[]): Block[] {
  return new BlockCollector().addBlocks(nodes).blocks;
}
