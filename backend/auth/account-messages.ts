/** What the account calls answer, in one place. */
export const accountMessages = {
  invalidInput: 'Please correct the highlighted fields.',
  signedUp: (username: string) => `Your account has been created. We sent a 6-digit confirmation code to ${username}.`,
  usernameTaken:
    'An account with this email address already exists. Please log in, or use "Forgot password?" if you do not remember your password.',
  usernameAwaitingConfirmation:
    'An account with this email address is waiting for confirmation. Enter the code we e-mailed you, or use "Resend confirmation code?" to get a new one.',
  confirmed: 'Your account has been confirmed. You are now logged in.',
  codeIncorrect: 'That confirmation code is not correct. Please check the code in the e-mail we sent you and try again.',
  codeExpired: 'This confirmation code has expired. Please use "Resend confirmation code?" to get a new one.',
  codeAttemptsExhausted:
    'Too many incorrect confirmation codes were entered. Please use "Resend confirmation code?" to get a new code.',
  codeResent: 'If an account with this email address is waiting for confirmation, we have sent it a new code.',
  loginFailed: 'Incorrect email address or password.',
  notConfirmed:
    'Your account is not confirmed yet. Enter the code we e-mailed you, or use "Resend confirmation code?" to get a new one.',
  loggedIn: 'You are now logged in.',
  resetSent: 'If an account exists for this email address, we have sent it a link to reset your password.',
  resetInvalid: 'This password reset link is invalid or has expired. Please ask for a new one with "Forgot password?".',
  passwordReset: 'Your password has been reset. Please log in with your new password.',
  loggedOut: 'You have been logged out.',
  sessionInvalid: 'Your session is invalid. Please clear your cookies and login again.',
} as const;
