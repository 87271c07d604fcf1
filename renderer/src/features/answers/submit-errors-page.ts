import { pageOfKey } from '../../../../common/form/pages';
import { tenant } from '../../../../common/form/tenant';
import type { PageDef, PageId } from '../../../../common/form/types';

/**
 * Where Submit shows its errors (issue 17, item 2): the page submitted from while it has one of
 * them, else the first page in navigation order that has; the error summary at the top lists every
 * page's. A tenant that names a page (the spec's "configured default route") always goes there.
 * Returns the path to go to, or null to stay.
 */
export function submitErrorsPath(
  errors: Readonly<Record<string, readonly string[]>>,
  from: string,
  pages: readonly PageDef[],
  configured: PageId | null = tenant.submit_errors_page,
): string | null {
  const configuredPath = configured ? pages.find((page) => page.id === configured)?.path : undefined;
  if (configuredPath) return configuredPath === from ? null : configuredPath;

  const withErrors = new Set<string>();
  for (const [key, messages] of Object.entries(errors)) {
    const page = messages.length > 0 ? pageOfKey(key, pages) : undefined;
    if (page) withErrors.add(page.path);
  }
  if (withErrors.has(from)) return null;
  return pages.find((page) => withErrors.has(page.path))?.path ?? null;
}
