/**
 * Cookie names (spec platform section 6). A user counts as logged in when a cookie whose name
 * starts with the identity-provider prefix exists; the session cookie itself is HttpOnly, so the
 * renderer sees only the readable presence cookie, which carries the same prefix.
 */
export const DEFAULT_COOKIE_PREFIX = 'gradapp-idp';

/** The backend writes the configured prefix into this meta tag of the served index.html. */
export const COOKIE_PREFIX_META = 'gradapp-cookie-prefix';

export function sessionCookieName(prefix: string): string {
  return `${prefix}.session`;
}

export function presenceCookieName(prefix: string): string {
  return `${prefix}.presence`;
}

/** True when a `document.cookie`-style string holds a cookie whose name starts with the prefix. */
export function hasCookieWithPrefix(cookieHeader: string, prefix: string): boolean {
  return cookieHeader
    .split(';')
    .map((part) => part.trim())
    .some((part) => part.startsWith(prefix) && part.includes('='));
}
