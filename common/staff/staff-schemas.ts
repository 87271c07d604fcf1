import { object, string } from 'yup';
import { PASSWORD_MAX_LENGTH } from '../constants';
import { authMessages, email, loginSchema, newPassword } from '../auth/card-schemas';

/**
 * The staff cards' rules (issue 19). The e-mail and password rules are the applicants' own (spec
 * platform section 5): the applicant schemas' field builders make them.
 */
export const staffMessages = {
  codeInvalid: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  enrolCodeInvalid: 'Enter the 6-digit code your authenticator app shows now.',
  invitationMissing: 'This invitation link is incomplete. Please use the link from the e-mail we sent you.',
  currentPasswordRequired: 'Your current password is required.',
} as const;

/** A TOTP code (6 digits) or a recovery code (10 letters and digits, maybe grouped by a dash). */
const SECOND_FACTOR = /^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/;
const TOTP_CODE = /^\d{6}$/;
/** Spaces people type or paste between groups of digits do not count. */
const withoutSpaces = (value: string) => (typeof value === 'string' ? value.replace(/\s+/g, '') : value);

const invitationId = () =>
  string().typeError(staffMessages.invitationMissing).defined(staffMessages.invitationMissing).required(staffMessages.invitationMissing).max(200, staffMessages.invitationMissing);

/** The applicants' login rules (the password field as it is), with an e-mail field and the second factor. */
export const staffLoginSchema = loginSchema.pick(['password']).shape({
  email: email(authMessages.loginEmailInvalid),
  code: string().typeError(staffMessages.codeInvalid).defined(staffMessages.codeInvalid).transform(withoutSpaces).matches(SECOND_FACTOR, staffMessages.codeInvalid),
});

export const staffInvitationSchema = object({ id: invitationId() });

export const staffEnrolSchema = object({
  id: invitationId(),
  password: newPassword(),
  code: string().typeError(staffMessages.enrolCodeInvalid).defined(staffMessages.enrolCodeInvalid).transform(withoutSpaces).matches(TOTP_CODE, staffMessages.enrolCodeInvalid),
});

export const staffPasswordSchema = object({
  current_password: string()
    .typeError(staffMessages.currentPasswordRequired)
    .defined(staffMessages.currentPasswordRequired)
    .required(staffMessages.currentPasswordRequired)
    .max(PASSWORD_MAX_LENGTH, authMessages.passwordTooLong),
  password: newPassword(),
});
