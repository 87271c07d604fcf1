import { useAtomValue } from 'jotai';
import { isLoggedInAtom } from '../../../state/session';
import { kioskBridgeAtom } from '../../../state/shell';
import { useApplicationPdf } from '../api/get-application-pdf';
import { PrintApplication } from './print-application';

export const DOWNLOAD_LABEL = 'Download your application (PDF)';
export const PRINT_LABEL = 'Print';
export const PREPARING_MESSAGE = 'Preparing your application PDF…';

/** The same file shown in the browser's PDF viewer, where it prints with its documents. */
export const printUrlOf = (url: string) => `${url}?disposition=inline`;

/** In a browser: the file itself, and the same file in a new tab where it prints with its documents. */
function DownloadLinks({ url }: { url: string | null }) {
  if (!url) {
    return (
      <>
        <button type="button" className="button button--secondary" disabled>
          {DOWNLOAD_LABEL}
        </button>
        <button type="button" className="button button--secondary" disabled>
          {PRINT_LABEL}
        </button>
      </>
    );
  }
  return (
    <>
      <a className="button button--secondary" href={url} download>
        {DOWNLOAD_LABEL}
      </a>
      <a className="button button--secondary" href={printUrlOf(url)} target="_blank" rel="noopener">
        {PRINT_LABEL}
        <span className="visually-hidden"> your application (opens the PDF in a new tab)</span>
      </a>
    </>
  );
}

/**
 * Download and print the whole application (spec platform section 1): disabled, with a polite
 * status, while the PDF is prepared. Print opens the PDF itself rather than printing this page,
 * which is not the application. The campus kiosk prints it on its own printer instead: nothing is
 * downloaded there and no tab opens.
 */
export function DownloadApplication() {
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const kiosk = useAtomValue(kioskBridgeAtom);
  const { data } = useApplicationPdf();
  if (!isLoggedIn) return null;
  const url = data?.status === 'COMPLETED' ? data.url : null;
  return (
    <div className="download-application">
      {kiosk ? <PrintApplication kiosk={kiosk} url={url} /> : <DownloadLinks url={url} />}
      <p className="download-application__status" role="status" aria-live="polite">
        {url ? '' : PREPARING_MESSAGE}
      </p>
    </div>
  );
}
