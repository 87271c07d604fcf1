import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChecklistService } from '../../backend/checklist/checklist-service';
import type { ChecklistStore } from '../../backend/checklist/checklist-store';
import { dialects } from '../../scripts/support/databases';
import { submittedThroughSubmit } from './support/checklist';
import { startTestServer, type TestServer } from './support/test-server';

const STAFF = { staffId: 'staff-1', email: 'officer@example.edu' };

/** Issue 28 item 4: the inbox's summary of a file ends with every fact, when two refreshes cross. */
describe.each(dialects)('the checklist summary under concurrent facts on %s', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('is not left stale by a refresh that built before another fact and wrote after it', async () => {
    const { accountId } = await submittedThroughSubmit(server);
    const clock = server.clock;
    const fresh = createChecklistService({ store: server.store, clock });
    // The slow refresh: between its build and its write, the fee is recorded and refreshed in full.
    let crossed = false;
    const checklist: ChecklistStore = {
      ...server.store.checklist,
      async writeSummary(...args: Parameters<ChecklistStore['writeSummary']>) {
        if (!crossed) {
          crossed = true;
          await fresh.recordFee(accountId, { state: 'paid' }, STAFF);
          expect((await server.store.checklist.summaryOf(accountId))?.fee_awaiting).toBe(0);
        }
        return server.store.checklist.writeSummary(...args);
      },
    };
    await createChecklistService({ store: { ...server.store, checklist }, clock }).refresh(accountId);
    expect(crossed).toBe(true);
    expect(await server.store.checklist.summaryOf(accountId)).toMatchObject({ fee_awaiting: 0, outstanding: 1 });
  });
});
