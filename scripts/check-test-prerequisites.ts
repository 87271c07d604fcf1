// Run before `npm test`: the suites need Debian's Chromium, poppler's PDF tools and a reachable
// PostgreSQL, and say so plainly instead of failing deep inside a test or skipping.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { chooseDocxConverter } from '../backend/documents/docx-converter';
import { NGINX_PATH } from '../tests/api/support/nginx';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const problems: string[] = [];

if (!fs.existsSync(chromium)) {
  problems.push(`Chromium is missing at ${chromium}: install it with "apt-get install -y chromium" (or set CHROMIUM_PATH).`);
}

// The document tests read every converted PDF with the tools staff's viewers are built on, and
// run a corpus of real files that Debian's packages carry (tests/corpus/corpus-files.ts).
for (const tool of ['pdfinfo', 'pdftoppm', 'pdftotext']) {
  if (spawnSync(tool, ['-v']).error) problems.push(`${tool} is missing: install poppler's tools with "apt-get install -y poppler-utils".`);
}
if (spawnSync('qpdf', ['--version']).error) problems.push('qpdf is missing: install it with "apt-get install -y qpdf".');
const corpusPackages: readonly (readonly [string, string])[] = [
  ['/usr/share/go-1.19/src/image/testdata', 'golang-1.19-src'],
  ['/usr/lib/python3/dist-packages/docx/templates', 'python3-docx'],
];
for (const [folder, pkg] of corpusPackages) {
  if (!fs.existsSync(folder)) problems.push(`The document corpus needs ${folder}: install it with "apt-get install -y --no-install-recommends ${pkg}".`);
}

// Word documents convert through LibreOffice, fenced in (DOCX_CONVERTER=auto; docs/decisions.md): the
// tests run that path and the built-in one, so both must be there, with the fonts .ci/run installs.
const libreOffice = chooseDocxConverter('libreoffice', process.env.PATH).converter;
if (libreOffice.name === 'builtin') problems.push(`${libreOffice.reason}: the Word document tests run both converters (.ci/run installs it).`);
// The CSV export test opens the export in LibreOffice Calc (its spreadsheet module, libscdlo).
else if (!fs.existsSync(path.join(path.dirname(fs.realpathSync(libreOffice.programs.soffice)), 'libscdlo.so'))) {
  problems.push('LibreOffice Calc is missing: the CSV export test opens the export in it; install it with "apt-get install -y --no-install-recommends libreoffice-calc-nogui".');
}
const LIBREOFFICE_FONTS: readonly (readonly [string, string])[] = [
  ['/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf', 'fonts-noto-core'],
  ['/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', 'fonts-noto-cjk'],
  ['/usr/share/fonts/truetype/crosextra/Carlito-Regular.ttf', 'fonts-crosextra-carlito'],
  ['/usr/share/fonts/truetype/crosextra/Caladea-Regular.ttf', 'fonts-crosextra-caladea'],
  ['/usr/share/fonts/truetype/liberation2/LiberationSerif-Regular.ttf', 'fonts-liberation2'],
];
for (const [file, pkg] of LIBREOFFICE_FONTS) {
  if (!fs.existsSync(file)) problems.push(`LibreOffice's fonts need ${file}: install it with "apt-get install -y --no-install-recommends ${pkg}".`);
}

// The deployment topology test puts Debian's nginx in front of the backend instances.
if (spawnSync(NGINX_PATH, ['-v']).error) problems.push(`nginx is missing at ${NGINX_PATH}: install it with "apt-get install -y --no-install-recommends nginx-light" (or set NGINX_PATH).`);

const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
try {
  await client.connect();
  await client.query('select 1');
} catch (error) {
  problems.push(
    `PostgreSQL is not reachable at ${databaseUrl} (${(error as Error).message}): start it with ` +
      '"pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start" or set TEST_DATABASE_URL.',
  );
} finally {
  await client.end().catch(() => undefined);
}

if (problems.length > 0) {
  console.error(`The test suites cannot run:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  process.exit(1);
}
