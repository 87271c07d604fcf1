import { useLayoutEffect } from 'react';
import { useAtomValue } from 'jotai';
import { isLoggedInAtom } from '../../../state/session';
import { profileAtom } from '../../../state/snapshot';
import { useProfile } from '../api/get-profile';

/**
 * Loads the profile into the client snapshot and the answer store (the query's function hands it
 * over, get-profile.ts). Reports not ready until a logged-in applicant's profile is in the
 * snapshot, so no navigation rule ever runs on a half-known state. The cache keeps no answers: a
 * store that has forgotten the applicant since the cached fetch (a session ended, a new one began)
 * fetches the profile again rather than showing details without their answers.
 */
export function useApplyProfile(): { ready: boolean } {
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const applied = useAtomValue(profileAtom);
  const { data, isFetching, refetch } = useProfile();

  // Layout effect: the fetch starts before the browser paints the spinner's replacement.
  useLayoutEffect(() => {
    if (isLoggedIn && data && applied === null && !isFetching) void refetch();
  }, [isLoggedIn, data, applied, isFetching, refetch]);

  return { ready: !isLoggedIn || applied !== null };
}
