import { useState } from 'react';
import { tenant } from '../../../../../common/form/tenant';
import { Modal } from '../../../components/ui/modal';
import { CookieNotice } from './cookie-notice';
import { HelpModal } from './help-modal';
import { OfficeAddress } from './office-address';

const PRIVACY_TITLE = 'Privacy Policy and Cookie Notice';

export function SiteFooter() {
  const [open, setOpen] = useState<'help' | 'privacy' | null>(null);
  const close = () => setOpen(null);
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div>
          <p className="site-footer__title">{tenant.application_title}</p>
          <OfficeAddress />
        </div>
        <ul className="site-footer__actions">
          <li>
            <button type="button" className="link-button link-button--inverse" onClick={() => setOpen('help')}>
              Help
            </button>
          </li>
          <li>
            <button type="button" className="link-button link-button--inverse" onClick={() => setOpen('privacy')}>
              {PRIVACY_TITLE}
            </button>
          </li>
        </ul>
      </div>
      <HelpModal isOpen={open === 'help'} onClose={close} />
      <Modal isOpen={open === 'privacy'} onClose={close} title={PRIVACY_TITLE} size="m">
        <CookieNotice />
      </Modal>
    </footer>
  );
}
