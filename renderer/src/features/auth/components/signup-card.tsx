import { Link, useLocation, useNavigate } from 'react-router-dom';
import { signupSchema } from '../../../../../common/auth/card-schemas';
import { showErrorToast } from '../../../components/ui/notifications';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { errorMessageOf } from '../../../lib/api-errors';
import { readNavigationState, type NavigationState } from '../../../lib/navigation-state';
import { useSignup } from '../api/signup';
import { useCardForm } from '../hooks/use-card-form';
import { authToastLabels } from '../toast-labels';
import { AuthCard } from './auth-card';
import { NewPasswordField } from './new-password-field';


export function SignupCard() {
  const navigate = useNavigate();
  const { username } = readNavigationState(useLocation().state);
  const form = useCardForm(signupSchema, { username: username ?? '', password: '' });
  const signup = useSignup({
    onSuccess: (response, request) => {
      const state: NavigationState = { username: request.username, successMessage: response.message };
      navigate(paths.confirm, { state });
    },
    onError: (error) => showErrorToast(authToastLabels.signup, errorMessageOf(error)),
  });

  return (
    <AuthCard
      title="Sign Up"
      onSubmit={form.handleSubmit((value) => signup.mutate(value))}
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
