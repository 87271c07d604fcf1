/**
 * The one key factory: every query and every invalidation builds its key here, so no key is
 * typed twice (STYLE.md example 1).
 */
const root = ['gradapp'] as const;

export const queryKeys = {
  all: root,
  profile: () => [...root, 'profile'] as const,
};
