import { INACTIVITY_TIMEOUT_MS, INACTIVITY_WARNING_MS } from './constants';

/**
 * The client's inactivity logout (spec platform sections 4 and 9). The backend reads the two
 * durations from its configuration and writes them into these meta tags of the served
 * index.html, as it does the cookie prefix; the renderer reads them from there.
 */
export const INACTIVITY_TIMEOUT_META = 'gradapp-inactivity-timeout-ms';
export const INACTIVITY_WARNING_META = 'gradapp-inactivity-warning-ms';

export interface InactivitySettings {
  /** Idle time after which a logged-in applicant is logged out. */
  timeoutMs: number;
  /** How long before that the 'Still working?' dialog opens. */
  warningMs: number;
}

export const defaultInactivitySettings: InactivitySettings = {
  timeoutMs: INACTIVITY_TIMEOUT_MS,
  warningMs: INACTIVITY_WARNING_MS,
};

/**
 * While the applicant is active the renderer refreshes the server session this often, so an hour
 * of typing in one field (which sends no request) never meets an expired session.
 */
export const KEEP_ALIVE_INTERVAL_MS = 300_000;

/** Shortest durations accepted: a second of warning is the least a person can react to. */
export const INACTIVITY_MIN_MS = 1_000;
export const INACTIVITY_MAX_MS = 86_400_000;

/** What is wrong with a pair of durations, one sentence each; empty when they are usable. */
export function inactivitySettingsProblems({ timeoutMs, warningMs }: InactivitySettings): string[] {
  const problems: string[] = [];
  for (const [name, value] of [
    ['INACTIVITY_TIMEOUT_MS', timeoutMs],
    ['INACTIVITY_WARNING_MS', warningMs],
  ] as const) {
    if (!Number.isInteger(value) || value < INACTIVITY_MIN_MS || value > INACTIVITY_MAX_MS) {
      problems.push(`${name} must be a whole number of milliseconds from ${INACTIVITY_MIN_MS} to ${INACTIVITY_MAX_MS} (got ${value}).`);
    }
  }
  if (problems.length === 0 && warningMs >= timeoutMs) {
    problems.push('INACTIVITY_WARNING_MS must be shorter than INACTIVITY_TIMEOUT_MS: the warning opens that long before the logout.');
  }
  return problems;
}
