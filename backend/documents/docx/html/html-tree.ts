import { tokenizeHtml } from './tokenize-html';

export interface HtmlElement {
  type: 'element';
  name: string;
  attributes: Record<string, string>;
  children: HtmlNode[];
}
export interface HtmlText {
  type: 'text';
  text: string;
}
export type HtmlNode = HtmlElement | HtmlText;

const VOID_ELEMENTS = new Set(['br', 'hr', 'img', 'col', 'wbr']);

/** The element tree of mammoth's HTML. A stray end tag is ignored; one closing an outer element closes the inner ones too. */
export function parseHtml(html: string): HtmlNode[] {
  const root: HtmlElement = { type: 'element', name: '#root', attributes: {}, children: [] };
  const open: HtmlElement[] = [root];
  for (const token of tokenizeHtml(html)) {
    const parent = open.at(-1)!;
    if (token.kind === 'text') {
      parent.children.push({ type: 'text', text: token.text });
    } else if (token.kind === 'open') {
      const element: HtmlElement = { type: 'element', name: token.name, attributes: token.attributes, children: [] };
      parent.children.push(element);
      if (!token.selfClosing && !VOID_ELEMENTS.has(token.name)) open.push(element);
    } else {
      const depth = open.findLastIndex((element) => element.name === token.name);
      if (depth > 0) open.length = depth;
    }
  }
  return root.children;
}
