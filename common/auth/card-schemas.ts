import { object, string } from 'yup';
import { CONFIRMATION_CODE_LENGTH, PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from '../constants';
import { isAllowedText, textCharacterMessages } from '../validation/text-characters';
import { passwordRules } from './password-rules';

/**
 * The auth cards' rules and messages (spec platform section 5). The renderer validates each card
 * with these before sending; the backend validates the same bodies with the same schemas.
 */
export const authMessages = {
  emailInvalid: 'Your email address must be valid.',
  loginEmailInvalid: 'Please provide a valid email address.',
  passwordRequired: 'Password is required.',
  passwordTooLong: `Your password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
  passwordsMustMatch: 'Passwords must match.',
  codeInvalid: `The confirmation code must be exactly ${CONFIRMATION_CODE_LENGTH} numbers.`,
  resendEmailInvalid: 'You must provide a valid email address to resend a confirmation code.',
  resetIdMissing: 'This password reset link is incomplete. Please use the link from the e-mail we sent you.',
  /** A pasted tab or control character, which the server refuses (issue 24): said under the field. */
  passwordNotText: textCharacterMessages.notAllowed('Your password'),
} as const;

/** A password, as every card takes it: required and text (no tab nor control character). */
function password() {
  return string()
    .typeError(authMessages.passwordRequired)
    .defined(authMessages.passwordRequired)
    .required(authMessages.passwordRequired)
    .test('password-text', authMessages.passwordNotText, (value) => !value || isAllowedText(value));
}

const CODE_PATTERN = new RegExp(`^\\d{${CONFIRMATION_CODE_LENGTH}}$`);

export function email(message: string) {
  return string()
    .typeError(message)
    .defined(message)
    .trim()
    .required(message)
    .max(USERNAME_MAX_LENGTH, message)
    .email(message);
}

export function newPassword() {
  let schema = password();
  for (const rule of passwordRules) {
    schema = schema.test(`password-${rule.id}`, rule.message, (value) => !value || rule.test(value));
  }
  return schema.max(PASSWORD_MAX_LENGTH, authMessages.passwordTooLong);
}

export const loginSchema = object({
  username: email(authMessages.loginEmailInvalid),
  password: password().max(PASSWORD_MAX_LENGTH, authMessages.passwordTooLong),
});

/** Deleting one's account (issue 35 item 4): the password again, as at login. */
export const deleteAccountSchema = object({
  password: password().max(PASSWORD_MAX_LENGTH, authMessages.passwordTooLong),
});

export const signupSchema = object({
  username: email(authMessages.emailInvalid),
  password: newPassword(),
});

export const confirmSchema = object({
  username: email(authMessages.emailInvalid),
  code: string().typeError(authMessages.codeInvalid).defined(authMessages.codeInvalid).trim().matches(CODE_PATTERN, authMessages.codeInvalid),
});

/** Resend, as asked from the login or confirm card. */
export const resendConfirmSchema = object({
  username: email(authMessages.resendEmailInvalid),
});

export const forgotPasswordSchema = object({
  username: email(authMessages.emailInvalid),
});

/** The reset card: the server's body has no confirm_password, so the card adds it. */
export const resetPasswordSchema = object({
  username: email(authMessages.emailInvalid),
  password: newPassword(),
  id: string().typeError(authMessages.resetIdMissing).defined(authMessages.resetIdMissing).required(authMessages.resetIdMissing),
});

export const resetPasswordCardSchema = resetPasswordSchema.shape({
  confirm_password: string()
    .typeError(authMessages.passwordsMustMatch)
    .defined(authMessages.passwordsMustMatch)
    .test('passwords-match', authMessages.passwordsMustMatch, function match(value) {
      return value === this.parent.password;
    }),
});

/** Usernames are e-mail addresses and compared without regard to case or surrounding space. */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}
