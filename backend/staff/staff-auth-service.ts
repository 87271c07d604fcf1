import { normalizeUsername } from '../../common/auth/card-schemas';
import type { StaffEnrolResponse, StaffInvitationResponse, StaffMeResponse } from '../../common/staff-api';
import { staffEnrolSchema, staffInvitationSchema, staffLoginSchema, staffPasswordSchema } from '../../common/staff/staff-schemas';
import { parse, type Caller } from '../auth/account-service';
import { decoyHash, hashPassword, verifyPassword } from '../security/password-hash';
import { createRateLimiter, type RateLimit } from '../security/rate-limiter';
import { hashSecret } from '../security/secrets';
import type { Clock } from '../platform/clock';
import { HttpError, badRequest } from '../http/errors';
import type { RateLimitStore } from '../security/rate-limits-store';
import type { StaffAccount, StaffStore } from './staff-store';
import { INVITATION_SCOPE } from './staff-admin';
import { staffAccountMessages as messages } from './staff-messages';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes';
import type { StaffSessionService } from './staff-sessions';
import { totpQrCode, totpStep, totpUri } from './totp';

/** Wrong second factors in a row, after the right password, that lock the account until a new invitation. */
export const MAX_SECOND_FACTOR_FAILURES = 10;

const MINUTES = 60_000;
export interface StaffRateLimits {
  /** Failed logins only (a success takes its count back), per address and per (address, account): never per account alone. */
  staffLogin: { address: RateLimit; addressAccount: RateLimit };
  /** Wrong codes after the right password, per account: only someone who knows the password reaches this one. */
  staffCode: { account: RateLimit };
  staffInvitation: { account: RateLimit; address: RateLimit };
  staffPassword: { account: RateLimit; address: RateLimit };
}

/**
 * An address guessing at one account is slowed after 5 failures, an address guessing at many after
 * 30 (an office shares one address); a colleague elsewhere is never slowed by either (docs/decisions.md).
 */
export const defaultStaffRateLimits: StaffRateLimits = {
  staffLogin: { address: { max: 30, windowMs: 15 * MINUTES }, addressAccount: { max: 5, windowMs: 15 * MINUTES } },
  staffCode: { account: { max: 5, windowMs: 15 * MINUTES } },
  staffInvitation: { account: { max: 10, windowMs: 15 * MINUTES }, address: { max: 100, windowMs: 15 * MINUTES } },
  staffPassword: { account: { max: 5, windowMs: 15 * MINUTES }, address: { max: 100, windowMs: 15 * MINUTES } },
};

export interface StaffAuthDeps {
  store: { staff: StaffStore; rateLimits: RateLimitStore };
  sessions: StaffSessionService;
  clock: Clock;
  rateLimits?: StaffRateLimits;
}

/** Logging in with a password and a second factor, enrolling from an invitation, changing the password. */
export function createStaffAuthService(deps: StaffAuthDeps) {
  const { store, sessions, clock } = deps;
  const rateLimit = createRateLimiter(store, deps.rateLimits ?? defaultStaffRateLimits, clock);

  async function liveInvitation(id: string) {
    const idHash = hashSecret(INVITATION_SCOPE, id);
    const invitation = await store.staff.findLiveInvitation(idHash, clock());
    const staff = invitation && (await store.staff.findById(invitation.staff_id));
    if (!invitation || !staff) throw badRequest(messages.invitationInvalid);
    return { idHash, invitation, staff };
  }

  /** A TOTP code of a step not used before, or an unused recovery code, of this account. */
  async function secondFactorMatches(staff: StaffAccount, code: string): Promise<boolean> {
    if (/^\d{6}$/.test(code)) {
      const step = staff.totp_secret ? totpStep(staff.totp_secret, code, clock()) : null;
      return step !== null && (await store.staff.acceptTotpStep(staff.id, step));
    }
    return store.staff.useRecoveryCode(staff.id, recoveryCodeHash(staff.id, code), clock());
  }

  return {
    /** Checks password and second factor together (one answer for any wrong part); returns a new session token. */
    async login(body: unknown, caller: Caller): Promise<{ message: string; sessionToken: string }> {
      const input = parse(staffLoginSchema, body);
      const email = normalizeUsername(input.email);
      const forgiveLogin = await rateLimit('staffLogin', { account: email, address: caller.address });
      const staff = await store.staff.findByEmail(email);
      const passwordMatches = await verifyPassword(input.password, staff?.password_hash ?? (await decoyHash()));
      if (!staff || !staff.password_hash || !passwordMatches) throw badRequest(messages.loginFailed);
      if (staff.second_factor_failures >= MAX_SECOND_FACTOR_FAILURES) throw new HttpError(403, messages.locked);
      const forgiveCode = await rateLimit('staffCode', { account: staff.id, address: caller.address });
      if (!(await secondFactorMatches(staff, input.code))) {
        const failures = await store.staff.countSecondFactorFailure(staff.id);
        if (failures >= MAX_SECOND_FACTOR_FAILURES) throw new HttpError(403, messages.locked);
        throw badRequest(messages.loginFailed);
      }
      await forgiveLogin();
      await forgiveCode();
      return { message: messages.loggedIn, sessionToken: await sessions.start(staff.id) };
    },

    /** What an invitation link enrols: the address, and the second factor to add to an app. */
    async readInvitation(body: unknown, caller: Caller): Promise<StaffInvitationResponse> {
      const input = parse(staffInvitationSchema, body);
      await rateLimit('staffInvitation', { address: caller.address });
      const { invitation, staff } = await liveInvitation(input.id);
      const uri = totpUri(invitation.totp_secret, staff.email);
      return { email: staff.email, secret: invitation.totp_secret, otpauth_uri: uri, qr_code: await totpQrCode(uri) };
    },

    /** Sets the password and the second factor from a live invitation, once; returns the recovery codes. */
    async enrol(body: unknown, caller: Caller): Promise<StaffEnrolResponse> {
      const input = parse(staffEnrolSchema, body);
      const idHash = hashSecret(INVITATION_SCOPE, input.id);
      await rateLimit('staffInvitation', { account: idHash, address: caller.address });
      const { invitation, staff } = await liveInvitation(input.id);
      const step = totpStep(invitation.totp_secret, input.code, clock());
      if (step === null) throw badRequest(messages.enrolCodeWrong, { code: [messages.enrolCodeWrong] });
      const codes = newRecoveryCodes();
      const enrolled = await store.staff.enrol(
        idHash,
        { passwordHash: await hashPassword(input.password), totpSecret: invitation.totp_secret, totpStep: step, recoveryCodeHashes: codes.map((code) => recoveryCodeHash(staff.id, code)) },
        clock(),
      );
      if (!enrolled) throw badRequest(messages.invitationInvalid);
      return { message: messages.enrolled, recovery_codes: codes };
    },

    /** A new password ends every session of the account, this one included. */
    async changePassword(staffId: string, body: unknown, caller: Caller): Promise<string> {
      const input = parse(staffPasswordSchema, body);
      const staff = await store.staff.findById(staffId);
      if (!staff) throw new HttpError(401, messages.sessionInvalid);
      await rateLimit('staffPassword', { account: staff.id, address: caller.address });
      if (!staff.password_hash || !(await verifyPassword(input.current_password, staff.password_hash))) {
        throw badRequest(messages.currentPasswordWrong, { current_password: [messages.currentPasswordWrong] });
      }
      await store.staff.setPassword(staff.id, await hashPassword(input.password), clock());
      return messages.passwordChanged;
    },

    async me(staffId: string): Promise<StaffMeResponse> {
      const staff = await store.staff.findById(staffId);
      if (!staff) throw new HttpError(401, messages.sessionInvalid);
      return { email: staff.email, role: staff.role, recovery_codes_left: await store.staff.unusedRecoveryCodes(staff.id) };
    },
  };
}

export type StaffAuthService = ReturnType<typeof createStaffAuthService>;
