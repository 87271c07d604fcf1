import { randomUUID } from 'node:crypto';
import type { AnyObjectSchema, InferType } from 'yup';
import {
  confirmSchema,
  forgotPasswordSchema,
  loginSchema,
  normalizeUsername,
  resendConfirmSchema,
  resetPasswordSchema,
  signupSchema,
} from '../../common/auth/card-schemas';
import { validateWith } from '../../common/validation/collect-errors';
import type { Clock } from '../platform/clock';
import { MINUTE_MS } from '../platform/clock';
import { HttpError, badRequest } from '../http/errors';
import { confirmationCodeMessage, passwordResetMessage } from '../mail/account-messages';
import type { MailMessage } from '../mail/mailer';
import type { MailOutboxStore } from '../mail/mail-outbox-store';
import type { Account, AccountStore } from './accounts-store';
import type { OneTimeSecretStore } from './one-time-secrets-store';
import { accountMessages as messages } from './account-messages';
import { decoyHash, hashPassword, verifyPassword } from '../security/password-hash';
import type { RateLimiter } from '../security/rate-limiter';
import { hashSecret, randomConfirmationCode, randomToken } from '../security/secrets';
import type { SessionService } from './session-service';

export const MAX_CODE_ATTEMPTS = 5;

export interface AccountServiceDeps {
  store: { accounts: AccountStore; secrets: OneTimeSecretStore; mailOutbox: MailOutboxStore };
  /**
   * Told after a mail was recorded in the outbox (with the change it tells of): the entry point pokes
   * its mail sender, and development logs the code or link. Never told of the mails not recorded.
   */
  onMailQueued?: (message: MailMessage) => void;
  sessions: SessionService;
  rateLimit: RateLimiter;
  clock: Clock;
  publicUrl: string;
  confirmCodeTtlMinutes: number;
  resetTtlMinutes: number;
}

/** Who is asking: the client address keys the per-address rate limits. */
export interface Caller {
  address: string;
}

/** Validates a body with a card schema shared with the renderer; 400 with every message otherwise (the staff cards' too). */
export function parse<S extends AnyObjectSchema>(schema: S, body: unknown): InferType<S> {
  const result = validateWith(schema, schemaKeysOnly(schema, body ?? {}));
  if (result.ok) return result.value;
  const first = Object.values(result.errors).flat()[0] ?? messages.invalidInput;
  throw badRequest(first, result.errors);
}

/**
 * yup looks each key of a body up in its schema's plain `fields` object, so a key such as
 * "constructor", "toString" or "__proto__" finds Object.prototype and throws a TypeError (a 500);
 * and its trim() transform throws on an array or object value. stripUnknown drops keys the schema
 * does not name anyway: drop them before yup sees them, and refuse values that are not scalars.
 * A body that is not an object has no fields (400, every field required).
 */
function schemaKeysOnly(schema: AnyObjectSchema, body: unknown): unknown {
  // yup recurses into an array body (a deeply nested one overflows the stack): it has no fields.
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return {};
  const kept = Object.entries(body).filter(([key]) => Object.hasOwn(schema.fields, key));
  const nested = kept.filter(([, value]) => value !== null && typeof value === 'object').map(([key]) => key);
  if (nested.length > 0) throw badRequest(messages.invalidInput, Object.fromEntries(nested.map((key) => [key, [messages.invalidInput]])));
  return Object.fromEntries(kept);
}

export function createAccountService(deps: AccountServiceDeps) {
  const { store, sessions, rateLimit, clock } = deps;

  const outboxRow = (message: MailMessage) => ({ recipient: message.to, subject: message.subject, body: message.text });

  /**
   * A new confirmation code for the account and the mail that carries it (recorded, not yet sent).
   * The mail replaces an earlier code's mail still unsent: only the newest code works, so it is the
   * one that must arrive last (mail-sender.ts).
   */
  function newConfirmationCode(account: Pick<Account, 'id' | 'username'>, now: number) {
    const code = randomConfirmationCode();
    const message = confirmationCodeMessage(account.username, code, Math.round(deps.confirmCodeTtlMinutes / 60));
    return {
      code: {
        account_id: account.id,
        code_hash: hashSecret(`confirm:${account.id}`, code),
        expires_at: now + deps.confirmCodeTtlMinutes * MINUTE_MS,
        attempts: 0,
        created_at: now,
      },
      message,
      mail: { ...outboxRow(message), replaceKey: `confirmation-code:${account.id}` },
    };
  }

  return {
    async signup(body: unknown, caller: Caller): Promise<string> {
      const input = parse(signupSchema, body);
      await rateLimit('signup', { address: caller.address });
      const username = normalizeUsername(input.username);
      const now = clock();
      const account: Account = {
        id: randomUUID(),
        username,
        password_hash: await hashPassword(input.password),
        confirmed_at: null,
        created_at: now,
        updated_at: now,
      };
      // The account, its code and the code's mail are written together: a sign-up never ends without its mail.
      const { code, message, mail } = newConfirmationCode(account, now);
      if (!(await store.accounts.create(account, { code, mail }))) {
        const existing = await store.accounts.findByUsername(username);
        throw new HttpError(409, existing?.confirmed_at === null ? messages.usernameAwaitingConfirmation : messages.usernameTaken);
      }
      deps.onMailQueued?.(message);
      return messages.signedUp(username);
    },

    /**
     * Confirms the account with its mailed code and logs it in (issue 33, item 5): the code proves
     * the mailbox, and the password was chosen at sign-up moments before, so asking for it again
     * proves nothing more. Only the call that confirmed the account gets a session: a code used
     * twice at once confirms once.
     */
    async confirm(body: unknown, caller: Caller): Promise<{ message: string; sessionToken: string }> {
      const input = parse(confirmSchema, body);
      const username = normalizeUsername(input.username);
      await rateLimit('confirm', { account: username, address: caller.address });
      const account = await store.accounts.findByUsername(username);
      const code = account && account.confirmed_at === null ? await store.secrets.findConfirmationCode(account.id) : undefined;
      if (!account || !code) throw badRequest(messages.codeIncorrect);
      if (code.attempts >= MAX_CODE_ATTEMPTS) throw new HttpError(429, messages.codeAttemptsExhausted);
      if (code.code_hash !== hashSecret(`confirm:${account.id}`, input.code)) {
        const attempts = await store.secrets.countConfirmationAttempt(account.id);
        if (attempts >= MAX_CODE_ATTEMPTS) throw new HttpError(429, messages.codeAttemptsExhausted);
        throw badRequest(messages.codeIncorrect);
      }
      if (clock() >= code.expires_at) throw badRequest(messages.codeExpired);
      const now = clock();
      if (!(await store.accounts.markConfirmed(account.id, now))) throw badRequest(messages.codeIncorrect);
      await store.secrets.deleteConfirmationCode(account.id);
      const sessionToken = await sessions.start(account.id);
      await store.accounts.recordLogin(account.id, now);
      return { message: messages.confirmed, sessionToken };
    },

    async resendConfirmation(body: unknown, caller: Caller): Promise<string> {
      const input = parse(resendConfirmSchema, body);
      const username = normalizeUsername(input.username);
      await rateLimit('resend', { account: username, address: caller.address });
      const account = await store.accounts.findByUsername(username);
      const now = clock();
      if (account && account.confirmed_at === null) {
        const { code, message, mail } = newConfirmationCode(account, now);
        await store.secrets.replaceConfirmationCode(code, mail);
        deps.onMailQueued?.(message);
      } else {
        // The same database work as for an account awaiting its code, so the time of the answer says nothing.
        await store.mailOutbox.recordSkipped(now);
      }
      return messages.codeResent;
    },

    /** Checks the credentials and returns a new session token. */
    async login(body: unknown, caller: Caller): Promise<{ message: string; sessionToken: string }> {
      const input = parse(loginSchema, body);
      const username = normalizeUsername(input.username);
      await rateLimit('login', { account: username, address: caller.address });
      const account = await store.accounts.findByUsername(username);
      const passwordMatches = await verifyPassword(input.password, account?.password_hash ?? (await decoyHash()));
      if (!account || !passwordMatches) throw badRequest(messages.loginFailed);
      if (account.confirmed_at === null) throw new HttpError(403, messages.notConfirmed);
      const sessionToken = await sessions.start(account.id);
      await store.accounts.recordLogin(account.id, clock());
      return { message: messages.loggedIn, sessionToken };
    },

    async forgotPassword(body: unknown, caller: Caller): Promise<string> {
      const input = parse(forgotPasswordSchema, body);
      const username = normalizeUsername(input.username);
      await rateLimit('forgot', { account: username, address: caller.address });
      const account = await store.accounts.findByUsername(username);
      const now = clock();
      if (account) {
        const id = randomToken();
        const link = `${deps.publicUrl}/reset?${new URLSearchParams({ username: account.username, id })}`;
        const message = passwordResetMessage(account.username, link, deps.resetTtlMinutes);
        const reset = { id_hash: hashSecret('reset', id), account_id: account.id, expires_at: now + deps.resetTtlMinutes * MINUTE_MS, used_at: null, created_at: now };
        await store.secrets.createPasswordReset(reset, outboxRow(message));
        deps.onMailQueued?.(message);
      } else {
        // The same database work as for an account, so the time of the answer says nothing.
        await store.mailOutbox.recordSkipped(now);
      }
      return messages.resetSent;
    },

    async resetPassword(body: unknown, caller: Caller): Promise<string> {
      const input = parse(resetPasswordSchema, body);
      const username = normalizeUsername(input.username);
      await rateLimit('reset', { account: username, address: caller.address });
      const account = await store.accounts.findByUsername(username);
      const now = clock();
      if (!account || !(await store.secrets.consumePasswordReset(hashSecret('reset', input.id), account.id, now))) {
        throw badRequest(messages.resetInvalid);
      }
      await store.accounts.setPasswordHash(account.id, await hashPassword(input.password), now);
      await store.secrets.voidPasswordResets(account.id, now);
      // The reset link came by e-mail, which proves the address as well as a confirmation code would.
      await store.accounts.markConfirmed(account.id, now);
      await store.secrets.deleteConfirmationCode(account.id);
      await sessions.endAllFor(account.id);
      return messages.passwordReset;
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
