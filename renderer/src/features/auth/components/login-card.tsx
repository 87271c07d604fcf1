import { Link, useLocation, useNavigate } from 'react-router-dom';
import { loginSchema } from '../../../../../common/auth/card-schemas';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { ServerError } from '../../../lib/api-errors';
import { readNavigationState, type NavigationState } from '../../../lib/navigation-state';
import { useAllAnswers } from '../../answers/typed-answers';
import { useLogin } from '../api/login';
import { useCardError } from '../hooks/use-card-error';
import { useCardForm } from '../hooks/use-card-form';
import { useResendCode } from '../hooks/use-resend-code';
import { useStartSession } from '../hooks/use-start-session';
import { authToastLabels } from '../toast-labels';
import { AuthCard } from './auth-card';
import { ResendCodeButton } from './resend-code-button';

/** The server's answer to the right password of an account still waiting for its code. */
const NOT_CONFIRMED_STATUS = 403;

export function LoginCard() {
  const navigate = useNavigate();
  const { username } = readNavigationState(useLocation().state);
  const answers = useAllAnswers();
  const form = useCardForm(loginSchema, { username: username ?? '', password: '' });
  const startSession = useStartSession();
  const cardError = useCardError();
  const showLoginError = cardError.show(authToastLabels.login);
  const login = useLogin({
    onMutate: cardError.clear,
    onSuccess: (response, credentials) => startSession(credentials.username, response.message),
    onError: (error, credentials) => {
      // Right password, code not yet entered: the confirm card for that address, which says why.
      if (error instanceof ServerError && error.status === NOT_CONFIRMED_STATUS) {
        const state: NavigationState = { username: credentials.username, notice: error.message };
        navigate(paths.confirm, { state });
        return;
      }
      showLoginError(error);
    },
  });
  const resendCode = useResendCode(
    (sentTo, message) => navigate(paths.confirm, { state: { username: sentTo, successMessage: message } satisfies NavigationState }),
    cardError.show(authToastLabels.resend),
    cardError.clear,
  );

  return (
    <AuthCard
      title="Log In"
      onSubmit={form.handleSubmit((value) => login.mutate(value))}
      error={cardError.error}
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
