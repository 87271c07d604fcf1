import type { AccessLogTables } from './access-log-schema';
import type { AccessTokenTables } from './access-token-schema';
import type { ApplicantDataTables } from './applicant-data-schema';
import type { ApplicantTables } from './applicant-schema';
import type { ApplicationPdfTables } from './application-pdf-schema';
import type { AuthTables } from './auth-schema';
import type { ChecklistTables } from './checklist-schema';
import type { ConversionTables } from './conversion-schema';
import type { DataExpiryTables } from './data-expiry-schema';
import type { LookupTables } from './lookup-schema';
import type { MailTables } from './mail-schema';
import type { RecommendationTables } from './recommendation-schema';
import type { SecurityTables } from './security-schema';
import type { StaffTables } from './staff-schema';

/**
 * Every table, as the composition of the features' schema parts (as open-store.ts composes their
 * stores). Each part is `backend/store/<owner>-schema.ts`, named for the folder whose store writes
 * the tables, and holds their row types; times are epoch milliseconds in both dialects. The parts
 * live here, under the features, so a feature's store imports its own part without a folder circle
 * (docs/decisions.md, "Issue 36 item 4 (finished)"). The job columns are job-schema.ts.
 *
 * | part                         | owner (backend/...) | tables |
 * |------------------------------|---------------------|--------|
 * | auth-schema.ts               | auth                | accounts, confirmation_codes, password_resets, sessions, logins |
 * | applicant-schema.ts          | applicant           | applications, answers, answer_history, validation_errors, tab_choices, add_another_counts, web_status_entries, uploads, submissions |
 * | conversion-schema.ts         | conversions         | conversions |
 * | application-pdf-schema.ts    | application-pdfs    | application_pdfs |
 * | access-token-schema.ts       | access-tokens       | service_tokens, prefill_tokens |
 * | access-log-schema.ts         | access-log          | staff_access_log |
 * | staff-schema.ts              | staff               | staff_accounts, staff_invitations, staff_recovery_codes, staff_sessions, staff_inbox, staff_inbox_state |
 * | recommendation-schema.ts     | recommendations     | recommendation_requests, recommendation_links |
 * | checklist-schema.ts          | checklist           | checklist_records, checklist_summaries |
 * | applicant-data-schema.ts     | applicant-data      | deletion_requests, applicant_purges |
 * | data-expiry-schema.ts        | data-expiry         | draft_reminders, data_expiry_jobs |
 * | lookup-schema.ts             | lookups             | lookup_categories, lookup_records, lookup_tokens |
 * | mail-schema.ts               | mail (a layer)      | mail_outbox |
 * | security-schema.ts           | security (a layer)  | rate_limits |
 */
export interface Database
  extends AuthTables,
    ApplicantTables,
    ConversionTables,
    ApplicationPdfTables,
    AccessTokenTables,
    AccessLogTables,
    StaffTables,
    RecommendationTables,
    ChecklistTables,
    ApplicantDataTables,
    DataExpiryTables,
    LookupTables,
    MailTables,
    SecurityTables {}
