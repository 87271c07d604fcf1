import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as visibility from '../../common/form/visibility';
import { completeApplication } from '../../scripts/support/complete-application';
import { buildPdf } from '../../scripts/support/documents';
import { loggedInApplicant } from '../../scripts/support/accounts';
import { dialects } from '../../scripts/support/databases';
import { convertedUpload } from '../../scripts/support/uploads';
import { startTestServer, type TestServer } from './support/test-server';

// Every way the server works out what is on show, counted (issue 27 item 3: once per save).
vi.mock('../../common/form/visibility', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../common/form/visibility')>();
  return {
    ...actual,
    visibilityOf: vi.fn(actual.visibilityOf),
    settle: vi.fn(actual.settle),
    keysToClear: vi.fn(actual.keysToClear),
    shownKeys: vi.fn(actual.shownKeys),
  };
});

const walks = () => [visibility.visibilityOf, visibility.settle, visibility.keysToClear, visibility.shownKeys].reduce((total, spy) => total + vi.mocked(spy).mock.calls.length, 0);

describe.each(dialects)('a save on %s', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());
  beforeEach(() => vi.clearAllMocks());

  it('works out what is on show once, for its clearing and for the documents it removes', async () => {
    // Curriculum and Instruction asks for a teaching certificate: a document on file that a save may hide.
    const client = await loggedInApplicant(server);
    expect((await client.put('/api/answer', { ...completeApplication(), applied_major: 'MEDCI' })).status).toBe(200);
    const certificate = await convertedUpload(server, client, 'teacher_upload', { bytes: await buildPdf(['A teaching certificate.']), fileName: 'certificate.pdf' });

    vi.clearAllMocks();
    expect((await client.put('/api/answer', { middle_name: 'Byron' })).status).toBe(200);
    expect(walks()).toBe(1);
    expect(await server.store.conversions.answerKeys(certificate.accountId)).toEqual(['teacher_upload']);

    // Another program: the certificate's question is hidden, its answer cleared and its document removed, still in one walk.
    vi.clearAllMocks();
    expect((await client.put('/api/answer', { applied_major: 'MBA' })).status).toBe(200);
    expect(walks()).toBe(1);
    expect(await server.store.conversions.answerKeys(certificate.accountId)).toEqual([]);
  });
});
