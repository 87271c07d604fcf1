import type { OnHeadersReceivedListenerDetails, Session } from 'electron';

/**
 * The backend sends its own Content-Security-Policy with every page (backend/http/security-headers.ts)
 * and it is left alone. A document that arrives without one (a proxy's error page, a
 * misconfigured server) gets this: it may show text and styles, run nothing, load nothing and be
 * framed by nobody. The shells load no local page of their own, so this is the only policy they add.
 */
export const SHELL_FALLBACK_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

type Headers = Record<string, string[]>;

export function withFallbackPolicy(details: Pick<OnHeadersReceivedListenerDetails, 'resourceType' | 'responseHeaders'>): Headers | undefined {
  const headers = details.responseHeaders ?? {};
  const isDocument = details.resourceType === 'mainFrame' || details.resourceType === 'subFrame';
  const hasPolicy = Object.keys(headers).some((name) => name.toLowerCase() === 'content-security-policy');
  if (!isDocument || hasPolicy) return undefined;
  return { ...headers, 'Content-Security-Policy': [SHELL_FALLBACK_CSP] };
}

export function addFallbackPolicy(session: { webRequest: Pick<Session['webRequest'], 'onHeadersReceived'> }): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    const responseHeaders = withFallbackPolicy(details);
    callback(responseHeaders ? { responseHeaders } : {});
  });
}
