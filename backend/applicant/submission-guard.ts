import { HttpError } from '../http/errors';
import type { SubmissionStore } from './submissions-store';

/**
 * After submission the application is frozen (DESIGN.md section 4): every write answers 409. The
 * submission row says so, as it does to the save's own check in its transaction (answers.ts): one
 * source, whatever the status entries say.
 */
export async function refuseWhenSubmitted(store: { submissions: SubmissionStore }, accountId: string, message: string): Promise<void> {
  if (await store.submissions.isSubmitted(accountId)) throw new HttpError(409, message);
}
