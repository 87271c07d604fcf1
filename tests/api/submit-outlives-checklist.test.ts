import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checklistPaths, type ChecklistResponse } from '../../common/checklist-api';
import { completeApplication } from '../../scripts/support/complete-application';
import { loggedInApplicant } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * A submission is the submissions row (issue 27 item 3); the checklist's summary and receipt come
 * after it. When they fail (here their table is gone for a moment), the applicant is told the truth:
 * submitted, and the checklist is built from the facts as soon as it can be.
 */
describe.each(dialects)('Submit when the checklist fails after it, on %s', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('answers that the application was submitted, and the checklist shows it once its table is back', async () => {
    const client = await loggedInApplicant(server);
    expect((await client.put('/api/answer', { ...completeApplication(), first_name: 'Aroha' })).status).toBe(200);
    const db = server.database.openDb({ poolSize: 1 });
    try {
      await sql`alter table checklist_summaries rename to checklist_summaries_away`.execute(db.kysely);
      const submitted = await client.post('/api/submit', {});
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
      await sql`alter table checklist_summaries_away rename to checklist_summaries`.execute(db.kysely);
    } finally {
      await db.close();
    }
    const checklist = await client.get<ChecklistResponse>(checklistPaths.applicant);
    expect(checklist.status).toBe(200);
    expect(checklist.body.items[0]).toMatchObject({ id: 'application', state: 'received' });
    // A repeated Submit (or the inbox's next listing, refreshMissing) writes what the first could not, and mails the receipt once.
    expect((await client.post('/api/submit', {})).status).toBe(200);
    await expect.poll(async () => (await server.outbox()).filter((mail) => /We received your application/.test(mail)).length).toBe(1);
  });
});
