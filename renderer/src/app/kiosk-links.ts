import { paramPaths } from '../../../common/api';
import type { KioskBridge } from '../../../common/shell-bridge';
import { showErrorToast } from '../components/ui/notifications';
import { printOnKiosk } from '../features/application-pdf';

export const KIOSK_LINK_LABEL = 'Link Not Opened';

/** What the applicant reads when a link would leave the application (the site is named, to visit later). */
export function kioskLinkMessage(href: URL): string {
  return `This kiosk shows only the application. Visit ${href.host} from your own phone or computer.`;
}

/** The application PDF's own address (`/api/pdf/file/<id>`), whatever its query. */
const APPLICATION_PDF = new RegExp(`^${paramPaths.applicationPdfFile.replace(':id', '[^/]+')}$`);

/**
 * The campus kiosk never leaves the application and never saves a file: a link to the application
 * PDF (to download it or open it in a tab) prints it on the kiosk's printer instead; a link to
 * another site, one that would open a new window (`target="_blank"`) or download something else is
 * not followed and says why; `window.open` opens nothing. The shell refuses navigation, windows and
 * downloads as well (electron/security, electron/kiosk); here the applicant is told rather than
 * left with a tap that does nothing, and a shell without those guards is covered.
 */
export function keepKioskInTheApplication(kiosk: KioskBridge, scope: Window = window): void {
  scope.open = () => null;
  scope.document.addEventListener(
    'click',
    (event) => {
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href]') : null;
      if (!link) return;
      const href = new URL(link.href, scope.location.href);
      const sameOrigin = href.origin === scope.location.origin;
      if (sameOrigin && link.target !== '_blank' && !link.hasAttribute('download')) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (sameOrigin && APPLICATION_PDF.test(href.pathname)) void printOnKiosk(kiosk, `${href.origin}${href.pathname}`);
      else showErrorToast(KIOSK_LINK_LABEL, kioskLinkMessage(href));
    },
    { capture: true },
  );
}
