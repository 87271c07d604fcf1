import { Link, useLocation, useNavigate } from 'react-router-dom';
import { confirmSchema } from '../../../../../common/auth/card-schemas';
import { showErrorToast, showSuccessToast } from '../../../components/ui/notifications';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { errorMessageOf } from '../../../lib/api-errors';
import { readNavigationState, type NavigationState } from '../../../lib/navigation-state';
import { useConfirmAccount } from '../api/confirm';
import { useCardForm } from '../hooks/use-card-form';
import { useResendCode } from '../hooks/use-resend-code';
import { authToastLabels } from '../toast-labels';
import { AuthCard } from './auth-card';
import { ResendCodeButton } from './resend-code-button';


export function ConfirmCard() {
  const navigate = useNavigate();
  const { username } = readNavigationState(useLocation().state);
  const form = useCardForm(confirmSchema, { username: username ?? '', code: '' });
  const confirm = useConfirmAccount({
    onSuccess: (response, request) => {
      const state: NavigationState = { username: request.username, successMessage: response.message };
      navigate(paths.login, { state });
    },
    onError: (error) => showErrorToast(authToastLabels.confirm, errorMessageOf(error)),
  });
  const resendCode = useResendCode((_sentTo, message) => showSuccessToast(message));

  return (
    <AuthCard
      title="Confirm Your Account"
      onSubmit={form.handleSubmit((value) => confirm.mutate(value))}
      submitting={confirm.isPending}
      actions={
        <ResendCodeButton pending={resendCode.pending} onResend={() => resendCode.resend(form.values.username ?? '')} />
      }
      footer={
        <p>
          Already confirmed? <Link to={paths.login}>Log in</Link>
        </p>
      }
    >
      <TextField label="Email" type="email" autoComplete="username" {...resendCode.emailField(form.field('username'))} />
      <TextField
        label="Confirmation Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        {...form.field('code')}
      />
    </AuthCard>
  );
}
