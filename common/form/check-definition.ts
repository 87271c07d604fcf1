import { assertFormDefinition } from './config-checks';
import type { PageDef } from './types';

/**
 * The bad-config checks run over the form as the product ships it (spec platform sections 5 and 8:
 * "Local-development-only checks raise a bad-config error"): the renderer in development runs it
 * when the definition arrives, the backend when it starts in development. Throws a BadConfigError
 * naming every problem. The pages are the caller's, as the renderer loads them as a chunk.
 */
export function assertShippedFormDefinition(pages: readonly PageDef[]): void {
  assertFormDefinition(pages);
}
