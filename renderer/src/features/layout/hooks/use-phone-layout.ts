import { useSyncExternalStore } from 'react';

/** The width below which the layout is a phone's (the styles' 675px breakpoint). */
export const PHONE_LAYOUT_QUERY = '(max-width: 675px)';

function phoneQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_LAYOUT_QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const query = phoneQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** Whether the screen is a phone's, following a rotation or a resized window. */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(subscribe, () => phoneQuery()?.matches ?? false, () => false);
}
