import type { LookupCategory } from '../../../common/api';

/**
 * The one key factory: every query and every invalidation builds its key here, so no key is
 * typed twice (STYLE.md example 1).
 */
const root = ['gradapp'] as const;

export const queryKeys = {
  all: root,
  profile: () => [...root, 'profile'] as const,
  lookupSearch: (category: LookupCategory, text: string) => [...root, 'lookup', category, 'search', text] as const,
  lookupRecord: (category: LookupCategory, id: string) => [...root, 'lookup', category, 'record', id] as const,
};
