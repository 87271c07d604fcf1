import type { Migration, MigrationProvider } from 'kysely';
import type { Dialect } from '../dialect';
import { accountsAndSessions } from './001-accounts-and-sessions';
import { answerHistoryAndValidations } from './002-answer-history-and-validations';
import { lookups } from './003-lookups';
import { uploads } from './004-uploads';
import { tabsAndAddAnother } from './005-tabs-and-add-another';
import { conversions } from './006-conversions';
import { submissions } from './007-submissions';
import { applicationPdfs } from './008-application-pdfs';
import { accessTokens } from './009-access-tokens';
import { uploadHousekeeping } from './010-upload-housekeeping';
import { mailOutbox } from './011-mail-outbox';
import { staff } from './012-staff';
import { staffInbox } from './013-staff-inbox';
import { serviceLinkRevocation } from './014-service-link-revocation';
import { recommendationRequests } from './015-recommendation-requests';
import { mailRefusals } from './016-mail-refusals';
import { checklist } from './017-checklist';
import { officePdfs } from './018-office-pdfs';
import { applicantDataDeletion } from './019-applicant-data-deletion';
import { dataExpiry } from './020-data-expiry';
import { mailReplaceKey } from './021-mail-replace-key';
import { answerHistoryByAccount } from './022-answer-history-by-account';

/** Migrations in order; names are permanent once shipped. */
export function migrationProvider(dialect: Dialect): MigrationProvider {
  const migrations: Record<string, Migration> = {
    '001-accounts-and-sessions': accountsAndSessions(dialect),
    '002-answer-history-and-validations': answerHistoryAndValidations(dialect),
    '003-lookups': lookups(dialect),
    '004-uploads': uploads(dialect),
    '005-tabs-and-add-another': tabsAndAddAnother,
    '006-conversions': conversions,
    '007-submissions': submissions,
    '008-application-pdfs': applicationPdfs,
    '009-access-tokens': accessTokens,
    '010-upload-housekeeping': uploadHousekeeping,
    '011-mail-outbox': mailOutbox,
    '012-staff': staff(dialect),
    '013-staff-inbox': staffInbox,
    '014-service-link-revocation': serviceLinkRevocation,
    '015-recommendation-requests': recommendationRequests,
    '016-mail-refusals': mailRefusals,
    '017-checklist': checklist,
    '018-office-pdfs': officePdfs,
    '019-applicant-data-deletion': applicantDataDeletion,
    '020-data-expiry': dataExpiry,
    '021-mail-replace-key': mailReplaceKey,
    '022-answer-history-by-account': answerHistoryByAccount,
  };
  return { getMigrations: async () => migrations };
}
