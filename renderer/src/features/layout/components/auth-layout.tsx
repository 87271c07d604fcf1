import type { ReactNode } from 'react';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The auth screens: the same frame as the form pages, without tabs, banners or account menu. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="site-main site-main--auth">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
