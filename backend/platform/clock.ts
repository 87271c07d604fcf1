/** Milliseconds since the epoch; injected so tests can move time (code expiry, idle sessions). */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
