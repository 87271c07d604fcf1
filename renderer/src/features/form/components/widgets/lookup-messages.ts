// What the lookup's combobox says (lookup-input.tsx), apart from the widget that loads it lazily (lookup.tsx).

/** Fewer characters than this are not searched: one letter or digit matches too much to help. */
export const LOOKUP_MIN_SEARCH_LENGTH = 2;
export const SCHOOL_NOT_CHOSEN_HINT = 'Enter your school information below';

export function resultCountMessage(count: number): string {
  if (count === 0) return 'No results.';
  return `${count} ${count === 1 ? 'result' : 'results'} available.`;
}
