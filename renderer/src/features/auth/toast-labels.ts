/** The accessible labels of the auth toasts (spec platform section 8), kept apart from the lazy cards. */
export const authToastLabels = {
  login: 'Login Card Error',
  signup: 'Sign Up Card Error',
  confirm: 'Confirm Card Error',
  forgot: 'Forgot Password Card Error',
  reset: 'Reset Password Card Error',
  resend: 'Resend Confirmation Code Error',
} as const;
