import { useAtomValue } from 'jotai';
import { isLoggedInAtom } from '../../../state/session';
import { useApplicationPdf } from '../api/get-application-pdf';

export const DOWNLOAD_LABEL = 'Download your application (PDF)';
export const PRINT_LABEL = 'Print';
export const PREPARING_MESSAGE = 'Preparing your application PDF…';

/** The same file shown in the browser's PDF viewer, where it prints with its documents. */
export const printUrlOf = (url: string) => `${url}?disposition=inline`;

/**
 * Download and print the whole application (spec platform section 1): disabled, with a polite
 * status, while the PDF is prepared. Print opens the PDF itself rather than printing this page,
 * which is not the application.
 */
export function DownloadApplication() {
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const { data } = useApplicationPdf();
  if (!isLoggedIn) return null;
  const url = data?.status === 'COMPLETED' ? data.url : null;
  return (
    <div className="download-application">
      {url ? (
        <>
          <a className="button button--secondary" href={url} download>
            {DOWNLOAD_LABEL}
          </a>
          <a className="button button--secondary" href={printUrlOf(url)} target="_blank" rel="noopener">
            {PRINT_LABEL}
            <span className="visually-hidden"> your application (opens the PDF in a new tab)</span>
          </a>
        </>
      ) : (
        <>
          <button type="button" className="button button--secondary" disabled>
            {DOWNLOAD_LABEL}
          </button>
          <button type="button" className="button button--secondary" disabled>
            {PRINT_LABEL}
          </button>
        </>
      )}
      <p className="download-application__status" role="status" aria-live="polite">
        {url ? '' : PREPARING_MESSAGE}
      </p>
    </div>
  );
}
