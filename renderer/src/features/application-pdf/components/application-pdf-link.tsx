import { useAtomValue } from 'jotai';
import { kioskBridgeAtom } from '../../../state/shell';
import { useApplicationPdf } from '../api/get-application-pdf';
import { printUrlOf } from './download-application';

export const OPEN_PDF_LABEL = 'Open your application (PDF)';

/**
 * The checklist's application item links to the same PDF the steps download (issue 28 item 1),
 * opened in a new tab; on the campus kiosk, which only prints, the steps' Print is the one control.
 */
export function ApplicationPdfLink() {
  const kiosk = useAtomValue(kioskBridgeAtom);
  const { data } = useApplicationPdf();
  if (kiosk) return null;
  const url = data?.status === 'COMPLETED' ? data.url : null;
  if (!url) return <p>Your application PDF is being prepared.</p>;
  return (
    <p>
      <a href={printUrlOf(url)} target="_blank" rel="noopener">
        {OPEN_PDF_LABEL}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </p>
  );
}
