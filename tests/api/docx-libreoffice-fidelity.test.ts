// A Word document keeps its look through LibreOffice (issue 15, item 2): alignment, headers and
// footers on every page, text and highlight colours, cell shading, numbering, footnotes at the
// page's foot, text boxes where they were put, page breaks. The document is built here
// (tests/support/word-package.ts) and converted in the sandbox pool as the server does; the PDF is
// read with poppler. The server uses LibreOffice by default and the built-in layout when told.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileResponse } from '../../common/api';
import { answerFields } from '../../common/form/model';
import { chooseDocxConverter } from '../../backend/documents/docx-converter';
import { createConversionRunner } from '../../backend/sandbox/conversion-runner';
import { createSandboxPool, type SandboxPool } from '../../backend/sandbox/sandbox-pool';
import { checked, sampleDocx } from '../../scripts/support/documents';
import { countPixels, laidOutPages, linesOf, pdfProducer, wordOn, type LaidOutPage, type Rgb } from '../support/pdf-layout';
import { PAGE, word, wordPackage } from '../support/word-package';
import { loggedInApplicant } from '../../scripts/support/accounts';
import { startTestServer } from './support/test-server';
import { convertThroughApi } from '../../scripts/support/uploads';

const RIGHT_EDGE = PAGE.widthPt - PAGE.marginPt;
const PROSE =
  'Graduate study asks for curiosity, persistence and a clear sense of purpose. My research in hydrology taught me to plan field work, ' +
  'clean messy data and explain results to people who did not collect them, and I hope to build on it with statistics.';

/** Three pages: everything on the first, a text box on the second, the third after a page break. */
function styledDocument(): Buffer {
  const body = [
    word.aligned('center', 'CENTREDMARK'),
    word.aligned('right', 'RIGHTMARK'),
    word.aligned('both', `JUSTIFIEDMARK ${PROSE}`),
    word.aligned('left', `LEFTMARK ${PROSE}`),
    word.paragraph(word.run('REDMARK in red', { color: 'FF0000', size: 28, bold: true })),
    word.paragraph(word.run('YELLOWMARK highlighted', { highlight: 'yellow', size: 28 })),
    word.shadedRow([
      { text: 'BLUECELL', fill: '0000FF' },
      { text: 'PLAINCELL', fill: 'FFFFFF' },
    ]),
    word.numbered('FIRSTITEM of the list'),
    word.numbered('SECONDITEM of the list'),
    word.paragraph(word.run('A claim that needs a source.') + word.footnoteReference(1)),
    word.pageBreak(),
    word.paragraph(word.run('PAGETWOMARK')),
    word.textBox('TEXTBOXMARK inside', { leftPt: 300, topPt: 400 }),
    word.pageBreak(),
    word.paragraph(word.run('PAGETHREEMARK')),
  ].join('');
  return wordPackage({ body, header: 'HEADERMARK of every page', footer: 'FOOTERMARK of every page', footnotes: ['FOOTNOTEMARK the source.'] });
}

const isRed = ([r, g, b]: Rgb) => r > 200 && g < 80 && b < 80;
const isYellow = ([r, g, b]: Rgb) => r > 220 && g > 220 && b < 100;
const isBlue = ([r, g, b]: Rgb) => r < 80 && g < 80 && b > 200;

describe('Word documents through LibreOffice keep their look', () => {
  let pool: SandboxPool;
  let pdf: Buffer;
  let pages: LaidOutPage[];

  beforeAll(async () => {
    const { converter, problem } = chooseDocxConverter('libreoffice', process.env.PATH);
    if (problem) throw new Error(problem);
    pool = createSandboxPool({ maxProcesses: 1 });
    const runner = createConversionRunner(pool, { conversion: { docxConverter: converter }, limits: { timeoutMs: 30_000 } });
    pdf = await runner.run(checked(styledDocument()));
    pages = await laidOutPages(pdf);
  }, 60_000);
  afterAll(() => pool?.close());

  it('keeps the page breaks: three pages, each with its own text', () => {
    expect(pages).toHaveLength(3);
    expect(pages[1]!.text).toContain('PAGETWOMARK');
    expect(pages[2]!.text).toContain('PAGETHREEMARK');
    expect(pages[0]!.text).not.toContain('PAGETWOMARK');
  });

  it('centres, right-aligns and justifies paragraphs as Word does', () => {
    const page = pages[0]!;
    const centred = wordOn(page, 'CENTREDMARK');
    expect(Math.abs((centred.xMin + centred.xMax) / 2 - PAGE.widthPt / 2)).toBeLessThan(3);
    expect(Math.abs(wordOn(page, 'RIGHTMARK').xMax - RIGHT_EDGE)).toBeLessThan(2);
    const firstLine = (marker: string) => linesOf(page).find((line) => line[0]!.text === marker)!;
    const justified = firstLine('JUSTIFIEDMARK');
    expect(justified[0]!.xMin).toBeCloseTo(PAGE.marginPt, 0);
    expect(Math.abs(justified.at(-1)!.xMax - RIGHT_EDGE)).toBeLessThan(1);
    // The same words left-aligned end short of the margin: the justified line was stretched to it.
    expect(RIGHT_EDGE - firstLine('LEFTMARK').at(-1)!.xMax).toBeGreaterThan(1);
  });

  it('prints the header at the top and the footer at the foot of every page', () => {
    for (const page of pages) {
      expect(wordOn(page, 'HEADERMARK').yMax).toBeLessThan(PAGE.marginPt);
      expect(wordOn(page, 'FOOTERMARK').yMin).toBeGreaterThan(PAGE.heightPt - PAGE.marginPt);
    }
  });

  it('keeps the text colour, the highlight and the cell shading', async () => {
    // 50 dpi: a 28 pt word is about 20 pixels high.
    expect(await countPixels(pdf, 1, 50, isRed)).toBeGreaterThan(50);
    expect(await countPixels(pdf, 1, 50, isYellow)).toBeGreaterThan(200);
    expect(await countPixels(pdf, 1, 50, isBlue)).toBeGreaterThan(200);
    // None of it where the document has none.
    expect(await countPixels(pdf, 3, 50, (rgb) => isRed(rgb) || isYellow(rgb) || isBlue(rgb))).toBe(0);
  });

  it('numbers the list items 1. and 2.', () => {
    const lines = linesOf(pages[0]!).map((line) => line.map((placed) => placed.text).join(' '));
    expect(lines).toContain('1. FIRSTITEM of the list');
    expect(lines).toContain('2. SECONDITEM of the list');
  });

  it('sets the footnote at the foot of its page, above the footer, with no stray caret', () => {
    const page = pages[0]!;
    const note = wordOn(page, 'FOOTNOTEMARK');
    expect(note.yMin).toBeGreaterThan(PAGE.heightPt / 2);
    expect(note.yMax).toBeLessThan(wordOn(page, 'FOOTERMARK').yMin);
    expect(pages.map((each) => each.text).join(' ')).not.toContain('^');
  });

  it('draws the text box where the document placed it on its page', () => {
    const box = wordOn(pages[1]!, 'TEXTBOXMARK');
    expect(box.xMin).toBeGreaterThan(300);
    expect(box.xMin).toBeLessThan(320);
    expect(box.yMin).toBeGreaterThan(400);
    expect(box.yMin).toBeLessThan(430);
  });
});

describe('the server converts Word documents with LibreOffice by default, with the built-in layout when DOCX_CONVERTER=builtin', () => {
  const UPLOAD_KEY = answerFields.find((field) => field.type === 'upload')!.key;

  async function producerOfConverted(env: Record<string, string>): Promise<string> {
    const server = await startTestServer('sqlite', { conversions: true, env });
    try {
      const client = await loggedInApplicant(server);
      const final = await convertThroughApi(server, client, UPLOAD_KEY, sampleDocx(), 'essay.docx');
      expect(final.status).toBe('COMPLETED');
      const username = (await client.get<ProfileResponse>('/api/profile')).body.username;
      const accountId = (await server.store.accounts.findByUsername(username))!.id;
      const job = (await server.store.conversions.find(accountId, UPLOAD_KEY))!;
      return pdfProducer((await server.objects.get(job.pdf_key!))!);
    } finally {
      await server.close();
    }
  }

  it('writes the PDF with LibreOffice by default', { timeout: 60_000 }, async () => {
    expect(await producerOfConverted({})).toMatch(/^LibreOffice/);
  });

  it('lays it out with pdfkit when DOCX_CONVERTER=builtin', { timeout: 60_000 }, async () => {
    // backend/documents/pdfkit-document.ts names the built-in converter's PDFs so.
    expect(await producerOfConverted({ DOCX_CONVERTER: 'builtin' })).toBe('gradapp document conversion');
  });

  it('refuses to start when DOCX_CONVERTER=libreoffice and soffice is not installed, naming the setting', () => {
    const entry = spawnSync(process.execPath, ['--import', 'tsx', 'backend/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { DOCX_CONVERTER: 'libreoffice', PATH: '/nonexistent', PORT: '0', DATA_DIR: path.join(os.tmpdir(), 'gradapp-never-started') },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(entry.status).toBe(2);
    expect(entry.stderr).toContain('DOCX_CONVERTER is libreoffice, but LibreOffice is not installed (no soffice on PATH');
  });
});
