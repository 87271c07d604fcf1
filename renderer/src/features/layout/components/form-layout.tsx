import type { ReactNode } from 'react';
import { AccountBanner } from './account-banner';
import { AlertBanner } from './alert-banner';
import { PageNav } from './page-nav';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

interface FormLayoutProps {
  accountMenu: ReactNode;
  /** The missing-information block, between the banners and the page. */
  missingInformation?: ReactNode;
  children: ReactNode;
}

/**
 * The shared layout of the form pages (spec platform section 2), an applicant's or a visitor's; a
 * service link's print view is another route element with none of it (FormRoot, ServiceView).
 */
export function FormLayout({ accountMenu, missingInformation, children }: FormLayoutProps) {
  return (
    <>
      <SkipLink />
      <SiteHeader accountMenu={accountMenu} navigation={<PageNav />} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="site-main">
        <AlertBanner />
        <AccountBanner />
        {missingInformation}
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
