// Run before `npm test`: the suites need Debian's Chromium, poppler's PDF tools and a reachable
// PostgreSQL, and say so plainly instead of failing deep inside a test or skipping.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const problems: string[] = [];

if (!fs.existsSync(chromium)) {
  problems.push(`Chromium is missing at ${chromium}: install it with "apt-get install -y chromium" (or set CHROMIUM_PATH).`);
}

// The document tests read every converted PDF with the tools staff's viewers are built on.
for (const tool of ['pdfinfo', 'pdftoppm', 'pdftotext']) {
  if (spawnSync(tool, ['-v']).error) problems.push(`${tool} is missing: install poppler's tools with "apt-get install -y poppler-utils".`);
}

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
