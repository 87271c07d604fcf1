import type { Generated } from 'kysely';

/** Row types of the access log (backend/access-log: who read or changed an application; migration 012); times are epoch milliseconds. */
export type AccessActorKind = 'staff' | 'service-token';

export interface StaffAccessLogTable {
  id: Generated<number>;
  at: number;
  actor_kind: AccessActorKind;
  staff_id: string | null;
  staff_email: string | null;
  token_hash: string | null;
  token_created_by: string | null;
  account_id: string | null;
  action: string;
  detail: string | null;
  address: string;
}

export interface AccessLogTables {
  staff_access_log: StaffAccessLogTable;
}
