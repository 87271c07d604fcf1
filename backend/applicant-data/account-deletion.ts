import { deleteAccountSchema } from '../../common/auth/card-schemas';
import type { DeleteAccountResponse } from '../../common/api';
import { parse } from '../auth/account-service';
import type { AccountStore } from '../auth/accounts-store';
import { verifyPassword } from '../security/password-hash';
import type { RateLimiter } from '../security/rate-limiter';
import { HttpError, badRequest } from '../http/errors';
import type { Clock } from '../platform/clock';
import type { ApplicantDataStore } from './applicant-data-store';
import type { ApplicantPurge } from './delete-applicant';

export const accountDeletionMessages = {
  wrongPassword: 'That password is not right. Nothing has been deleted.',
  deleted: 'Your account and everything in it have been deleted.',
  requested: 'Your application has been submitted, so the admissions office deletes it: your request has been sent to them.',
  gone: 'This account no longer exists.',
} as const;

export interface AccountDeletionDeps {
  store: { accounts: AccountStore; applicantData: ApplicantDataStore };
  purge: ApplicantPurge;
  /** The login's limits: a wrong password here counts as a wrong password at login. */
  rateLimit: RateLimiter;
  clock: Clock;
}

/**
 * "Delete my account" (issue 35 item 4), with the password typed again: before submission the
 * account goes with everything it owns (the one purge, as a draft's expiry uses); after it, a
 * request the admissions office sees and an admin completes.
 */
export function createAccountDeletion({ store, purge, rateLimit, clock }: AccountDeletionDeps) {
  return {
    async deleteOwnAccount(accountId: string, body: unknown, caller: { address: string }): Promise<DeleteAccountResponse> {
      const input = parse(deleteAccountSchema, body);
      const account = await store.accounts.findById(accountId);
      if (!account) throw new HttpError(401, accountDeletionMessages.gone);
      await rateLimit('login', { account: account.username, address: caller.address });
      if (!(await verifyPassword(input.password, account.password_hash))) throw badRequest(accountDeletionMessages.wrongPassword, { password: [accountDeletionMessages.wrongPassword] });
      const purged = await purge.purge(accountId, { unsubmittedOnly: true, reason: 'applicant', purgedBy: 'applicant' });
      if (purged === null) throw new HttpError(401, accountDeletionMessages.gone);
      if (purged !== 'submitted') return { message: accountDeletionMessages.deleted, outcome: 'deleted' };
      const requestedAt = await store.applicantData.request(accountId, clock());
      return { message: accountDeletionMessages.requested, outcome: 'requested', requested_at: new Date(requestedAt).toISOString() };
    },
  };
}

export type AccountDeletion = ReturnType<typeof createAccountDeletion>;
