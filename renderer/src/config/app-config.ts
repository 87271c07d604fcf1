import { COOKIE_PREFIX_META, DEFAULT_COOKIE_PREFIX } from '../../../common/session-cookies';

export interface AppConfig {
  /** Identity-provider cookie prefix; the presence of such a cookie means someone is logged in. */
  cookiePrefix: string;
}

// A cookie name is an RFC 6265 token: no separators, spaces or control characters.
const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * The served index.html is the renderer's only configuration source: the backend writes its
 * settings into meta tags, so the bundle itself stays the same for every deployment.
 */
export function readAppConfig(doc: Document | undefined): AppConfig {
  const meta = doc?.querySelector<HTMLMetaElement>(`meta[name="${COOKIE_PREFIX_META}"]`);
  if (!meta) return { cookiePrefix: DEFAULT_COOKIE_PREFIX };
  const cookiePrefix = meta.content.trim();
  if (!COOKIE_NAME.test(cookiePrefix)) {
    throw new Error(`Bad renderer configuration: meta ${COOKIE_PREFIX_META} must be a cookie name, got "${meta.content}".`);
  }
  return { cookiePrefix };
}

export const appConfig: AppConfig = readAppConfig(typeof document === 'undefined' ? undefined : document);
