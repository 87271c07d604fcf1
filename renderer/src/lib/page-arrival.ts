import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

const PAGE_HEADING_ATTRIBUTE = 'data-page-heading';

/** A page's main heading: focused (not tabbed to) when the page is arrived at, so it is announced. */
export const pageHeadingProps = { tabIndex: -1, [PAGE_HEADING_ATTRIBUTE]: '' } as const;

/** How long a page's heading is waited for while its chunk or data load. */
const HEADING_WAIT_MS = 10_000;

let someoneActed = false;
function noteAction() {
  someoneActed = true;
}

/**
 * The redirects of a first load (`/` to /about, a logged-in applicant to the last page) happen
 * before anyone has pressed a key or a pointer: they are the page the browser opened, which starts
 * at its top with focus where the browser puts it (the first Tab reaches the skip link).
 */
function listenForTheFirstAction(): () => void {
  const events = ['keydown', 'pointerdown', 'touchstart'] as const;
  events.forEach((type) => window.addEventListener(type, noteAction, { capture: true, passive: true }));
  return () => events.forEach((type) => window.removeEventListener(type, noteAction, { capture: true }));
}

/** Focus already placed inside the page by the page itself (the error summary after a refused submit). */
function focusTakenByThePage(): boolean {
  const active = document.activeElement;
  if (!active || active === document.body) return false;
  return document.querySelector('main')?.contains(active) ?? false;
}

/** Focuses the new page's heading now if it is there, else when it appears; returns the cancel. */
export function focusHeadingWhenShown(): () => void {
  const focusHeading = (): boolean => {
    const heading = document.querySelector<HTMLElement>(`[${PAGE_HEADING_ATTRIBUTE}]`);
    if (!heading) return false;
    if (!focusTakenByThePage()) heading.focus({ preventScroll: true });
    return true;
  };
  if (focusHeading()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (!focusHeading()) return;
    // A spinner stood in for the page meanwhile: the page, once shown, starts at its top too.
    window.scrollTo(0, 0);
    stop();
  });
  const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/**
 * Each page starts at its top (issue 33, item 1): after a move to another path the window is
 * scrolled to the top and focus goes to the new page's heading, so a screen reader announces the
 * page, as GOV.UK's pages and React Router's ScrollRestoration do. A path with a `#field` (an error
 * link, the missing-information list, the skip link) is the page's own to scroll to and focus
 * (page-body.tsx), and focus the page itself placed (the error summary) is left where it is.
 */
export function usePageArrival() {
  const { pathname, hash } = useLocation();
  const shownPath = useRef(pathname);
  useEffect(listenForTheFirstAction, []);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (hash || !someoneActed) return;
    window.scrollTo(0, 0);
    return focusHeadingWhenShown();
  }, [pathname, hash]);
}
