// Mints a staff member's read-only link to one application, in the store the server uses:
//
//   npm run service-token -- applicant@example.edu [--days 7]
//
// Prints the link (PUBLIC_URL/?service_token=...) and when it expires. Only a hash is stored.
import { tokenLifetimes } from '../backend/access-tokens/token-service';
import { commandMinter, parseTokenArguments, printLink, reportRefusal, runCommand, withTokenService } from './token-command';

const { defaultDays, maxDays } = tokenLifetimes.service;
const USAGE = `Usage: npm run service-token -- <applicant e-mail> [--days N]

  --days   how long the link works: 1 to ${maxDays} days (default ${defaultDays})

Prints a read-only link to the applicant's application for staff. See "Service and prefill
tokens" in README.md.`;

async function main(): Promise<number> {
  const parsed = parseTokenArguments('service', process.argv.slice(2), "applicant's e-mail address");
  if (typeof parsed === 'string') {
    if (parsed) console.error(parsed);
    console.error(USAGE);
    return parsed ? 2 : 0;
  }
  return withTokenService(async (tokens) => {
    try {
      const minted = await tokens.mintServiceToken({ username: parsed.positional, days: parsed.days }, commandMinter());
      printLink(minted.url, minted.expires_at);
      return 0;
    } catch (error) {
      return reportRefusal(error);
    }
  });
}

runCommand(main, 'The service token could not be made:');
