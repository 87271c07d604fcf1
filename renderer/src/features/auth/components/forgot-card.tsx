import { Link, useLocation } from 'react-router-dom';
import { forgotPasswordSchema } from '../../../../../common/auth/card-schemas';
import { showSuccessToast } from '../../../components/ui/notifications';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { readNavigationState } from '../../../lib/navigation-state';
import { useForgotPassword } from '../api/forgot-password';
import { useCardError } from '../hooks/use-card-error';
import { useCardForm } from '../hooks/use-card-form';
import { authToastLabels } from '../toast-labels';
import { AuthCard } from './auth-card';


export function ForgotCard() {
  const { username } = readNavigationState(useLocation().state);
  const form = useCardForm(forgotPasswordSchema, { username: username ?? '' });
  const cardError = useCardError();
  const forgot = useForgotPassword({
    onSuccess: (response) => showSuccessToast(response.message),
    onMutate: cardError.clear,
    onError: cardError.show(authToastLabels.forgot),
  });

  return (
    <AuthCard
      title="Forgot Password"
      onSubmit={form.handleSubmit((value) => forgot.mutate(value))}
      error={cardError.error}
      submitting={forgot.isPending}
      footer={
        <p>
          Remembered it? <Link to={paths.login}>Log in</Link>
        </p>
      }
    >
      <p className="auth-card__hint">Enter the e-mail address of your account and we will send you a link to set a new password.</p>
      <TextField label="Email" type="email" autoComplete="username" {...form.field('username')} />
    </AuthCard>
  );
}
