interface ResendCodeButtonProps {
  pending: boolean;
  onResend: () => void;
}

/** 'Resend confirmation code?' on the login and confirm cards: it sends a request, so it is a button. */
export function ResendCodeButton({ pending, onResend }: ResendCodeButtonProps) {
  return (
    <button type="button" className="link-button" disabled={pending} onClick={onResend}>
      Resend confirmation code?
    </button>
  );
}
