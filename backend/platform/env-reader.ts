/** The process's environment, or a test's stand-in for it. */
export type Env = Record<string, string | undefined>;

/**
 * Reads settings from the environment for loadConfig (config.ts): each reader returns the value, or
 * the fallback after noting the problem in words an operator can act on, so every bad setting is
 * reported at once.
 */
export class EnvReader {
  constructor(
    private readonly env: Env,
    private readonly problems: string[],
  ) {}

  optional(name: string): string | null {
    const value = this.env[name]?.trim();
    return value ? value : null;
  }

  string(name: string, fallback: string): string {
    return this.optional(name) ?? fallback;
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const raw = this.optional(name);
    if (raw === null) return fallback;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < min || value > max) {
      this.problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}").`);
      return fallback;
    }
    return value;
  }

  /** false (0), true (1), or the number of proxies in front, up to 10. */
  proxyHops(name: string): number {
    const raw = this.optional(name)?.toLowerCase();
    if (raw === undefined || ['false', 'no', 'off'].includes(raw)) return 0;
    if (['true', 'yes', 'on'].includes(raw)) return 1;
    if (/^\d+$/.test(raw) && Number(raw) <= 10) return Number(raw);
    this.problems.push(`${name} must be false, true (one proxy) or the number of proxies in front, up to 10 (got "${raw}").`);
    return 0;
  }

  boolean(name: string, fallback: boolean): boolean {
    const raw = this.optional(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
    if (['0', 'false', 'no', 'off'].includes(raw)) return false;
    this.problems.push(`${name} must be true or false (got "${raw}").`);
    return fallback;
  }

  url(name: string, fallback: string): string {
    const raw = this.optional(name);
    if (raw === null) return fallback;
    if (safeOrigin(raw) === null) {
      this.problems.push(`${name} must be an http:// or https:// URL (got "${raw}").`);
      return fallback;
    }
    return raw;
  }

  list(name: string, fallback: string[]): string[] {
    const raw = this.optional(name);
    if (raw === null) return fallback;
    return unique(raw.split(',').map((item) => item.trim()).filter(Boolean));
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const raw = this.optional(name);
    if (raw === null) return fallback;
    if ((allowed as readonly string[]).includes(raw)) return raw as T;
    this.problems.push(`${name} must be one of ${allowed.join(', ')} (got "${raw}").`);
    return fallback;
  }
}

export function safeOrigin(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

export function unique<T>(items: T[]): T[] {
  return [...new Set(items)];
}
