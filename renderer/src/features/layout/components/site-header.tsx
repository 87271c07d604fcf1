import type { ReactNode } from 'react';
import { tenant } from '../../../../../common/form/tenant';
import { PartnerLogo } from './partner-logo';

interface SiteHeaderProps {
  /** The account popover, when the screen has one. */
  accountMenu?: ReactNode;
  /** The horizontal navigation, when the screen has one. */
  navigation?: ReactNode;
}

/** Logo, account menu, the application title banner and the page tabs. */
export function SiteHeader({ accountMenu, navigation }: SiteHeaderProps) {
  return (
    <header className="site-header">
      <div className="site-header__bar">
        <PartnerLogo />
        {accountMenu}
      </div>
      <div className="title-banner">
        <h1 className="title-banner__title">{tenant.application_title}</h1>
      </div>
      {navigation}
    </header>
  );
}
