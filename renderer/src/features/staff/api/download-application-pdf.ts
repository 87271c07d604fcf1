import { useMutation } from '@tanstack/react-query';
import { UnexpectedResponseError } from '../../../lib/api-errors';
import { applicationPdfUrl } from './get-staff-application';

const POLL_MS = 1_000;
const GIVE_UP_MS = 90_000;

/**
 * The whole-application PDF as a file: the server answers 202 while it is being made, so this
 * asks again until the file comes (a binary answer, which the JSON client does not read).
 */
export async function downloadApplicationPdf(id: string): Promise<{ blob: Blob; fileName: string }> {
  const deadline = Date.now() + GIVE_UP_MS;
  for (;;) {
    const response = await fetch(applicationPdfUrl(id), { credentials: 'same-origin' });
    if (response.status === 200) {
      const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'application.pdf';
      return { blob: await response.blob(), fileName };
    }
    if (response.status !== 202 || Date.now() > deadline) throw new UnexpectedResponseError(response.status);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Fetches the PDF and hands it to the browser as a download. */
export function useDownloadApplicationPdf(id: string) {
  return useMutation({
    mutationFn: () => downloadApplicationPdf(id),
    onSuccess: ({ blob, fileName }) => {
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
  });
}
