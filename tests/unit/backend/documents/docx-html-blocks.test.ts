import { describe, expect, it } from 'vitest';
import { documentBlocks, PLAIN } from '../../../../backend/documents/docx/document-blocks';
import { parseHtml } from '../../../../backend/documents/docx/html/html-tree';
import { tokenizeHtml } from '../../../../backend/documents/docx/html/tokenize-html';
import { listMarker } from '../../../../backend/documents/docx/layout/list-markers';
import { drawableText } from '../../../../backend/fonts/drawable-text';

const blocksOf = (html: string) => documentBlocks(parseHtml(html));

describe('tokenizeHtml', () => {
  it('reads tags, attributes and text with entities decoded', () => {
    expect(tokenizeHtml('<p class="x">a &amp; b &lt;c&gt; &#233;&#x20AC;</p><br /><img alt=\'q\' src="s" />')).toEqual([
      { kind: 'open', name: 'p', attributes: { class: 'x' }, selfClosing: false },
      { kind: 'text', text: 'a & b <c> é€' },
      { kind: 'close', name: 'p' },
      { kind: 'open', name: 'br', attributes: {}, selfClosing: true },
      { kind: 'open', name: 'img', attributes: { alt: 'q', src: 's' }, selfClosing: true },
    ]);
  });

  it('keeps a stray "<" as text and skips comments', () => {
    expect(tokenizeHtml('1 < 2<!-- note -->!')).toEqual([{ kind: 'text', text: '1 < 2!' }]);
  });
});

describe('documentBlocks', () => {
  it('turns headings and paragraphs into runs with their emphasis', () => {
    expect(blocksOf('<h2>Title</h2><p>a <strong>b <em>c</em></strong></p>')).toEqual([
      { kind: 'paragraph', role: 'h2', runs: [{ kind: 'text', text: 'Title', style: PLAIN }] },
      {
        kind: 'paragraph',
        role: 'p',
        runs: [
          { kind: 'text', text: 'a ', style: PLAIN },
          { kind: 'text', text: 'b ', style: { ...PLAIN, bold: true } },
          { kind: 'text', text: 'c', style: { ...PLAIN, bold: true, italic: true } },
        ],
      },
    ]);
  });

  it('splits a paragraph at an image and at a page break', () => {
    const kinds = blocksOf('<p>before<img src="docx-image:0" alt="x" />middle<hr />after</p>').map((block) => block.kind);
    expect(kinds).toEqual(['paragraph', 'image', 'paragraph', 'pageBreak', 'paragraph']);
  });

  it('keeps nested lists inside their item, and links only when external', () => {
    const [list] = blocksOf('<ol><li>one<ul><li>inner</li></ul></li><li><a href="https://example.edu">site</a> <a href="#footnote-1">[1]</a></li></ol>');
    expect(list).toMatchObject({ kind: 'list', ordered: true });
    const items = list!.kind === 'list' ? list!.items : [];
    expect(items[0]!.map((block) => block.kind)).toEqual(['paragraph', 'list']);
    expect(items[1]![0]).toMatchObject({ runs: [{ style: { link: 'https://example.edu', underline: true } }, { text: ' ' }, { text: '[1]', style: PLAIN }] });
  });

  it('reads table rows from thead and tbody with spans', () => {
    const [table] = blocksOf('<table><thead><tr><th colspan="2"><p>H</p></th></tr></thead><tbody><tr><td rowspan="2"><p>a</p></td><td>b</td></tr></tbody></table>');
    expect(table).toMatchObject({
      kind: 'table',
      rows: [[{ colspan: 2, rowspan: 1, header: true }], [{ colspan: 1, rowspan: 2, header: false }, { colspan: 1, header: false }]],
    });
  });
});

describe('layout helpers', () => {
  it('numbers list items as Word does by default, level by level', () => {
    expect([0, 1, 2].map((depth) => listMarker(true, 3, depth))).toEqual(['4.', 'd.', 'iv.']);
    expect(listMarker(true, 27, 1)).toBe('ab.');
    expect(listMarker(false, 0, 0)).toBe('\u2022');
  });

  it('keeps every character as typed, joiners too; a tab is a space, control characters and soft hyphens go', () => {
    expect(drawableText('Café “quoted” – €5\u00ad')).toBe('Café “quoted” – €5');
    expect(drawableText('a\u2011b \u2192 \u4e2d \u{20bb7}')).toBe('a\u2011b \u2192 \u4e2d \u{20bb7}');
    expect(drawableText('tab\there\u0007\u200d\u0085')).toBe('tab here\u200d');
  });
});
