// A supervisor stops an instance with SIGTERM (systemd, Docker, Kubernetes, or npm passing it on):
// the server stops accepting, finishes the requests in flight, gives back the job it holds and
// exits 0, losing no acknowledged save; another instance picks the job up at once.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, type ProfileResponse } from '../../common/api';
import { answerFields } from '../../common/form/model';
import { openStore, type Store } from '../../backend/open-store';
import { heavyDocx } from '../../scripts/support/documents';
import { readOutbox } from '../../scripts/support/mail';
import { loggedInApplicant } from '../../scripts/support/accounts';
import { BACKEND_COMPILED, createProcessStore, freePort, startBackendProcess, type ProcessStore } from '../../scripts/support/backend-process';
import { expectAcknowledgedSaveKept, startSaveStream } from './support/save-stream';
import { uploadFile } from '../../scripts/support/uploads';
import { dataDirSealer } from '../../backend/security/sealing-keys';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const UPLOAD_KEY = answerFields.find((field) => field.type === 'upload')!.key;
const FIELDS = ['first_name', 'middle_name', 'last_name'] as const;

/** The processes whose parent is `pid` (Linux's /proc). */
function childrenOf(pid: number): number[] {
  const tasks = `/proc/${pid}/task`;
  if (!fs.existsSync(tasks)) return [];
  return fs
    .readdirSync(tasks)
    .flatMap((task) => fs.readFileSync(`${tasks}/${task}/children`, 'utf8').trim().split(/\s+/))
    .filter(Boolean)
    .map(Number);
}

const alive = (pid: number) => fs.existsSync(`/proc/${pid}`) && !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));

describe('npm start, stopped with SIGTERM during a stream of saves', () => {
  let store: ProcessStore;

  beforeAll(async () => {
    store = await createProcessStore('sqlite');
  });
  afterAll(async () => {
    await store?.drop();
  });

  it('passes the signal to the server, which finishes what it acknowledged and exits 0 with no process left', async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const npm = spawn('npm', ['start'], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', LOG_LEVEL: 'info', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl, DATA_DIR: store.dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    try {
      // The first start may build the renderer and compile the backend.
      for (const deadline = Date.now() + 120_000; ; await new Promise((resolve) => setTimeout(resolve, 100))) {
        if (npm.exitCode !== null) throw new Error(`npm start exited with ${npm.exitCode}: ${output}`);
        if (await fetch(`${baseUrl}${apiPaths.health}`).then((response) => response.ok, () => false)) break;
        if (Date.now() > deadline) throw new Error(`npm start did not serve within 2 minutes: ${output}`);
      }
      // npm runs the server itself through `exec`: npm's child is the node process that serves.
      const [server, ...others] = childrenOf(npm.pid!);
      expect(others).toEqual([]);
      expect(fs.readFileSync(`/proc/${server}/cmdline`, 'utf8').split('\0')).toContain('build/start.mjs');

      const applicants = await Promise.all(FIELDS.map(() => loggedInApplicant({ baseUrl, outbox: () => readOutbox(store.dataDir) })));
      const streams = FIELDS.map((field, index) => startSaveStream(baseUrl, applicants[index]!, field, 2));
      await Promise.all(streams.map((stream) => stream.acknowledgedAgain(10_000)));
      npm.kill('SIGTERM');
      expect(await exited).toBe(0);
      const records = await Promise.all(streams.map((stream) => stream.stop()));
      expect(alive(server!)).toBe(false);
      expect(output).toContain('shut down cleanly');

      // Every save the server acknowledged before it went is in the store.
      const reopened = await startBackendProcess(store, await freePort());
      try {
        for (const [index, record] of records.entries()) {
          const client = applicants[index]!;
          const response = await fetch(`${reopened.baseUrl}${apiPaths.profile}`, { headers: { cookie: client.cookieHeader() } });
          const profile = (await response.json()) as ProfileResponse;
          expectAcknowledgedSaveKept(record, profile.answer[record.field]);
        }
      } finally {
        await reopened.kill();
      }
    } finally {
      if (npm.exitCode === null) npm.kill('SIGKILL');
      for (const pid of childrenOf(npm.pid!)) process.kill(pid, 'SIGKILL');
    }
  }, 180_000);
});

describe('an instance stopped while it converts a document', () => {
  let store: ProcessStore;
  let reader: Store;

  beforeAll(async () => {
    store = await createProcessStore('postgres');
    reader = await openStore({ databaseUrl: store.databaseUrl, dataDir: store.dataDir, sealer: dataDirSealer(store.dataDir) });
    // The compiled server, as production runs it.
    execFileSync(process.execPath, ['build/build-backend.mjs'], { cwd: repoRoot });
  });
  afterAll(async () => {
    await reader?.close();
    await store?.drop();
  });

  it('gives the job back at once, and another instance converts it long before the lease would have run out', async () => {
    const first = await startBackendProcess(store, await freePort(), 30_000, { SHUTDOWN_GRACE_MS: '0', LOG_LEVEL: 'info' }, BACKEND_COMPILED);
    const applicant = await loggedInApplicant({ baseUrl: first.baseUrl, outbox: () => readOutbox(store.dataDir) });
    const fileKey = await uploadFile({ origin: first.baseUrl }, applicant, UPLOAD_KEY, heavyDocx(20_000));
    expect((await applicant.post(`${apiPaths.pdf}/document-answer/${UPLOAD_KEY}`, { file_key: fileKey, file_name: 'long essay.docx' })).status).toBe(202);

    // Once the first instance holds the job, stop it.
    for (const deadline = Date.now() + 20_000; ; await new Promise((resolve) => setTimeout(resolve, 20))) {
      const conversions = (await reader.jobQueues.depths(Date.now())).find((queue) => queue.queue === 'conversions')!;
      if (conversions.running === 1) break;
      if (Date.now() > deadline) throw new Error(`the first instance never took the job: ${first.stderr()}`);
    }
    const stoppedAt = Date.now();
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.stdout()).toContain('shut down cleanly');
    // Given back, uncounted: waiting for any worker, held by none.
    const queues = await reader.jobQueues.depths(Date.now());
    expect(queues.find((queue) => queue.queue === 'conversions')).toMatchObject({ waiting: 1, running: 0 });

    const second = await startBackendProcess(store, await freePort(), 30_000, { ROLE: 'worker' }, BACKEND_COMPILED);
    try {
      for (const deadline = Date.now() + 60_000; ; await new Promise((resolve) => setTimeout(resolve, 100))) {
        const conversions = (await reader.jobQueues.depths(Date.now())).find((queue) => queue.queue === 'conversions')!;
        if (conversions.waiting === 0 && conversions.running === 0) break;
        if (Date.now() > deadline) throw new Error(`the second instance did not finish the job: ${second.stderr()}`);
      }
      // The lease is two minutes: the job was taken over because it was given back, not because it expired.
      expect(Date.now() - stoppedAt).toBeLessThan(60_000);
    } finally {
      await second.kill();
    }
  }, 180_000);
});
