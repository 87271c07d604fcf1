import { tenant } from '../../../common/form/tenant';
import { parseProductionFlag, PRODUCTION_FLAG_META } from '../../../common/production-flag';
import { COOKIE_PREFIX_META, DEFAULT_COOKIE_PREFIX } from '../../../common/session-cookies';
import {
  defaultInactivitySettings,
  INACTIVITY_TIMEOUT_META,
  INACTIVITY_WARNING_META,
  inactivitySettingsProblems,
  type InactivitySettings,
} from '../../../common/inactivity';

export interface AppConfig {
  /** Identity-provider cookie prefix; the presence of such a cookie means someone is logged in. */
  cookiePrefix: string;
  /** When an idle applicant is warned and logged out (spec platform sections 4 and 9). */
  inactivity: InactivitySettings;
  /** Shows the missing-information panel (spec platform section 2); the tenant's flag when no tag says. */
  production: boolean;
}

// A cookie name is an RFC 6265 token: no separators, spaces or control characters.
const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * The served index.html is the renderer's only configuration source: the backend writes its
 * settings into meta tags, so the bundle itself stays the same for every deployment.
 */
export function readAppConfig(doc: Document | undefined): AppConfig {
  return { cookiePrefix: readCookiePrefix(doc), inactivity: readInactivity(doc), production: readProduction(doc) };
}

function readCookiePrefix(doc: Document | undefined): string {
  const meta = doc?.querySelector<HTMLMetaElement>(`meta[name="${COOKIE_PREFIX_META}"]`);
  if (!meta) return DEFAULT_COOKIE_PREFIX;
  const cookiePrefix = meta.content.trim();
  if (!COOKIE_NAME.test(cookiePrefix)) {
    throw new Error(`Bad renderer configuration: meta ${COOKIE_PREFIX_META} must be a cookie name, got "${meta.content}".`);
  }
  return cookiePrefix;
}

function readProduction(doc: Document | undefined): boolean {
  const meta = doc?.querySelector<HTMLMetaElement>(`meta[name="${PRODUCTION_FLAG_META}"]`);
  if (!meta) return tenant.production;
  const production = parseProductionFlag(meta.content.trim());
  if (production === null) {
    throw new Error(`Bad renderer configuration: meta ${PRODUCTION_FLAG_META} (PRODUCTION_ENVIRONMENT) must be true or false, got "${meta.content}".`);
  }
  return production;
}

function readInactivity(doc: Document | undefined): InactivitySettings {
  const read = (name: string, fallback: number) => {
    const content = doc?.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim();
    return content ? Number(content) : fallback;
  };
  const settings = {
    timeoutMs: read(INACTIVITY_TIMEOUT_META, defaultInactivitySettings.timeoutMs),
    warningMs: read(INACTIVITY_WARNING_META, defaultInactivitySettings.warningMs),
  };
  const problems = inactivitySettingsProblems(settings);
  if (problems.length > 0) throw new Error(`Bad renderer configuration: ${problems.join(' ')}`);
  return settings;
}

export const appConfig: AppConfig = readAppConfig(typeof document === 'undefined' ? undefined : document);
