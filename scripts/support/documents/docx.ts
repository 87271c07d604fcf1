// DOCX packages: OOXML in a zip written here, sample and hostile ones.
import zlib from 'node:zlib';
import { smallPng } from './png';
import { packZipEntry, writeZip, type PackedZipEntry } from './zip';

const W_NAMESPACES = [
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"',
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"',
  'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"',
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"',
  'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"',
].join(' ');

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const CONTENT_TYPES =
  XML_DECLARATION +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Default Extension="png" ContentType="image/png"/>' +
  '<Default Extension="jpeg" ContentType="image/jpeg"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
  '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>' +
  '<Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/>' +
  '</Types>';

const PACKAGE_RELATIONSHIPS =
  XML_DECLARATION +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
  '</Relationships>';

const HEADING_STYLES = [1, 2, 3]
  .map((level) => `<w:style w:type="paragraph" w:styleId="Heading${level}"><w:name w:val="heading ${level}"/><w:basedOn w:val="Normal"/></w:style>`)
  .join('');

const STYLES =
  XML_DECLARATION +
  `<w:styles ${W_NAMESPACES}>` +
  '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>' +
  HEADING_STYLES +
  '</w:styles>';

function numberingLevels(format: 'bullet' | 'decimal'): string {
  return [0, 1]
    .map((level) => {
      const text = format === 'bullet' ? (level === 0 ? '\u2022' : 'o') : `%${level + 1}.`;
      return `<w:lvl w:ilvl="${level}"><w:start w:val="1"/><w:numFmt w:val="${format}"/><w:lvlText w:val="${text}"/></w:lvl>`;
    })
    .join('');
}

/** numId 1: bullets, numId 2: numbers; each with two levels. */
const NUMBERING =
  XML_DECLARATION +
  `<w:numbering ${W_NAMESPACES}>` +
  `<w:abstractNum w:abstractNumId="0">${numberingLevels('bullet')}</w:abstractNum>` +
  `<w:abstractNum w:abstractNumId="1">${numberingLevels('decimal')}</w:abstractNum>` +
  '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>' +
  '<w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num>' +
  '</w:numbering>';

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Building blocks of word/document.xml bodies. */
export const wordXml = {
  run(text: string, format: { bold?: boolean; italic?: boolean; underline?: boolean } = {}): string {
    const properties = [format.bold ? '<w:b/>' : '', format.italic ? '<w:i/>' : '', format.underline ? '<w:u w:val="single"/>' : ''].join('');
    return `<w:r>${properties ? `<w:rPr>${properties}</w:rPr>` : ''}<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`;
  },
  paragraph(...runs: string[]): string {
    return `<w:p>${runs.join('')}</w:p>`;
  },
  heading(level: number, text: string): string {
    return `<w:p><w:pPr><w:pStyle w:val="Heading${level}"/></w:pPr>${wordXml.run(text)}</w:p>`;
  },
  listItem(list: 'bullet' | 'number', level: number, text: string): string {
    const numId = list === 'bullet' ? 1 : 2;
    return `<w:p><w:pPr><w:numPr><w:ilvl w:val="${level}"/><w:numId w:val="${numId}"/></w:numPr></w:pPr>${wordXml.run(text)}</w:p>`;
  },
  table(rows: readonly (readonly string[])[]): string {
    const cells = (row: readonly string[]) => row.map((text) => `<w:tc><w:tcPr><w:tcW w:w="0" w:type="auto"/></w:tcPr>${wordXml.paragraph(wordXml.run(text))}</w:tc>`).join('');
    return `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/></w:tblPr>${rows.map((row) => `<w:tr>${cells(row)}</w:tr>`).join('')}</w:tbl>`;
  },
  /** An inline picture of the relationship `relationshipId`, `widthEmu` by `heightEmu`. */
  image(relationshipId: string, description: string, widthEmu = 1_828_800, heightEmu = 1_371_600): string {
    return (
      '<w:p><w:r><w:drawing><wp:inline>' +
      `<wp:extent cx="${widthEmu}" cy="${heightEmu}"/><wp:docPr id="1" name="Picture 1" descr="${escapeXml(description)}"/>` +
      '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic>' +
      '<pic:nvPicPr><pic:cNvPr id="0" name="image"/><pic:cNvPicPr/></pic:nvPicPr>' +
      `<pic:blipFill><a:blip r:embed="${relationshipId}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
      `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${widthEmu}" cy="${heightEmu}"/></a:xfrm><a:prstGeom prst="rect"/></pic:spPr>` +
      '</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>'
    );
  },
  pageBreak(): string {
    return '<w:p><w:r><w:br w:type="page"/></w:r></w:p>';
  },
};

export interface DocxImage {
  relationshipId: string;
  /** Path inside word/, e.g. media/image1.png. */
  target: string;
  bytes: Buffer;
}

function documentXml(body: string): string {
  return `${XML_DECLARATION}<w:document ${W_NAMESPACES}><w:body>${body}<w:sectPr/></w:body></w:document>`;
}

function documentRelationships(images: readonly DocxImage[]): string {
  const image = ({ relationshipId, target }: DocxImage) =>
    `<Relationship Id="${relationshipId}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="${target}"/>`;
  return (
    XML_DECLARATION +
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rIdStyles" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
    '<Relationship Id="rIdNumbering" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/>' +
    images.map(image).join('') +
    '</Relationships>'
  );
}

/** A Word package around a body of word/document.xml. */
export function buildDocx(body: string, images: readonly DocxImage[] = []): Buffer {
  return writeZip([
    packZipEntry('[Content_Types].xml', CONTENT_TYPES),
    packZipEntry('_rels/.rels', PACKAGE_RELATIONSHIPS),
    packZipEntry('word/document.xml', documentXml(body)),
    packZipEntry('word/_rels/document.xml.rels', documentRelationships(images)),
    packZipEntry('word/styles.xml', STYLES),
    packZipEntry('word/numbering.xml', NUMBERING),
    // Images are stored, as Word does: they are compressed already.
    ...images.map((image) => packZipEntry(`word/${image.target}`, image.bytes, 0)),
  ]);
}

/** Text the sample document's tests look for in the PDF. */
export const SAMPLE_DOCX_TEXT = {
  heading: 'Statement of Purpose',
  bold: 'bold words',
  italic: 'italic words',
  boldItalic: 'both at once',
  bullets: ['First bullet point', 'Second bullet point', 'Nested bullet point'],
  numbers: ['First numbered item', 'Second numbered item'],
  table: [
    ['Course', 'Grade'],
    ['Statistics', 'A-'],
    ['Linear algebra with a long course title that wraps inside its cell', 'B+'],
  ],
  imageDescription: 'A test image',
} as const;

/** A heading, emphasis, both kinds of list (nested), a table and an embedded PNG. */
export function sampleDocx(): Buffer {
  const t = SAMPLE_DOCX_TEXT;
  const body = [
    wordXml.heading(1, t.heading),
    wordXml.paragraph(
      wordXml.run('A paragraph with '),
      wordXml.run(t.bold, { bold: true }),
      wordXml.run(', '),
      wordXml.run(t.italic, { italic: true }),
      wordXml.run(', '),
      wordXml.run(t.boldItalic, { bold: true, italic: true }),
      wordXml.run(' and '),
      wordXml.run('underlined words', { underline: true }),
      wordXml.run('.'),
    ),
    wordXml.heading(2, 'Lists'),
    wordXml.listItem('bullet', 0, t.bullets[0]),
    wordXml.listItem('bullet', 0, t.bullets[1]),
    wordXml.listItem('bullet', 1, t.bullets[2]),
    wordXml.listItem('number', 0, t.numbers[0]),
    wordXml.listItem('number', 0, t.numbers[1]),
    wordXml.heading(2, 'Courses'),
    wordXml.table(t.table),
    wordXml.image('rIdImage1', t.imageDescription),
    wordXml.paragraph(wordXml.run('The end.')),
  ].join('');
  return buildDocx(body, [{ relationshipId: 'rIdImage1', target: 'media/image1.png', bytes: smallPng() }]);
}

const LOREM =
  'Graduate study asks for curiosity, persistence and a clear sense of purpose. My undergraduate research in hydrology taught me how to plan ' +
  'field work, clean messy data and explain results to people who did not collect them. I want to build on that experience with methods ' +
  'from statistics and remote sensing, and I hope to work with faculty whose projects connect water quality to land use.';

/** About ten pages: each page a heading, paragraphs, a list and a small table, then a page break. */
export function tenPageDocx(): Buffer {
  const pages = Array.from({ length: 10 }, (_, page) =>
    [
      wordXml.heading(2, `Section ${page + 1}`),
      ...Array.from({ length: 4 }, () => wordXml.paragraph(wordXml.run(LOREM), wordXml.run(' Emphasis matters.', { bold: true }))),
      ...['Field methods', 'Data analysis', 'Communication'].map((item) => wordXml.listItem('bullet', 0, item)),
      wordXml.table([
        ['Term', 'Course', 'Credits'],
        ['Fall', 'Hydrology', '3'],
        ['Spring', 'Remote sensing', '4'],
      ]),
      page < 9 ? wordXml.pageBreak() : '',
    ].join(''),
  );
  return buildDocx(wordXml.heading(1, 'Research Statement') + pages.join(''), [{ relationshipId: 'rIdImage1', target: 'media/image1.png', bytes: smallPng() }]);
}

/** Valid within the size limits but slow to convert: many thousands of short paragraphs. */
export function heavyDocx(paragraphs = 60_000): Buffer {
  return buildDocx(Array.from({ length: paragraphs }, (_, i) => wordXml.paragraph(wordXml.run(`Line ${i} of a long document.`))).join(''));
}

/** A text file with a .docx name: not a zip at all. */
export function textFileAsDocx(): Buffer {
  return Buffer.from('This is a plain text file that someone renamed to essay.docx.\n', 'utf8');
}

/** A zip that is not a Word document: no word/document.xml. */
export function zipWithoutDocument(): Buffer {
  return writeZip([packZipEntry('[Content_Types].xml', CONTENT_TYPES), packZipEntry('notes.txt', 'Not a Word document.')]);
}

/**
 * A Word package whose word/document.xml inflates to `uncompressedBytes` (default 200 MB) of
 * spaces from a few hundred KB. The deflate stream is one compressed megabyte repeated: each
 * copy ends on a byte boundary (sync flush) and refers only to data inside itself, so the copies
 * concatenate into one valid stream without ever holding 200 MB here. `understate` writes a small
 * size into the zip headers, as an attacker would to get past a check of the directory alone.
 */
export function zipBombDocx(uncompressedBytes = 200 * 1024 * 1024, understate = false): Buffer {
  const chunkSize = 1024 * 1024;
  const head = Buffer.from(`${XML_DECLARATION}<w:document ${W_NAMESPACES}><w:body><w:p><w:r><w:t xml:space="preserve">`, 'utf8');
  const tail = Buffer.from('</w:t></w:r></w:p></w:body></w:document>', 'utf8');
  const spaces = Buffer.alloc(chunkSize, 0x20);
  const copies = Math.max(1, Math.floor((uncompressedBytes - head.length - tail.length) / chunkSize));
  const syncFlush = { finishFlush: zlib.constants.Z_SYNC_FLUSH, level: 9 };
  const compressedSpaces = zlib.deflateRawSync(spaces, syncFlush);
  let crc = zlib.crc32(head);
  for (let i = 0; i < copies; i += 1) crc = zlib.crc32(spaces, crc);
  crc = zlib.crc32(tail, crc);
  const document: PackedZipEntry = {
    name: 'word/document.xml',
    method: 8,
    compressed: Buffer.concat([zlib.deflateRawSync(head, syncFlush), ...Array.from({ length: copies }, () => compressedSpaces), zlib.deflateRawSync(tail)]),
    crc32: crc,
    size: head.length + copies * chunkSize + tail.length,
  };
  return writeZip(
    [packZipEntry('[Content_Types].xml', CONTENT_TYPES), packZipEntry('_rels/.rels', PACKAGE_RELATIONSHIPS), document],
    understate ? (entry) => (entry === document ? 10_000 : entry.size) : undefined,
  );
}

/**
 * The first bytes of an OLE compound file, the container of a password-protected Word document
 * (and of the old .doc format): the signature and a header, which is all the checks read.
 */
export function oleCompoundFile(): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  header.writeUInt16LE(0x003e, 24); // minor version
  header.writeUInt16LE(0x0003, 26); // major version 3
  header.writeUInt16LE(0xfffe, 28); // little-endian
  header.writeUInt16LE(9, 30); // 512-byte sectors
  return header;
}
