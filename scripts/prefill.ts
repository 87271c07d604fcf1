// Mints a link that opens the application with some answers filled in (a temporary public answer):
//
//   npm run prefill -- answers.json [--days 14]
//
// answers.json is an object of answer keys and values, checked as PUT /api/answer checks a save.
// Prints the link (PUBLIC_URL/about?token=...) and when it expires. Only a hash is stored.
import fs from 'node:fs';
import { tokenLifetimes } from '../backend/access-tokens/token-service';
import { commandMinter, parseTokenArguments, printLink, reportRefusal, runCommand, withTokenService } from './token-command';

const { defaultDays, maxDays } = tokenLifetimes.prefill;
const USAGE = `Usage: npm run prefill -- <answers.json> [--days N]

  answers.json   an object of answer keys and values, e.g. {"first_name": "Ada", "country": "USA"}
  --days         how long the link works: 1 to ${maxDays} days (default ${defaultDays})

Prints a link that opens the application with these answers filled in. See "Service and prefill
tokens" in README.md.`;

async function main(): Promise<number> {
  const parsed = parseTokenArguments('prefill', process.argv.slice(2), 'answers file');
  if (typeof parsed === 'string') {
    if (parsed) console.error(parsed);
    console.error(USAGE);
    return parsed ? 2 : 0;
  }
  let answers: unknown;
  try {
    answers = JSON.parse(fs.readFileSync(parsed.positional, 'utf8'));
  } catch (error) {
    console.error(`Cannot read ${parsed.positional} as JSON: ${(error as Error).message}`);
    return 2;
  }
  return withTokenService(async (tokens) => {
    try {
      const minted = await tokens.mintPrefillToken({ answers, days: parsed.days }, commandMinter());
      printLink(minted.url, minted.expires_at);
      return 0;
    } catch (error) {
      return reportRefusal(error);
    }
  });
}

runCommand(main, 'The prefill link could not be made:');
