import { Link, useLocation } from 'react-router-dom';
import { confirmSchema } from '../../../../../common/auth/card-schemas';
import { showSuccessToast } from '../../../components/ui/notifications';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { readNavigationState } from '../../../lib/navigation-state';
import { useConfirmAccount } from '../api/confirm';
import { useCardError } from '../hooks/use-card-error';
import { useCardForm } from '../hooks/use-card-form';
import { useResendCode } from '../hooks/use-resend-code';
import { useStartSession } from '../hooks/use-start-session';
import { authToastLabels } from '../toast-labels';
import { AuthCard } from './auth-card';
import { ResendCodeButton } from './resend-code-button';

/**
 * Where the code went (issue 33, item 5): the address the sign-up, the resend or the login came
 * with; the card's opening line when the applicant came from the login (not confirmed yet).
 */
function ConfirmIntro({ sentTo, notice }: { sentTo?: string; notice?: string }) {
  return (
    <>
      {notice && <p role="status">{notice}</p>}
      {sentTo ? (
        <p>
          We sent a 6-digit confirmation code to <strong className="auth-card__address">{sentTo}</strong>. It can take a
          few minutes to arrive; check your spam or junk folder too.
        </p>
      ) : (
        <p>Enter the email address you signed up with and the 6-digit code we e-mailed to it.</p>
      )}
    </>
  );
}

/** A confirmed code logs the applicant in (the server opens the session): no second entry of the password. */
export function ConfirmCard() {
  const { username, notice } = readNavigationState(useLocation().state);
  const form = useCardForm(confirmSchema, { username: username ?? '', code: '' });
  const startSession = useStartSession();
  const cardError = useCardError();
  const confirm = useConfirmAccount({
    onMutate: cardError.clear,
    onSuccess: (response, request) => startSession(request.username, response.message),
    onError: cardError.show(authToastLabels.confirm),
  });
  const resendCode = useResendCode((_sentTo, message) => showSuccessToast(message), cardError.show(authToastLabels.resend), cardError.clear);

  return (
    <AuthCard
      title="Confirm Your Account"
      intro={<ConfirmIntro sentTo={username} notice={notice} />}
      onSubmit={form.handleSubmit((value) => confirm.mutate(value))}
      error={cardError.error}
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
