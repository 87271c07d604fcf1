import { useEffect } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { isLoggedInAtom } from '../../../state/session';
import { webStatusAtom } from '../../../state/snapshot';
import { usePostWebStatus } from '../../answers';

/** Spec platform section 4: a logged-in applicant without a status has just started. */
export function useEnsureWebStatus() {
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const [webStatus, setWebStatus] = useAtom(webStatusAtom);
  const { mutate } = usePostWebStatus();

  useEffect(() => {
    if (!isLoggedIn || webStatus !== null) return;
    setWebStatus('started');
    mutate({ web_status: 'started' });
  }, [isLoggedIn, webStatus, setWebStatus, mutate]);
}
