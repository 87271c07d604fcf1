import { useAtom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';

export const ANALYTICS_OPT_OUT_KEY = 'gradapp.analytics-opt-out';

/**
 * The applicant's analytics choice, kept across visits. Any analytics code must read this first
 * and stay silent while it is true.
 */
export const analyticsOptOutAtom = atomWithStorage(ANALYTICS_OPT_OUT_KEY, false, undefined, { getOnInit: true });

export function useAnalyticsOptOut() {
  return useAtom(analyticsOptOutAtom);
}
