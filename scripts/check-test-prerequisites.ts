// Run before `npm test`: the suites need Debian's packages (browsers, PDF tools, LibreOffice, ...) and a
// reachable PostgreSQL, and say so plainly instead of failing deep inside a test or skipping.
import fs from 'node:fs';
import pg from 'pg';
import { chooseDocxConverter } from '../backend/documents/docx-converter';
import { aptInstall, DEBIAN_TEST_PACKAGES_FILE, isDebianRoot, missingPackages, parseDebianTestPackages, planForMissing } from './debian-test-packages';

const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const problems: string[] = [];

// Debian's packages: the browsers, poppler, qpdf, the corpus, nginx, LibreOffice and its fonts, one
// list with .ci/run (scripts/debian-test-packages.txt). As root on Debian they are installed here.
const packages = parseDebianTestPackages(fs.readFileSync(DEBIAN_TEST_PACKAGES_FILE, 'utf8'));
const plan = planForMissing(missingPackages(packages, process.env), isDebianRoot());
if (plan?.install) {
  console.log(plan.message);
  aptInstall(missingPackages(packages, process.env));
}
const stillMissing = missingPackages(packages, process.env);
if (stillMissing.length > 0) problems.push(planForMissing(stillMissing, { root: false, debian: false })!.message);

// Word documents convert through LibreOffice, fenced in (DOCX_CONVERTER=auto; docs/decisions.md): the
// tests run that path and the built-in one, so both must be there.
const libreOffice = chooseDocxConverter('libreoffice', process.env.PATH).converter;
if (libreOffice.name === 'builtin') problems.push(`${libreOffice.reason}: the Word document tests run both converters.`);

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
