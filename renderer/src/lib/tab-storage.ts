/** This tab's sessionStorage, or null where there is none (no window) or it is turned off. */
export function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Removes this tab's entry at `key`; storage that is off has nothing to remove. */
export function removeFromTab(key: string): void {
  try {
    tabStorage()?.removeItem(key);
  } catch {
    // Nothing to remove from storage that is off.
  }
}
