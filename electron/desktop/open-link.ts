import { parseServiceLink } from '../platform/deep-link';

export interface OpenLinkDeps {
  appUrl: URL;
  load: (url: URL) => void;
  showError: (message: string) => void;
}

/**
 * Opens a service link from wherever it came (the command line, a gradapp:// launch, a second
 * instance, the clipboard), refusing anything the parser refuses with its reason. The viewer's
 * "Open Link" reads the clipboard rather than showing a text box: Electron has no native input
 * dialog, and a local HTML prompt would be one more page with a privileged bridge to secure.
 */
export function openServiceLink(text: string | undefined, deps: OpenLinkDeps): boolean {
  if (!text || !text.trim()) {
    deps.showError('Copy a service link (https://\u2026/?service_token=\u2026 or gradapp://open?service_token=\u2026) first, then choose Open Link.');
    return false;
  }
  const link = parseServiceLink(text, deps.appUrl);
  if (!link.ok) {
    deps.showError(link.message);
    return false;
  }
  deps.load(link.url);
  return true;
}
