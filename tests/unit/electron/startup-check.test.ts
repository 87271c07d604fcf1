import { describe, expect, it, vi } from 'vitest';
import { checkApplicationReachable } from '../../../electron/startup-check';

const appUrl = new URL('https://apply.example.edu/about');

describe('startup check', () => {
  it('asks the backend health endpoint on the application origin, with a timeout', async () => {
    const fetch = vi.fn(async (_url: string, _init: { signal: AbortSignal }) => ({ ok: true, status: 200 }));
    expect(await checkApplicationReachable(appUrl, fetch)).toEqual({ ok: true });
    expect(fetch.mock.calls[0]?.[0]).toBe('https://apply.example.edu/health');
    expect(fetch.mock.calls[0]?.[1].signal).toBeInstanceOf(AbortSignal);
  });

  it('says clearly that the application is not ready when /health fails', async () => {
    const result = await checkApplicationReachable(appUrl, async () => ({ ok: false, status: 503 }));
    expect(result).toEqual({ ok: false, message: expect.stringMatching(/https:\/\/apply.example.edu is not ready .*answered 503/) });
  });

  it('says clearly that the application cannot be reached when nobody answers in time', async () => {
    const hanging = (_url: string, init: { signal: AbortSignal }) =>
      new Promise<never>((_resolve, reject) => init.signal.addEventListener('abort', () => reject(init.signal.reason)));
    const result = await checkApplicationReachable(appUrl, hanging, 20);
    expect(result).toEqual({ ok: false, message: expect.stringMatching(/cannot be reached .*within 0.02 s/) });
    const refused = await checkApplicationReachable(appUrl, async () => {
      throw new TypeError('fetch failed');
    });
    expect(refused.ok).toBe(false);
  });
});
