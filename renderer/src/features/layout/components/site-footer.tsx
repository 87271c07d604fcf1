import { Suspense, useState } from 'react';
import { tenant } from '../../../../../common/form/tenant';
import { Modal } from '../../../components/ui/modal';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';
import { CookieNotice } from './cookie-notice';
import { OfficeAddress } from './office-address';

/** Help's text loads when it is first asked for (hovered, focused or clicked), not with a visitor's first paint. */
const HelpModal = lazyWithPreload(() => import('./help-modal').then((module) => module.HelpModal));

const PRIVACY_TITLE = 'Privacy Policy and Cookie Notice';

export function SiteFooter() {
  const [open, setOpen] = useState<'help' | 'privacy' | null>(null);
  // Once asked for, Help stays mounted, so its dialog closes as the others do and gives the focus back.
  const [helpWanted, setHelpWanted] = useState(false);
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
            <button
              type="button"
              className="link-button link-button--inverse"
              onMouseEnter={() => void HelpModal.preload()}
              onFocus={() => void HelpModal.preload()}
              onClick={() => {
                setHelpWanted(true);
                setOpen('help');
              }}
            >
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
      {helpWanted && (
        <Suspense fallback={null}>
          <HelpModal isOpen={open === 'help'} onClose={close} />
        </Suspense>
      )}
      <Modal isOpen={open === 'privacy'} onClose={close} title={PRIVACY_TITLE} size="m">
        <CookieNotice />
      </Modal>
    </footer>
  );
}
