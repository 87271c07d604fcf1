import type { WebStatus, WebStatusEntry } from './api';

const ORDER: readonly WebStatus[] = ['started', 'validating', 'submitted'];

export function isWebStatus(value: unknown): value is WebStatus {
  return typeof value === 'string' && (ORDER as readonly string[]).includes(value);
}

/**
 * Spec platform section 4: the status is derived from the number of distinct valid entries:
 * 0 none, 1 started, 2 validating, 3 submitted.
 */
export function deriveWebStatus(entries: readonly Pick<WebStatusEntry, 'web_status'>[]): WebStatus | null {
  const distinct = new Set(entries.map((entry) => entry.web_status).filter(isWebStatus));
  return distinct.size === 0 ? null : (ORDER[distinct.size - 1] ?? null);
}
