import { PASSWORD_MIN_LENGTH } from '../constants';

/**
 * The new-password rules of spec platform section 5, as data: the sign-up and reset cards show
 * them as a live checklist, the yup schema and the server enforce the same list.
 */
export interface PasswordRule {
  id: string;
  /** Checklist wording. */
  label: string;
  /** Validation message when the rule fails. */
  message: string;
  test: (password: string) => boolean;
}

export const passwordRules: readonly PasswordRule[] = [
  {
    id: 'length',
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    message: `Your password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
    test: (password) => password.length >= PASSWORD_MIN_LENGTH,
  },
  {
    id: 'uppercase',
    label: 'An uppercase letter',
    message: 'Your password must contain an uppercase letter.',
    test: (password) => /\p{Lu}/u.test(password),
  },
  {
    id: 'lowercase',
    label: 'A lowercase letter',
    message: 'Your password must contain a lowercase letter.',
    test: (password) => /\p{Ll}/u.test(password),
  },
  {
    id: 'number',
    label: 'A number',
    message: 'Your password must contain a number.',
    test: (password) => /\d/.test(password),
  },
  {
    id: 'special',
    label: 'A special character (for example ! @ # $ %)',
    message: 'Your password must contain a special character.',
    test: (password) => /[^\p{L}\p{N}\s]/u.test(password),
  },
  {
    id: 'whitespace',
    label: 'No space at the start or end',
    message: 'Your password must not start or end with a space.',
    test: (password) => password === password.trim(),
  },
];

export function failedPasswordRules(password: string): PasswordRule[] {
  return passwordRules.filter((rule) => !rule.test(password));
}
