import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChecklistService } from '../../backend/checklist/checklist-service';
import { purgeExpired } from '../../backend/housekeeping/housekeeping';
import { createLogger } from '../../backend/platform/log';
import { completeApplication } from '../../scripts/support/complete-application';
import { loggedInApplicant } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import { startTestServer, type TestServer } from './support/test-server';

const RECEIPT = /We received your application/;

/**
 * A file whose checklist summary and receipt failed after Submit (the submission stands: see
 * submit-outlives-checklist.test.ts) is caught up by housekeeping, with no repeated Submit and no
 * staff member listing the inbox: its summary is made and its receipt mailed once.
 */
describe.each(dialects)('housekeeping catches up checklists that failed after Submit, on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('makes the summary and mails the receipt once, with nobody asking', async () => {
    const client = await loggedInApplicant(server);
    const username = (await client.get<{ username: string }>('/api/profile')).body.username;
    expect((await client.put('/api/answer', { ...completeApplication(), first_name: 'Tāne', last_name: 'Mahuta' })).status).toBe(200);
    const db = server.database.openDb({ poolSize: 1 });
    try {
      await sql`alter table checklist_summaries rename to checklist_summaries_away`.execute(db.kysely);
      expect((await client.post('/api/submit', {})).status).toBe(200);
      await sql`alter table checklist_summaries_away rename to checklist_summaries`.execute(db.kysely);
    } finally {
      await db.close();
    }
    const receipts = async () => (await server.outbox()).filter((mail) => RECEIPT.test(mail) && mail.includes(username)).length;
    expect(await receipts()).toBe(0);
    const accountId = (await server.store.accounts.findByUsername(username))!.id;
    expect(await server.store.checklist.withoutSummary(1000)).toContain(accountId);

    const checklist = createChecklistService({ store: server.store, clock: server.clock, onMailQueued: () => undefined });
    const housekeeping = { store: server.store, objects: server.objects, config: server.config, clock: server.clock, logger: createLogger('silent'), checklist };
    await purgeExpired(housekeeping);
    expect(await server.store.checklist.withoutSummary(1000)).not.toContain(accountId);
    await expect.poll(receipts).toBe(1);
    // The next round finds nothing to do and mails nothing again.
    await purgeExpired(housekeeping);
    expect(await receipts()).toBe(1);
  });
});
