// What the two token commands share: --days, the store the server uses, who runs them, and how a refusal is printed.
import os from 'node:os';
import { loadConfigOrReport, type Config } from '../backend/platform/config';
import { createAccessTokenService, parseDays, tokenMinters, type AccessTokenService, type TokenKind } from '../backend/access-tokens/token-service';
import { systemClock } from '../backend/platform/clock';
import { HttpError } from '../backend/http/errors';
import { createObjectStore } from '../backend/storage';
import { openStore } from '../backend/open-store';
import { answerSealerFor } from '../backend/security/sealing-keys';

export interface TokenArguments {
  positional: string;
  days: number;
}

/** One positional argument and an optional --days N (or --days=N); a string is a usage problem. */
export function parseTokenArguments(kind: TokenKind, argv: string[], what: string): TokenArguments | string {
  let days: number | undefined;
  const positional: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index]!;
    if (argument === '--help' || argument === '-h') return '';
    let raw: string | undefined;
    if (argument === '--days') raw = argv[++index];
    else if (argument.startsWith('--days=')) raw = argument.slice('--days='.length);
    else if (argument.startsWith('-')) return `Unknown option ${argument}.`;
    else {
      positional.push(argument);
      continue;
    }
    if (raw === undefined || !/^\d+$/.test(raw)) return `--days needs a whole number of days (got ${raw === undefined ? 'nothing' : `"${raw}"`}).`;
    days = Number(raw);
  }
  if (positional.length !== 1) return `Give exactly one ${what}.`;
  try {
    return { positional: positional[0]!, days: parseDays(kind, days) };
  } catch (error) {
    if (error instanceof HttpError) return `--${error.message}`;
    throw error;
  }
}

/** The minter a command records: the operating-system account that runs it, named in the access log at every view. */
export function commandMinter(): string {
  return tokenMinters.command(os.userInfo().username);
}

/** Opens the server's store with the server's configuration, runs the work, closes the store. */
export async function withTokenService(work: (tokens: AccessTokenService, config: Config) => Promise<number>): Promise<number> {
  const config = loadConfigOrReport();
  if (!config) return 2;
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, sealer: answerSealerFor(config) });
  try {
    const tokens = createAccessTokenService({ store, objects: createObjectStore(config, systemClock), clock: systemClock, publicUrl: config.publicUrl });
    return await work(tokens, config);
  } finally {
    await store.close();
  }
}

/** A refusal the service explains (unknown applicant, bad answers): its message and each key's. */
export function reportRefusal(error: unknown): number {
  if (!(error instanceof HttpError)) throw error;
  console.error(error.message);
  for (const [key, problems] of Object.entries(error.errors ?? {})) console.error(`  ${key}: ${problems.join(' ')}`);
  return 1;
}

export function printLink(url: string, expiresAt: string): void {
  console.log(url);
  console.log(`Expires: ${expiresAt} (${new Date(expiresAt).toLocaleString()})`);
}

export function runCommand(main: () => Promise<number>, failure: string): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(failure, error);
      process.exit(1);
    },
  );
}
