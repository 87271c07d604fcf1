import type { AccessLogEntry, AccessLogResponse } from '../../common/staff-api';
import { INBOX_PAGE_SIZES } from '../../common/staff-api';
import { normalizeUsername } from '../../common/auth/card-schemas';
import type { Clock } from '../platform/clock';
import { badRequest } from '../http/errors';
import type { StaffAccessLogStore } from './access-log-store';

/**
 * What a staff member or a service link did: a view of the inbox, an application, its PDF or a
 * document, an export, a reading of this log, a service link minted or revoked.
 */
export type AccessAction = 'list' | 'view' | 'deletion.complete' | 'pdf' | 'document' | 'export' | 'access-log' | 'mint-link' | 'revoke-link' | 'checklist.fee' | 'checklist.transcript' | 'checklist.document' | 'recommendation.revoke' | 'sensitive-answer';

/** How many characters of a service token's stored hash the log shows: enough to tell tokens apart. */
const TOKEN_SHOWN = 12;
export const shownTokenHash = (tokenHash: string) => tokenHash.slice(0, TOKEN_SHOWN);

/** The staff member who acted, as the staff guard names them (security/require-role.ts, StaffCaller). */
export interface StaffActor {
  staffId: string;
  email: string;
}

export interface ServiceTokenCaller {
  tokenHash: string;
  createdBy: string;
}

/**
 * The access log (issue 19, item 4): every staff view, download and export, and every service-link
 * view, is appended before the answer goes out; nothing in the product edits or deletes it.
 */
export function createAccessLog(store: { accessLog: StaffAccessLogStore }, clock: Clock) {
  return {
    async staff(caller: StaffActor, action: AccessAction, where: { accountId?: string; detail?: string; address: string }): Promise<void> {
      await store.accessLog.append({
        at: clock(),
        actor_kind: 'staff',
        staff_id: caller.staffId,
        staff_email: caller.email,
        token_hash: null,
        token_created_by: null,
        account_id: where.accountId ?? null,
        action,
        detail: where.detail ?? null,
        address: where.address,
      });
    },

    async serviceToken(token: ServiceTokenCaller, action: AccessAction, where: { accountId: string; detail?: string; address: string }): Promise<void> {
      await store.accessLog.append({
        at: clock(),
        actor_kind: 'service-token',
        staff_id: null,
        staff_email: null,
        token_hash: token.tokenHash,
        token_created_by: token.createdBy,
        account_id: where.accountId,
        action,
        detail: where.detail ?? null,
        address: where.address,
      });
    },

    async page(query: Record<string, unknown>): Promise<AccessLogResponse> {
      const read = (name: string): string | undefined => {
        const value = query[name];
        if (value === undefined || value === '') return undefined;
        if (typeof value !== 'string' || value.length > 254) throw badRequest(`The access log cannot be filtered by this ${name}.`);
        return value;
      };
      const number = (name: string, fallback: number, max: number): number => {
        const value = read(name);
        if (value === undefined) return fallback;
        if (!/^\d{1,6}$/.test(value) || Number(value) < 1 || Number(value) > max) throw badRequest(`The access log cannot be filtered by this ${name}.`);
        return Number(value);
      };
      const staff = read('staff');
      const applicant = read('applicant');
      const page = number('page', 1, 100_000);
      const pageSize = number('page_size', INBOX_PAGE_SIZES.default, INBOX_PAGE_SIZES.max);
      const { entries, total } = await store.accessLog.page({
        staffEmail: staff === undefined ? undefined : normalizeUsername(staff),
        applicantEmail: applicant === undefined ? undefined : normalizeUsername(applicant),
        offset: (page - 1) * pageSize,
        limit: pageSize,
      });
      return {
        entries: entries.map(
          (entry): AccessLogEntry => ({
            id: entry.id,
            at: new Date(Number(entry.at)).toISOString(),
            actor: entry.actor_kind,
            staff_email: entry.staff_email,
            token: entry.token_hash === null ? null : shownTokenHash(entry.token_hash),
            token_created_by: entry.token_created_by,
            application_id: entry.account_id,
            applicant_email: entry.applicant_email,
            action: entry.action,
            detail: entry.detail,
            address: entry.address,
          }),
        ),
        total,
        page,
        page_size: pageSize,
      };
    },
  };
}

export type AccessLog = ReturnType<typeof createAccessLog>;
