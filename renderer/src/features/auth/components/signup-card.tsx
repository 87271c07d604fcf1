import { Link, useLocation, useNavigate } from 'react-router-dom';
import { signupSchema } from '../../../../../common/auth/card-schemas';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { readNavigationState, type NavigationState } from '../../../lib/navigation-state';
import { useSignup } from '../api/signup';
import { useCardError } from '../hooks/use-card-error';
import { useCardForm } from '../hooks/use-card-form';
import { authToastLabels } from '../toast-labels';
import { AuthCard } from './auth-card';
import { NewPasswordField } from './new-password-field';


export function SignupCard() {
  const navigate = useNavigate();
  const { username } = readNavigationState(useLocation().state);
  const form = useCardForm(signupSchema, { username: username ?? '', password: '' });
  const cardError = useCardError();
  const signup = useSignup({
    onSuccess: (response, request) => {
      const state: NavigationState = { username: request.username, successMessage: response.message };
      navigate(paths.confirm, { state });
    },
    onMutate: cardError.clear,
    onError: cardError.show(authToastLabels.signup),
  });

  return (
    <AuthCard
      title="Sign Up"
      onSubmit={form.handleSubmit((value) => signup.mutate(value))}
      error={cardError.error}
      submitting={signup.isPending}
      footer={
        <p>
          Already have an account? <Link to={paths.login}>Log in</Link>
        </p>
      }
    >
      <TextField label="Email" type="email" autoComplete="username" {...form.field('username')} />
      <NewPasswordField {...form.field('password')} />
    </AuthCard>
  );
}
