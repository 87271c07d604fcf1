import { expect } from 'vitest';
import { ConfigError, loadConfig } from '../../../backend/platform/config';

/** The message of the ConfigError the settings are refused with (every problem, one a line). */
export function configProblems(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('expected a ConfigError');
}
