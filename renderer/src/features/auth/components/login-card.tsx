import { useSetAtom } from 'jotai';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { loginSchema } from '../../../../../common/auth/card-schemas';
import { showErrorToast } from '../../../components/ui/notifications';
import { TextField } from '../../../components/ui/text-field';
import { DEFAULT_ROUTE, paths } from '../../../config/paths';
import { errorMessageOf } from '../../../lib/api-errors';
import { useAllAnswers } from '../../../state/answers';
import { readNavigationState, type NavigationState } from '../../../lib/navigation-state';
import { stashedAnswersFor } from '../../../lib/unsaved-answers-stash';
import { refreshCookiesAtom } from '../../../state/session';
import { resetSnapshotAtom } from '../../../state/snapshot';
import { answerQueue } from '../../answers';
import { useLogin } from '../api/login';
import { useCardForm } from '../hooks/use-card-form';
import { useResendCode } from '../hooks/use-resend-code';
import { authToastLabels } from '../toast-labels';
import { AuthCard } from './auth-card';
import { ResendCodeButton } from './resend-code-button';


export function LoginCard() {
  const navigate = useNavigate();
  const { username } = readNavigationState(useLocation().state);
  const answers = useAllAnswers();
  const resetSnapshot = useSetAtom(resetSnapshotAtom);
  const refreshCookies = useSetAtom(refreshCookiesAtom);
  const form = useCardForm(loginSchema, { username: username ?? '', password: '' });
  const login = useLogin({
    onSuccess: (response, credentials) => {
      // Answers an ended session kept from this applicant come back; what was typed since wins.
      const kept = stashedAnswersFor(credentials.username);
      // Saves a crashed page of someone else left in this browser are never sent or shown for this one.
      answerQueue.discardUnless(credentials.username);
      resetSnapshot();
      refreshCookies();
      // The server's message ('You are now logged in.') is the success toast the form opens with.
      const state: NavigationState = { answers: { ...kept, ...answers }, successMessage: response.message };
      navigate(DEFAULT_ROUTE, { state });
    },
    onError: (error) => showErrorToast(authToastLabels.login, errorMessageOf(error)),
  });
  const resendCode = useResendCode((sentTo, message) =>
    navigate(paths.confirm, { state: { username: sentTo, successMessage: message } satisfies NavigationState }),
  );

  return (
    <AuthCard
      title="Log In"
      onSubmit={form.handleSubmit((value) => login.mutate(value))}
      submitting={login.isPending}
      actions={
        <>
          <ResendCodeButton pending={resendCode.pending} onResend={() => resendCode.resend(form.values.username ?? '')} />
          <Link to={paths.forgot} state={{ answers, username: form.values.username } satisfies NavigationState}>
            Forgot password?
          </Link>
        </>
      }
      footer={
        <p>
          New applicant? <Link to={paths.signup}>Create an account</Link>
        </p>
      }
    >
      <TextField label="Email" type="email" autoComplete="username" {...resendCode.emailField(form.field('username'))} />
      <TextField label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
    </AuthCard>
  );
}
