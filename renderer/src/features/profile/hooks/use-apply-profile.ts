import { useLayoutEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { isLoggedInAtom } from '../../../state/session';
import { profileAtom } from '../../../state/snapshot';
import { receiveProfileAtom } from '../../answers';
import { useProfile } from '../api/get-profile';

/**
 * Loads the profile and copies it into the client snapshot. Reports not ready until a logged-in
 * applicant's profile is in the snapshot, so no navigation rule ever runs on a half-known state.
 */
export function useApplyProfile(): { ready: boolean } {
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const applied = useAtomValue(profileAtom);
  const applyProfile = useSetAtom(receiveProfileAtom);
  const { data } = useProfile();

  // Layout effect: the snapshot is filled before the browser paints the spinner's replacement.
  useLayoutEffect(() => {
    if (data) applyProfile(data);
  }, [data, applyProfile]);

  return { ready: !isLoggedIn || applied !== null };
}
