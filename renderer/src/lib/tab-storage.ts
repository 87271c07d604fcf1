/** This tab's sessionStorage, or null where there is none (no window) or it is turned off. */
export function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}
