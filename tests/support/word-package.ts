// Word packages with the parts the built-in converter drops and LibreOffice keeps (headers and
// footers, footnotes, colours, shading, text boxes, numbering, links to outside files), written here
// as OOXML so each test says what its document holds. Sizes are twentieths of a point (twips).
import { escapeXml, packZipEntry, writeZip } from '../../scripts/support/documents';

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NAMESPACES = [
  `xmlns:w="${W}"`,
  `xmlns:r="${R}"`,
  'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"',
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"',
  'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"',
  'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"',
  'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"',
].join(' ');
const TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml';
const RELATIONSHIP = `${R}/`;

/** Letter paper with one-inch margins: text runs from x = 72 pt to 540 pt. */
export const PAGE = { widthPt: 612, heightPt: 792, marginPt: 72 } as const;

export interface RunFormat {
  bold?: boolean;
  /** RRGGBB */
  color?: string;
  /** Word's highlight colour names: yellow, green, cyan, ... */
  highlight?: string;
  /** Points. */
  size?: number;
}

export const word = {
  run(text: string, format: RunFormat = {}): string {
    const properties = [
      format.bold ? '<w:b/>' : '',
      format.color ? `<w:color w:val="${format.color}"/>` : '',
      format.size ? `<w:sz w:val="${format.size * 2}"/>` : '',
      format.highlight ? `<w:highlight w:val="${format.highlight}"/>` : '',
    ].join('');
    return `<w:r>${properties ? `<w:rPr>${properties}</w:rPr>` : ''}<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`;
  },
  paragraph(content: string, properties = ''): string {
    return `<w:p>${properties ? `<w:pPr>${properties}</w:pPr>` : ''}${content}</w:p>`;
  },
  aligned(alignment: 'left' | 'center' | 'right' | 'both', text: string): string {
    return word.paragraph(word.run(text), `<w:jc w:val="${alignment}"/>`);
  },
  numbered(text: string): string {
    return word.paragraph(word.run(text), '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr>');
  },
  /** Text anchoring comment `id` (0 and up) of the package's comments, as Word marks it. */
  commented(text: string, id: number): string {
    return `<w:commentRangeStart w:id="${id}"/>${word.run(text)}<w:commentRangeEnd w:id="${id}"/><w:r><w:commentReference w:id="${id}"/></w:r>`;
  },
  pageBreak(): string {
    return '<w:p><w:r><w:br w:type="page"/></w:r></w:p>';
  },
  /** A reference to footnote `id` (1 and up) of the package's footnotes. */
  footnoteReference(id: number): string {
    return `<w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteReference w:id="${id}"/></w:r>`;
  },
  /** A table of one row whose cells are shaded with the fill colours given (RRGGBB). */
  shadedRow(cells: readonly { text: string; fill: string }[]): string {
    const cell = ({ text, fill }: { text: string; fill: string }) =>
      `<w:tc><w:tcPr><w:tcW w:w="3000" w:type="dxa"/><w:shd w:val="clear" w:color="auto" w:fill="${fill}"/></w:tcPr>${word.paragraph(word.run(text))}</w:tc>`;
    const borders = ['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map((side) => `<w:${side} w:val="single" w:sz="4" w:color="000000"/>`).join('');
    return `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/><w:tblBorders>${borders}</w:tblBorders></w:tblPr><w:tr>${cells.map(cell).join('')}</w:tr></w:tbl>`;
  },
  /** A floating text box (a DrawingML shape with text), at a fixed place on the page. */
  textBox(text: string, x = { leftPt: 300, topPt: 400 }): string {
    const emu = (pt: number) => Math.round(pt * 12_700);
    return (
      '<w:p><w:r><w:drawing>' +
      `<wp:anchor distT="0" distB="0" distL="0" distR="0" simplePos="0" relativeHeight="1" behindDoc="0" locked="0" layoutInCell="1" allowOverlap="1">` +
      '<wp:simplePos x="0" y="0"/>' +
      `<wp:positionH relativeFrom="page"><wp:posOffset>${emu(x.leftPt)}</wp:posOffset></wp:positionH>` +
      `<wp:positionV relativeFrom="page"><wp:posOffset>${emu(x.topPt)}</wp:posOffset></wp:positionV>` +
      `<wp:extent cx="${emu(200)}" cy="${emu(60)}"/><wp:effectExtent l="0" t="0" r="0" b="0"/><wp:wrapNone/>` +
      '<wp:docPr id="10" name="Text Box 1"/>' +
      '<a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp><wps:cNvSpPr txBox="1"/>' +
      `<wps:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${emu(200)}" cy="${emu(60)}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom>` +
      '<a:noFill/><a:ln w="12700"><a:solidFill><a:srgbClr val="000000"/></a:solidFill></a:ln></wps:spPr>' +
      `<wps:txbx><w:txbxContent>${word.paragraph(word.run(text))}</w:txbxContent></wps:txbx>` +
      '<wps:bodyPr rot="0" vert="horz" wrap="square" lIns="91440" tIns="45720" rIns="91440" bIns="45720" anchor="t"/>' +
      '</wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></w:r></w:p>'
    );
  },
  /** A picture that is not in the package: Word and LibreOffice fetch it from `url` when they open the document. */
  linkedPicture(relationshipId: string): string {
    const size = 'cx="914400" cy="914400"';
    return (
      `<w:p><w:r><w:drawing><wp:inline><wp:extent ${size}/><wp:docPr id="20" name="Linked picture"/>` +
      '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic>' +
      '<pic:nvPicPr><pic:cNvPr id="0" name="linked.png"/><pic:cNvPicPr/></pic:nvPicPr>' +
      `<pic:blipFill><a:blip r:link="${relationshipId}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
      `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext ${size}/></a:xfrm><a:prstGeom prst="rect"/></pic:spPr>` +
      '</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>'
    );
  },
};

export interface WordPackage {
  body: string;
  /** The text of the default header and footer, on every page. */
  header?: string;
  footer?: string;
  /** Footnotes 1, 2, ... in order. */
  footnotes?: readonly string[];
  /** Comments 0, 1, ... in order (word/comments.xml), anchored with word.commented. */
  comments?: readonly string[];
  /** Relationships of the document to outside URLs (TargetMode External), by id. */
  externalLinks?: Readonly<Record<string, string>>;
}

const part = (root: string, content: string) => `${XML}<w:${root} ${NAMESPACES}>${content}</w:${root}>`;

function footnotesXml(footnotes: readonly string[]): string {
  // Word's separators, ids -1 and 0, come first in every footnotes part.
  const separators = '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote><w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>';
  const notes = footnotes.map((text, i) => `<w:footnote w:id="${i + 1}"><w:p><w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:footnoteRef/></w:r>${word.run(` ${text}`)}</w:p></w:footnote>`);
  return part('footnotes', separators + notes.join(''));
}

const NUMBERING = part(
  'numbering',
  '<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="720" w:hanging="360"/></w:pPr></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>',
);

/** A .docx of the parts given, on Letter paper with one-inch margins. */
export function wordPackage(spec: WordPackage): Buffer {
  const relationships: string[] = [`<Relationship Id="rIdNumbering" Type="${RELATIONSHIP}numbering" Target="numbering.xml"/>`];
  const overrides: string[] = [`<Override PartName="/word/document.xml" ContentType="${TYPE}.document.main+xml"/>`, `<Override PartName="/word/numbering.xml" ContentType="${TYPE}.numbering+xml"/>`];
  const parts = [packZipEntry('word/numbering.xml', NUMBERING)];
  let sectionReferences = '';
  for (const kind of ['header', 'footer'] as const) {
    const text = spec[kind];
    if (text === undefined) continue;
    relationships.push(`<Relationship Id="rId${kind}" Type="${RELATIONSHIP}${kind}" Target="${kind}1.xml"/>`);
    overrides.push(`<Override PartName="/word/${kind}1.xml" ContentType="${TYPE}.${kind}+xml"/>`);
    parts.push(packZipEntry(`word/${kind}1.xml`, part(kind === 'header' ? 'hdr' : 'ftr', word.paragraph(word.run(text)))));
    sectionReferences += `<w:${kind}Reference w:type="default" r:id="rId${kind}"/>`;
  }
  if (spec.footnotes) {
    relationships.push(`<Relationship Id="rIdFootnotes" Type="${RELATIONSHIP}footnotes" Target="footnotes.xml"/>`);
    overrides.push(`<Override PartName="/word/footnotes.xml" ContentType="${TYPE}.footnotes+xml"/>`);
    parts.push(packZipEntry('word/footnotes.xml', footnotesXml(spec.footnotes)));
  }
  if (spec.comments) {
    relationships.push(`<Relationship Id="rIdComments" Type="${RELATIONSHIP}comments" Target="comments.xml"/>`);
    overrides.push(`<Override PartName="/word/comments.xml" ContentType="${TYPE}.comments+xml"/>`);
    const comments = spec.comments.map((text, id) => `<w:comment w:id="${id}" w:author="Reviewer" w:initials="R">${word.paragraph(word.run(text))}</w:comment>`);
    parts.push(packZipEntry('word/comments.xml', part('comments', comments.join(''))));
  }
  for (const [id, url] of Object.entries(spec.externalLinks ?? {})) {
    relationships.push(`<Relationship Id="${id}" Type="${RELATIONSHIP}image" Target="${escapeXml(url)}" TargetMode="External"/>`);
  }
  const section = `<w:sectPr>${sectionReferences}<w:pgSz w:w="${PAGE.widthPt * 20}" w:h="${PAGE.heightPt * 20}"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="720" w:footer="720" w:gutter="0"/></w:sectPr>`;
  return writeZip([
    packZipEntry(
      '[Content_Types].xml',
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${overrides.join('')}</Types>`,
    ),
    packZipEntry('_rels/.rels', `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIP}officeDocument" Target="word/document.xml"/></Relationships>`),
    packZipEntry('word/document.xml', part('document', `<w:body>${spec.body}${section}</w:body>`)),
    packZipEntry('word/_rels/document.xml.rels', `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${relationships.join('')}</Relationships>`),
    ...parts,
  ]);
}
