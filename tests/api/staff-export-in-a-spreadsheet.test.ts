import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answers } from '../../common/api';
import { staffPaths } from '../../common/staff-api';
import { tenant } from '../../common/form/tenant';
import { startOfDayIn } from '../../backend/staff/time-zone-days';
import { uniqueEmail } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import { loggedInStaff } from './support/staff';
import { startTestServer, type TestServer } from './support/test-server';

// Issue 24, item 4: every cell of the CSV export is inert, however a spreadsheet splits it. The
// export is opened in LibreOffice Calc, headless, as a file split on tabs, on commas and on
// semicolons, with formulas evaluated (Calc's default), and saved as flat ODS: a cell Calc took for
// a formula carries a table:formula attribute there.

const HOSTILE: Answers = {
  first_name: 'Towson\t=3+4',
  middle_name: 'Fairfax;=2+5;',
  last_name: '=HYPERLINK("http://evil.example","x")',
  preferred_name: '+1',
  previous_name: '-2+3',
  conviction_comment: '@SUM(1)',
  suspended_comment: 'First line\r\n=1+2\nBaltimore,=4+4;"=5+5"\r-1+1',
  maryland_provider_tax_return_reason: 'Fairfax; =2+5',
  // The last columns of a row: what follows a tab there is the end of the line.
  completion_signature: 'Towson\t=3+4',
};

/** The cells of a flat ODS document, the text of each (paragraphs joined by a line break) and whether it is a formula. */
function odsCells(xml: string): { text: string; formula: boolean }[] {
  const cells: { text: string; formula: boolean }[] = [];
  for (const [, attributes = '', content = ''] of xml.matchAll(/<table:table-cell\b([^>]*?)(?:\/>|>([\s\S]*?)<\/table:table-cell>)/g)) {
    const paragraphs = [...content.matchAll(/<text:p\b[^>]*>([\s\S]*?)<\/text:p>/g)].map(([, inner = '']) =>
      inner
        .replace(/<text:tab\/>/g, '\t')
        .replace(/<text:line-break\/>/g, '\n')
        .replace(/<text:s text:c="(\d+)"\/>/g, (_, count: string) => ' '.repeat(Number(count)))
        .replace(/<text:s\/>/g, ' ')
        .replace(/<[^>]+>/g, '')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .replace(/&amp;/g, '&'),
    );
    cells.push({ text: paragraphs.join('\n'), formula: /\btable:formula=/.test(attributes) });
  }
  return cells;
}

/** The CSV as LibreOffice Calc reads it with `separator` (an ASCII code), quotes as text delimiter, UTF-8: its cells. */
async function openInCalc(csv: Buffer, separator: number): Promise<{ text: string; formula: boolean }[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gradapp-csv-calc-'));
  try {
    fs.writeFileSync(path.join(dir, 'export.csv'), csv);
    // Filter options: separator, text delimiter ("), character set (76: UTF-8), first line; a fresh profile each time.
    await promisify(execFile)('soffice', ['--headless', `-env:UserInstallation=file://${dir}/profile`, `--infilter=CSV:${separator},34,76,1`, '--convert-to', 'fods', '--outdir', dir, path.join(dir, 'export.csv')], {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir },
      timeout: 90_000,
      killSignal: 'SIGKILL',
    });
    return odsCells(fs.readFileSync(path.join(dir, 'export.fods'), 'utf8'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** What a person reads in a cell: the apostrophes the export put before a formula start left out, line ends as \n. */
const readable = (text: string) => text.replace(/'/g, '').replace(/\r\n?/g, '\n');

const DAY = '2026-06-02';

describe.each(dialects)('the CSV export opened in a spreadsheet, on %s', (dialect) => {
  let server: TestServer;
  let csv: Buffer;

  beforeAll(async () => {
    server = await startTestServer(dialect);
    const now = server.clock();
    for (const [label, answers] of [
      ['hostile', HOSTILE],
      ['at', { first_name: '@SUM(1)', last_name: '-2+3' }],
    ] as const) {
      const id = randomUUID();
      await server.store.accounts.create({ id, username: uniqueEmail(`spreadsheet-${label}`), password_hash: 'x', confirmed_at: now, created_at: now, updated_at: now });
      await server.store.answers.merge(id, answers, 'applicant', now);
      expect((await server.store.submissions.submit(id, startOfDayIn(tenant.time_zone, DAY) + 3_600_000, () => ({}))).kind).toBe('submitted');
    }
    const { client: admin } = await loggedInStaff(server, 'admin');
    const response = await fetch(`${server.baseUrl}${staffPaths.exportCsv}?from=${DAY}&to=${DAY}`, { headers: { cookie: admin.cookieHeader() } });
    expect(response.status).toBe(200);
    csv = Buffer.from(await response.arrayBuffer());
  }, 60_000);
  afterAll(() => server.close());

  it('quotes every field', () => {
    const text = csv.toString('utf8').slice(1);
    // Every field of every line opens with a quote: after the line start and after each separating comma outside quotes.
    let quoted = false;
    let fieldStart = true;
    for (const character of text) {
      if (fieldStart) expect(character === '"' || character === '\r' || character === '\n').toBe(true);
      fieldStart = false;
      if (character === '"') quoted = !quoted;
      else if (!quoted && (character === ',' || character === '\n')) fieldStart = true;
    }
  });

  it.each([
    ['commas', 44],
    ['tabs', 9],
    ['semicolons', 59],
  ] as const)('split on %s, no cell is a formula and the hostile names are there', { timeout: 120_000 }, async (_, separator) => {
    const cells = await openInCalc(csv, separator);
    expect(cells.filter((cell) => cell.formula).map((cell) => cell.text)).toEqual([]);
    const texts = cells.map((cell) => readable(cell.text));
    if (separator === 44) {
      // Split as written, each value is one cell, as the applicant typed it but for the apostrophes.
      for (const value of [...Object.values(HOSTILE), '@SUM(1)', '-2+3']) expect(texts).toContain(readable(String(value)));
    } else {
      for (const name of ['Towson', 'Fairfax', 'HYPERLINK', 'SUM(1)', 'First line', 'Baltimore']) expect(texts.some((text) => text.includes(name)), name).toBe(true);
    }
  });
});
