import { useEffect } from 'react';
import { useSetAtom } from 'jotai';
import { useLocation, useNavigate } from 'react-router-dom';
import { showErrorToast, showSuccessToast } from '../../components/ui/notifications';
import { paths } from '../../config/paths';
import { authToastLabels } from '../../features/auth';
import { readNavigationState } from '../../lib/navigation-state';
import { addTypedAnswersAtom } from '../../features/answers/typed-answers';
import { carriedAnswersPendingAtom } from '../../features/answers';

/**
 * Takes what a navigation carried (spec platform section 2): messages become toasts and answers
 * join the applicant's answers. Both are then removed from the history entry, so Back or a
 * reload does not show a message again or bring back answers edited since.
 */
export function useNavigationStateInbox() {
  const location = useLocation();
  const navigate = useNavigate();
  const addTypedAnswers = useSetAtom(addTypedAnswersAtom);
  const setCarriedAnswersPending = useSetAtom(carriedAnswersPendingAtom);

  useEffect(() => {
    const { answers, successMessage, errorMessage, ...rest } = readNavigationState(location.state);
    if (!answers && !successMessage && !errorMessage) return;
    if (answers) {
      addTypedAnswers(answers);
      setCarriedAnswersPending(true);
    }
    if (successMessage) showSuccessToast(successMessage);
    if (errorMessage) {
      showErrorToast(location.pathname === paths.login ? authToastLabels.login : 'Error Notification', errorMessage);
    }
    const { pathname, search, hash } = location;
    navigate({ pathname, search, hash }, { replace: true, state: rest });
  }, [location, navigate, addTypedAnswers, setCarriedAnswersPending]);
}
