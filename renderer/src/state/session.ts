import { atom } from 'jotai';
import { atomWithLazy } from 'jotai/utils';
import { SERVICE_TOKEN_PARAM } from '../../../common/token-api';
import { hasCookieWithPrefix } from '../../../common/session-cookies';
import { appConfig } from '../config/app-config';

function readDocumentCookie(): string {
  return typeof document === 'undefined' ? '' : document.cookie;
}

/**
 * The cookie string as last read. Cookies change without telling anyone, so whoever knows they
 * changed (login, logout, an expired session) re-reads them through refreshCookiesAtom.
 */
export const cookieHeaderAtom = atomWithLazy(readDocumentCookie);

export const refreshCookiesAtom = atom(null, (_get, set) => set(cookieHeaderAtom, readDocumentCookie()));

/** Spec platform section 6: logged in means a cookie named with the identity-provider prefix exists. */
export const isLoggedInAtom = atom((get) => hasCookieWithPrefix(get(cookieHeaderAtom), appConfig.cookiePrefix));

function readServiceToken(): boolean {
  return typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('service_token');
}

/** A staff viewer arrives with service_token in the URL and sees the read-only print view. */
export const isServiceUserAtom = atomWithLazy(readServiceToken);

function readServiceTokenValue(): string | null {
  return typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get(SERVICE_TOKEN_PARAM);
}

/** The service token itself, for the calls of the print view (null when the URL has none). */
export const serviceTokenAtom = atomWithLazy(readServiceTokenValue);
