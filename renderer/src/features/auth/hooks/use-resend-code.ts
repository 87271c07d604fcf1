import { useRef, useState, type ChangeEvent } from 'react';
import { authMessages, resendConfirmSchema } from '../../../../../common/auth/card-schemas';
import { validateWith } from '../../../../../common/validation/collect-errors';
import { useResendConfirm } from '../api/resend-confirm';

interface EmailFieldProps {
  errors?: string[];
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * 'Resend confirmation code?' on the login and confirm cards. The typed e-mail is checked with the
 * resend rule; its message joins the Email field's errors until the e-mail changes. The server's
 * refusal goes to the card (`onFailed`, the card's error labelled as the spec's resend toast).
 */
export function useResendCode(onSent: (username: string, message: string) => void, onFailed: (failure: unknown) => void, onStart?: () => void) {
  const [error, setError] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const mutation = useResendConfirm({
    onSuccess: (response, request) => onSent(request.username, response.message),
    onMutate: onStart,
    onError: onFailed,
  });

  const resend = (username: string) => {
    const result = validateWith(resendConfirmSchema, { username });
    if (!result.ok) {
      setError(result.errors.username?.[0] ?? authMessages.resendEmailInvalid);
      emailRef.current?.focus();
      return;
    }
    setError(null);
    mutation.mutate(result.value);
  };

  /** The card's Email field props, with the resend error and a ref to focus added. */
  const emailField = <P extends EmailFieldProps>(props: P) => ({
    ...props,
    ref: emailRef,
    errors: error ? [...(props.errors ?? []), error] : props.errors,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setError(null);
      props.onChange(event);
    },
  });

  return { resend, emailField, pending: mutation.isPending };
}
