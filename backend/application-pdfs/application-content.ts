import { type ApplicationRecordStore, currentApplication } from '../applicant/application-record';
import type { AccountStore } from '../auth/accounts-store';
import type { ApplicationContent } from '../application-pdf/print-items';

/** The store parts the PDF's content is read from: the application and its account. */
export interface ApplicationContentStore extends ApplicationRecordStore {
  accounts: AccountStore;
}

/**
 * What the PDF of an account is made from: the application as `currentApplication` gives it (the
 * submitted snapshot once submitted, the live answers before), with the account's username for
 * the header when no name is answered.
 */
export async function loadApplicationContent(store: ApplicationContentStore, accountId: string): Promise<ApplicationContent | null> {
  const account = await store.accounts.findById(accountId);
  if (!account) return null;
  const { answers, tabs, addAnother, documents } = await currentApplication(store, accountId);
  return { username: account.username, answers, tabs, addAnother, documents };
}
