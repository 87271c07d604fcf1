/**
 * The spec's production-environment flag (platform section 2): where it is on, the
 * missing-information panel lists what a logged-in applicant has still to answer. It is a
 * setting, not a constant: the backend reads PRODUCTION_ENVIRONMENT (default: the tenant's
 * `production`) and writes it into this meta tag of the served index.html, as it does the
 * inactivity times; the renderer reads it from there.
 */
export const PRODUCTION_FLAG_META = 'gradapp-production';

/** 'true' or 'false' as the backend writes it; null for anything else. */
export function parseProductionFlag(content: string): boolean | null {
  if (content === 'true') return true;
  if (content === 'false') return false;
  return null;
}
