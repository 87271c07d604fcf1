import type { AnswerValue, Answers } from './api';

/**
 * Conditional saves (issue 17, item 8). A save may say, per key, which stored answer its change was
 * made on: the fingerprint of that answer, or null for "no answer". The server stores the key only
 * while the stored answer is still that one; otherwise another tab or window saved the key since,
 * and its answer is kept and sent back. Fingerprints keep the header short whatever the answer's
 * length (an essay of 7,000 characters is 11 characters here); they guard against an honest race
 * between the applicant's own tabs, not against an attacker, so a fast non-cryptographic hash does.
 */
export const ANSWER_BASE_HEADER = 'X-Answer-Base';

/** Per key of a patch: the fingerprint of the answer the change was made on; null: no answer. */
export type AnswerBase = Record<string, string | null>;

/** Keys of one conditional save at most, so the header stays far below a server's header limit. */
export const MAX_BASE_KEYS = 100;

/** '' and null both mean "no answer" in the store. */
export function answerFingerprint(value: AnswerValue | undefined): string | null {
  if (value === undefined || value === null || value === '') return null;
  return cyrb53(JSON.stringify(value)).toString(36);
}

/** The base of a patch made on `known` (the answers as the client last knew the server's). */
export function answerBaseOf(patch: Answers, known: Answers): AnswerBase {
  return Object.fromEntries(Object.keys(patch).map((key) => [key, answerFingerprint(known[key])]));
}

const FINGERPRINT = /^[0-9a-z]{1,11}$/;

/** The header's value checked, or null when it is not a JSON object of fingerprints. */
export function parseAnswerBase(header: string): AnswerBase | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(header);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const base: AnswerBase = Object.create(null) as AnswerBase;
  for (const [key, value] of Object.entries(parsed)) {
    if (value !== null && (typeof value !== 'string' || !FINGERPRINT.test(value))) return null;
    base[key] = value;
  }
  return base;
}

// cyrb53 (public domain, bryc): a 53-bit string hash, the same in every JavaScript engine.
function cyrb53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
