import { HttpError } from '../http/errors';
import type { Store } from '../store';

/** After submission the application is frozen (DESIGN.md section 4): every write answers 409. */
export async function refuseWhenSubmitted(store: Store, accountId: string, message: string): Promise<void> {
  const statuses = await store.applications.listWebStatus(accountId);
  if (statuses.some((entry) => entry.web_status === 'submitted')) throw new HttpError(409, message);
}
