import { createRequire } from 'node:module';
import { US_COUNTRY_CODE } from '../../common/form/options';
import { stateName } from './places';
import { emptyLookupFields, type LookupFields } from './records';

/**
 * US ZIP codes with their city and state, from the `zipcodes` package (about 42,500 codes,
 * territories and military APO/FPO codes included, all with country USA as the postal service
 * treats them). No streets: choosing one fills city, state, ZIP and country. The package's
 * Canadian part is left out: it has only the first three characters of each postal code, with
 * regions rather than cities ("Eastern Alberta (st. Paul)"), which would fill in wrong answers.
 */

interface ZipcodesEntry {
  zip: string;
  city: string;
  state: string;
  country: string;
}

export function zipcodesVersion(): string {
  const require = createRequire(import.meta.url);
  return (require('zipcodes/package.json') as { version: string }).version;
}

export function readZipcodeAddresses(): LookupFields[] {
  const require = createRequire(import.meta.url);
  const { codes } = require('zipcodes') as { codes: Record<string, ZipcodesEntry> };
  const addresses: LookupFields[] = [];
  for (const entry of Object.values(codes)) {
    if (entry.country !== 'US') continue;
    const state = stateName(entry.state);
    if (!state || !entry.city) continue;
    addresses.push({ ...emptyLookupFields, city: entry.city.trim(), state, zip: entry.zip, country: US_COUNTRY_CODE });
  }
  return addresses.sort((a, b) => (a.zip < b.zip ? -1 : a.zip > b.zip ? 1 : 0));
}
