import type { ProfileResponse, WebStatus } from '../../common/api';
import { formPages } from '../../common/form/pages';
import { isWebStatus } from '../../common/web-status';
import { accountMessages } from '../auth/account-messages';
import type { Clock } from '../platform/clock';
import { HttpError, badRequest } from '../http/errors';
import type { ApplicationStore } from './applications-store';
import type { SubmissionStore } from './submissions-store';
import { refuseWhenSubmitted } from './submission-guard';
import { submissionMessages } from './submission-service';

/** The form pages a last page may name; anything else is refused rather than stored. */
const FORM_PAGE_PATHS: readonly string[] = formPages.map((page) => page.path);

export function createProfileService(store: { applications: ApplicationStore; submissions: SubmissionStore }, clock: Clock) {
  return {
    async profile(accountId: string): Promise<ProfileResponse> {
      const record = await store.applications.profile(accountId);
      if (!record) throw new HttpError(401, accountMessages.sessionInvalid);
      return {
        answer: record.answers,
        document_answer: record.documentAnswers,
        username: record.username,
        last_page: record.lastPage,
        successful_login: record.logins.map((at) => new Date(at).toISOString()),
        web_status: record.webStatus
          .filter((entry): entry is { web_status: WebStatus; created_at: number } => isWebStatus(entry.web_status))
          .map((entry) => ({ web_status: entry.web_status, created_at: new Date(entry.created_at).toISOString() })),
      };
    },

    /**
     * Status only moves forward and in order: started, then validating. Submission itself belongs
     * to POST /api/submit, which checks the answers first.
     */
    async addWebStatus(accountId: string, body: unknown): Promise<void> {
      const webStatus = (body as { web_status?: unknown } | null)?.web_status;
      if (!isWebStatus(webStatus)) throw badRequest('web_status must be one of started, validating or submitted.');
      if (webStatus === 'submitted') throw badRequest('An application is submitted with the Submit button, not by setting its status.');
      if (webStatus === 'validating') {
        const statuses = await store.applications.listWebStatus(accountId);
        if (!statuses.some((entry) => entry.web_status === 'started')) {
          throw badRequest('An application must be started before it can be checked.');
        }
      }
      await refuseWhenSubmitted(store, accountId, submissionMessages.frozen);
      await store.applications.addWebStatus(accountId, webStatus, clock());
    },

    async setLastPage(accountId: string, body: unknown): Promise<void> {
      const lastPage = (body as { last_page?: unknown } | null)?.last_page;
      if (typeof lastPage !== 'string' || !FORM_PAGE_PATHS.includes(lastPage)) {
        throw badRequest(`last_page must be one of the form pages: ${FORM_PAGE_PATHS.join(', ')}.`);
      }
      await refuseWhenSubmitted(store, accountId, submissionMessages.frozen);
      await store.applications.setLastPage(accountId, lastPage, clock());
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
