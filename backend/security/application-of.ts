import type { Context } from 'koa';
import { APPLICATION_ID, staffApplicationMessages } from '../../common/staff-api';
import { HttpError } from '../http/errors';

/** What the check reads: whether an account exists (the accounts store answers it). */
export interface ApplicationAccounts {
  accounts: { findById(id: string): Promise<unknown> };
}

/**
 * The application a staff call's `:id` names: its account id, when the id has an account id's
 * shape and the account exists; otherwise 404 (staffApplicationMessages.notFound), the same
 * answer for both, so a caller learns nothing from the id's shape.
 */
export async function applicationOf(ctx: Context, store: ApplicationAccounts): Promise<string> {
  const id = ctx.params.id ?? '';
  if (!APPLICATION_ID.test(id) || !(await store.accounts.findById(id))) throw new HttpError(404, staffApplicationMessages.notFound);
  return id;
}
