import { describe, expect, it } from 'vitest';
import {
  authMessages,
  confirmSchema,
  loginSchema,
  resendConfirmSchema,
  resetPasswordCardSchema,
  signupSchema,
} from '../../../common/auth/card-schemas';
import { failedPasswordRules, passwordRules } from '../../../common/auth/password-rules';
import { collectErrors } from '../../../common/validation/collect-errors';

describe('auth card schemas', () => {
  it('uses the login message for the login card and the general one elsewhere', () => {
    expect(collectErrors(loginSchema, { username: 'x', password: '' })).toEqual({
      username: [authMessages.loginEmailInvalid],
      password: ['Password is required.'],
    });
    expect(collectErrors(signupSchema, { username: 'x', password: 'Correct-Horse-42' })).toEqual({
      username: ['Your email address must be valid.'],
    });
    expect(collectErrors(resendConfirmSchema, { username: '' })).toEqual({
      username: ['You must provide a valid email address to resend a confirmation code.'],
    });
  });

  it('shows each message once even when several rules share it', () => {
    const errors = collectErrors(signupSchema, { username: '', password: 'Correct-Horse-42' });
    expect(errors.username).toEqual(['Your email address must be valid.']);
  });

  it('requires exactly six digits for the code', () => {
    for (const code of ['12345', '1234567', '12a456', '']) {
      expect(collectErrors(confirmSchema, { username: 'a@b.edu', code })).toEqual({
        code: ['The confirmation code must be exactly 6 numbers.'],
      });
    }
    expect(collectErrors(confirmSchema, { username: 'a@b.edu', code: '012345' })).toEqual({});
  });

  it('requires matching passwords on the reset card', () => {
    const errors = collectErrors(resetPasswordCardSchema, {
      username: 'a@b.edu',
      password: 'Correct-Horse-42',
      confirm_password: 'Correct-Horse-43',
      id: 'abc',
    });
    expect(errors).toEqual({ confirm_password: ['Passwords must match.'] });
  });
});

describe('password rules', () => {
  it.each([
    ['short', ['length', 'uppercase', 'number', 'special']],
    ['ALLUPPERCASE-1234', ['lowercase']],
    ['NoDigitsHere!!', ['number']],
    ['NoSpecial12345', ['special']],
    [' Leading-Space-1', ['whitespace']],
    ['Trailing-Space-1 ', ['whitespace']],
    ['Correct-Horse-42', []],
    ['Ünïcödé-Pässwörd-9', []],
  ])('%j fails %j', (password, failed) => {
    expect(failedPasswordRules(password).map((rule) => rule.id)).toEqual(failed);
  });

  it('needs at least 12 characters', () => {
    const length = passwordRules.find((rule) => rule.id === 'length')!;
    expect(length.test('Abcdefghij1!')).toBe(true);
    expect(length.test('Abcdefghi1!')).toBe(false);
  });
});
