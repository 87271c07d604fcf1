import { describe, expect, it } from 'vitest';
import { authMessages, confirmSchema, forgotPasswordSchema, loginSchema, resetPasswordCardSchema, signupSchema } from '../../../common/auth/card-schemas';
import { collectErrors, validateWith } from '../../../common/validation/collect-errors';
import { isAllowedText } from '../../../common/validation/text-characters';

/**
 * Issue 24 item 1: an auth card never sends what the server refuses as not text; it says so under
 * the field instead, or sends the e-mail trimmed (docs/decisions.md, "Pasted text becomes text").
 */
describe('auth cards and characters that are not text', () => {
  const password = 'Correct-Horse-42';

  it('says under the password field that it holds a character that is not allowed', () => {
    for (const character of ['\t', '\u0000', '\u001b', '\u007f', '\u0085', '\ud800']) {
      const typed = `Correct${character}Horse-42`;
      expect(collectErrors(loginSchema, { username: 'ada@example.edu', password: typed }).password, JSON.stringify(character)).toEqual([authMessages.passwordNotText]);
      expect(collectErrors(signupSchema, { username: 'ada@example.edu', password: typed }).password).toContain(authMessages.passwordNotText);
      expect(
        collectErrors(resetPasswordCardSchema, { username: 'ada@example.edu', password: typed, confirm_password: typed, id: 'reset-id' }).password,
      ).toContain(authMessages.passwordNotText);
    }
    expect(collectErrors(loginSchema, { username: 'ada@example.edu', password })).toEqual({});
  });

  it('sends an e-mail and a code pasted with a tab or line break around them trimmed, and refuses one inside', () => {
    for (const edge of ['\t', '\r\n', '\u000b', '\u000c']) {
      const login = validateWith(loginSchema, { username: `${edge}ada@example.edu${edge}`, password });
      expect(login.ok && login.value.username, JSON.stringify(edge)).toBe('ada@example.edu');
      const confirm = validateWith(confirmSchema, { username: 'ada@example.edu', code: `${edge}123456${edge}` });
      expect(confirm.ok && confirm.value.code).toBe('123456');
    }
    for (const inside of ['ada\t@example.edu', 'ada@exam\u0000ple.edu', 'ada@example.edu\u0085', 'ada@example.edu\u0000']) {
      const result = validateWith(forgotPasswordSchema, { username: inside });
      expect(result.ok, JSON.stringify(inside)).toBe(false);
    }
  });

  it('sends only text: whatever passes a card is text the server takes', () => {
    for (let code = 0; code < 0x100; code += 1) {
      const character = String.fromCharCode(code);
      for (const values of [
        { username: `ada${character}@example.edu`, password },
        { username: `${character}ada@example.edu${character}`, password },
        { username: 'ada@example.edu', password: `Correct${character}Horse-42` },
      ]) {
        const result = validateWith(loginSchema, values);
        if (result.ok) expect(isAllowedText(result.value.username) && isAllowedText(result.value.password), `U+${code.toString(16)}`).toBe(true);
      }
    }
  });
});
