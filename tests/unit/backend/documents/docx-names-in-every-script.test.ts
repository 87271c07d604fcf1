import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../backend/platform/config';
import { convertToPdf } from '../../../../backend/documents/convert-to-pdf';
import { buildDocx, checked, wordXml } from '../../../../scripts/support/documents';
import { asRead, fullName, NAMES_IN_EVERY_SCRIPT } from '../../../support/names-in-every-script';
import { pdfText } from '../../../support/poppler';

const FORMATS = [{}, { bold: true }, { italic: true }, { bold: true, italic: true }] as const;

/** Collapsed as pdftotext lays it out, so a name wrapped over two lines still reads whole. */
const readBack = async (pdf: Uint8Array) => asRead((await pdfText(pdf)).replace(/\s+/g, ' '));

/** A document with every name in paragraphs of each emphasis, a heading, a list and a table. */
function everyNameDocx(names: readonly string[]): Buffer {
  return buildDocx(
    [
      wordXml.heading(1, names[0]!),
      ...names.map((name, index) => wordXml.paragraph(wordXml.run(name, FORMATS[index % FORMATS.length]))),
      ...names.map((name) => wordXml.listItem('bullet', 0, name)),
      wordXml.table(names.map((name, index) => [String(index + 1), name])),
    ].join(''),
  );
}

// Real PDFs read back with poppler, the first of them reading the fonts: seconds, not milliseconds, on a busy machine.
describe('the built-in Word converter prints every name as typed (read back with pdftotext)', { timeout: 30_000 }, () => {
  it('in paragraphs of each emphasis, a heading, a list and a table', async () => {
    const names = NAMES_IN_EVERY_SCRIPT.map(fullName);
    const text = await readBack(await convertToPdf(checked(everyNameDocx(names)), { compress: true }));
    for (const name of names) expect(text).toContain(asRead(name));
  });

  it('with every script in one paragraph, wrapped over lines', async () => {
    const names = NAMES_IN_EVERY_SCRIPT.filter((name) => !/Arabic|Hebrew/.test(name.script)).map(fullName);
    const text = await readBack(await convertToPdf(checked(buildDocx(wordXml.paragraph(wordXml.run(names.join('; '))))), { compress: true }));
    for (const name of names) expect(text).toContain(asRead(name));
  });
});

// The converter the server uses where LibreOffice is installed (CI installs it with Debian's Noto fonts).
describe('LibreOffice prints every name as typed (read back with pdftotext)', { timeout: 120_000 }, () => {
  it('in paragraphs of each emphasis, a heading, a list and a table', async () => {
    const docxConverter = loadConfig({}).docxConverter;
    expect(docxConverter.name).toBe('libreoffice');
    const names = NAMES_IN_EVERY_SCRIPT.map(fullName);
    const text = await readBack(await convertToPdf(checked(everyNameDocx(names)), { compress: true, docxConverter, libreOfficeTimeoutMs: 60_000 }));
    for (const name of names) expect(text).toContain(asRead(name));
  });
});
