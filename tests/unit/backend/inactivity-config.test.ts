import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../backend/platform/config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, '/srv');
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('inactivity settings', () => {
  it('default to the spec: logout after 15 minutes, warning one minute before', () => {
    const config = loadConfig({}, '/srv');
    expect([config.inactivityTimeoutMs, config.inactivityWarningMs]).toEqual([900_000, 60_000]);
  });

  it('take shorter times, for tests', () => {
    const config = loadConfig({ INACTIVITY_TIMEOUT_MS: '20000', INACTIVITY_WARNING_MS: '8000' }, '/srv');
    expect([config.inactivityTimeoutMs, config.inactivityWarningMs]).toEqual([20_000, 8_000]);
  });

  it('refuse a warning as long as the timeout, and values that are not whole milliseconds', () => {
    expect(problemsOf({ INACTIVITY_TIMEOUT_MS: '60000', INACTIVITY_WARNING_MS: '60000' })).toEqual([
      'INACTIVITY_WARNING_MS must be shorter than INACTIVITY_TIMEOUT_MS: the warning opens that long before the logout.',
    ]);
    expect(problemsOf({ INACTIVITY_TIMEOUT_MS: '15m' })[0]).toMatch(/^INACTIVITY_TIMEOUT_MS must be a whole number/);
    expect(problemsOf({ INACTIVITY_WARNING_MS: '0' })[0]).toMatch(/^INACTIVITY_WARNING_MS must be a whole number/);
  });

  it('keep the client timeout well inside the server idle limit, so the last save finds the session', () => {
    expect(problemsOf({ SESSION_IDLE_MINUTES: '20' })).toEqual([
      'INACTIVITY_TIMEOUT_MS must be at least 6 minutes shorter than SESSION_IDLE_MINUTES, so the save before an inactivity logout still finds the session alive.',
    ]);
    expect(problemsOf({ SESSION_IDLE_MINUTES: '21' })).toEqual([]);
  });
});
