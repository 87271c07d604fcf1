import { useEffect, useState, useSyncExternalStore } from 'react';
import { TOAST_HOTKEY } from '../../../../common/constants';
import { loadedToasts, loadToasts, onToastsLoaded } from './notifications';
import { TOAST_REGION_ATTRIBUTE } from './toast-region';

/** What the applicant does first here; a notice usually follows something they did. */
const FIRST_INTERACTION = ['focusin', 'pointerdown', 'keydown'] as const;

/**
 * The toast region: headless, so the toasts are our own markup and CSS; F8 moves focus here so
 * keyboard users can reach a toast's dismiss button before it times out. The region is in the
 * page from the start, so screen readers announce the first toast too (a live region added with
 * its content is not announced); the toasts inside come with their chunk, fetched at the first
 * notice or the applicant's first interaction, whichever comes first (issue 26, item 5), so a
 * notice raised later (a save that failed for want of a connection) needs no download.
 */
export function Toaster() {
  const [region, setRegion] = useState<HTMLElement | null>(null);
  const toasts = useSyncExternalStore(onToastsLoaded, loadedToasts);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== TOAST_HOTKEY) return;
      event.preventDefault();
      region?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [region]);

  useEffect(() => {
    if (toasts) return;
    const load = () => void loadToasts();
    for (const type of FIRST_INTERACTION) document.addEventListener(type, load, { once: true, capture: true, passive: true });
    return () => {
      for (const type of FIRST_INTERACTION) document.removeEventListener(type, load, { capture: true });
    };
  }, [toasts]);

  return (
    <section
      ref={setRegion}
      tabIndex={-1}
      aria-label={`Notifications (${TOAST_HOTKEY})`}
      aria-live="polite"
      className="toaster"
      {...{ [TOAST_REGION_ATTRIBUTE]: '' }}
    >
      {region && toasts?.toastList(region)}
    </section>
  );
}
