/**
 * The one question every security measure asks: is this URL on the application's own origin?
 * Only http(s) URLs can be; `file:`, `data:`, `javascript:`, `blob:` and the like never are, even
 * when their text contains the origin.
 */
export function isAppOrigin(target: string, appUrl: URL): boolean {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return false;
  }
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === appUrl.origin;
}
