import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { resetPasswordCardSchema } from '../../../../../common/auth/card-schemas';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import type { NavigationState } from '../../../lib/navigation-state';
import { useResetPassword } from '../api/reset-password';
import { useCardError } from '../hooks/use-card-error';
import { useCardForm } from '../hooks/use-card-form';
import { authToastLabels } from '../toast-labels';
import { AuthCard } from './auth-card';
import { NewPasswordField } from './new-password-field';


/** Opened from the e-mailed link, which carries the account and the one-time id as query parameters. */
export function ResetCard() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useCardForm(resetPasswordCardSchema, {
    username: params.get('username') ?? '',
    id: params.get('id') ?? '',
    password: '',
    confirm_password: '',
  });
  const cardError = useCardError();
  const reset = useResetPassword({
    onSuccess: (response, request) => {
      const state: NavigationState = { username: request.username, successMessage: response.message };
      navigate(paths.login, { state });
    },
    onMutate: cardError.clear,
    onError: cardError.show(authToastLabels.reset),
  });
  const linkErrors = form.errors.id;

  return (
    <AuthCard
      title="Reset Password"
      onSubmit={form.handleSubmit(({ username, password, id }) => reset.mutate({ username, password, id }))}
      error={cardError.error}
      submitting={reset.isPending}
      footer={
        <p>
          <Link to={paths.login}>Back to log in</Link>
        </p>
      }
    >
      {linkErrors && <p className="form-error" role="alert">{linkErrors.join(' ')}</p>}
      <TextField label="Email" type="email" autoComplete="username" {...form.field('username')} />
      <NewPasswordField {...form.field('password')} />
      <TextField label="Confirm Password" type="password" autoComplete="new-password" {...form.field('confirm_password')} />
    </AuthCard>
  );
}
