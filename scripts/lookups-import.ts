// Loads lookup data from a CSV file into the store the server uses (SQLite under DATA_DIR by
// default, PostgreSQL when DATABASE_URL is set):
//
//   npm run lookups:import -- --category college_ceeb [--replace] file.csv
//
// All or nothing: a file with any bad row is refused, every problem listed with its line.
import fs from 'node:fs';
import path from 'node:path';
import { lookupCategories, type LookupCategory } from '../common/api';
import { loadConfigOrReport } from '../backend/platform/config';
import { importLookupCsv, LookupImportError, CSV_COLUMNS } from '../backend/lookups/csv-import';
import { openStore } from '../backend/open-store';
import { answerSealerFor } from '../backend/security/sealing-keys';

const USAGE = `Usage: npm run lookups:import -- --category <${lookupCategories.join('|')}> [--replace] <file.csv>

  --category   the lookup to load: college_ceeb, hs_ceeb or address
  --replace    replace every record of the category (default: update the records whose code
               matches and add the others)

The file needs a header row naming its columns, from: ${CSV_COLUMNS.join(', ')}.
See "Lookup data" in README.md.`;

interface Arguments {
  category: LookupCategory;
  replace: boolean;
  file: string;
}

function parseArguments(argv: string[]): Arguments | string {
  let category: string | undefined;
  let replace = false;
  const files: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index]!;
    if (argument === '--help' || argument === '-h') return '';
    if (argument === '--replace') replace = true;
    else if (argument === '--category') category = argv[++index];
    else if (argument.startsWith('--category=')) category = argument.slice('--category='.length);
    else if (argument.startsWith('-')) return `Unknown option ${argument}.`;
    else files.push(argument);
  }
  if (!category) return 'Give the category with --category.';
  if (!(lookupCategories as readonly string[]).includes(category)) return `Unknown category "${category}": use ${lookupCategories.join(', ')}.`;
  if (files.length !== 1) return 'Give exactly one CSV file.';
  return { category: category as LookupCategory, replace, file: files[0]! };
}

async function main(): Promise<number> {
  const parsed = parseArguments(process.argv.slice(2));
  if (typeof parsed === 'string') {
    if (parsed) console.error(parsed);
    console.error(USAGE);
    return parsed ? 2 : 0;
  }
  let content: Buffer;
  try {
    content = fs.readFileSync(parsed.file);
  } catch (error) {
    console.error(`Cannot read ${parsed.file}: ${(error as Error).message}`);
    return 2;
  }
  const config = loadConfigOrReport();
  if (!config) return 2;

  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, sealer: answerSealerFor(config) });
  try {
    const started = performance.now();
    const result = await importLookupCsv(store, parsed.category, content, {
      replace: parsed.replace,
      source: `csv ${path.basename(parsed.file)}`,
      now: Date.now(),
    });
    const where = store.dialect === 'postgres' ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
    console.log(
      `Imported ${result.rows} ${parsed.category} records from ${parsed.file} into ${where} in ${Math.round(performance.now() - started)} ms: ` +
        `${result.added} added, ${result.updated} updated${parsed.replace ? `, ${result.removed} previous records removed` : ''}. ` +
        `${parsed.category} now holds ${result.total} records.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof LookupImportError) {
      console.error(`${parsed.file} was not imported; nothing was changed:\n${error.problems.map((problem) => `  ${problem}`).join('\n')}`);
      return 1;
    }
    throw error;
  } finally {
    await store.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('The import failed; nothing was changed:', error);
    process.exit(1);
  },
);
