import type { Answers } from '../../../common/api';

/**
 * What screens hand each other through router navigation state (spec platform section 2):
 * answers typed before an account exists, the username between auth cards, and messages to toast.
 */
export interface NavigationState {
  answers?: Answers;
  username?: string;
  successMessage?: string;
  errorMessage?: string;
  /** What the next card says in itself, not in a toast (the login's "not confirmed yet" on the confirm card). */
  notice?: string;
}

// History state survives reloads and can be anything another script pushed, so read it defensively.
export function readNavigationState(state: unknown): NavigationState {
  if (!state || typeof state !== 'object') return {};
  const raw = state as Record<string, unknown>;
  const result: NavigationState = {};
  if (raw.answers && typeof raw.answers === 'object') result.answers = raw.answers as Answers;
  for (const key of ['username', 'successMessage', 'errorMessage', 'notice'] as const) {
    const value = raw[key];
    if (typeof value === 'string' && value !== '') result[key] = value;
  }
  return result;
}
