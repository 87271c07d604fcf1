import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiPaths, conversionPath, fillPath, type ConversionStatusResponse, type DocumentAnswers } from '../../common/api';
import { isUploadKey } from '../../common/form/model';
import { staffParamPaths, staffPaths } from '../../common/staff-api';
import { restoreBackup, takeBackup } from '../../backend/backup/backup';
import { hashPassword } from '../../backend/security/password-hash';
import { createSessionService, sessionPolicy } from '../../backend/auth/session-service';
import { openStore } from '../../backend/open-store';
import { openDb, pendingMigrations } from '../../backend/store/db';
import { sessionCookieName } from '../../common/session-cookies';
import { GOOD_PASSWORD } from '../../scripts/support/accounts';
import { dialects, type TestDatabase, type TestDialect } from '../../scripts/support/databases';
import { buildPdf } from '../../scripts/support/documents';
import { ApiClient } from '../../scripts/support/http-client';
import { plainAnswerKeys } from '../../scripts/support/plain-answer-keys';
import { convertedUpload, uploadFile } from '../../scripts/support/uploads';
import { createRestoreTarget } from './support/restore-target';
import { startS3rver, type TestS3 } from '../../scripts/support/s3rver';
import { enrolledStaff, totpCode } from './support/staff';
import { startTestServer, type TestServer } from './support/test-server';
import { dataDirSealer } from '../../backend/security/sealing-keys';

/**
 * Issue 35 item 2, the restore drill: applicants save and upload while a backup runs; the backup is
 * restored into a fresh store and object store; a server starts on them and everything acknowledged
 * before the backup began is there and works (SQLite with local objects, PostgreSQL with S3).
 */

const APPLICANTS = 50;
/** The program whose documents the applicants upload: its questions show once it is chosen. */
const PROGRAM = { campus_preferrence: 'M', applied_major: 'MSCS' };
const [UPLOAD_KEY, OTHER_UPLOAD_KEY] = ['essay_compscience_doc', 'resume_doc'];
const KEYS = plainAnswerKeys.slice(0, 4);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface Applicant {
  id: string;
  username: string;
  client: ApiClient;
  /** Per key, every value sent, in order; and how many of them were acknowledged before the backup began. */
  sent: Map<string, string[]>;
  acknowledgedBefore: Map<string, number>;
  /** Object keys uploaded (acknowledged) before the backup began, with their bytes' hash. */
  uploadsBefore: Map<string, string>;
}

/** The applicants' accounts, written as sign-up leaves them (one password hash for all) with their program chosen, each with a session. */
async function applicants(server: TestServer): Promise<Applicant[]> {
  const passwordHash = await hashPassword(GOOD_PASSWORD);
  const now = server.clock();
  const list = Array.from({ length: APPLICANTS }, (_, index) => ({ id: randomUUID(), username: `drill${index}.${randomUUID()}@example.edu` }));
  const db = server.database.openDb();
  try {
    await db.kysely.insertInto('accounts').values(list.map(({ id, username }) => ({ id, username, password_hash: passwordHash, confirmed_at: now, created_at: now, updated_at: now }))).execute();
    const chosen = list.flatMap(({ id }) => Object.entries(PROGRAM).map(([answer_key, value]) => ({ account_id: id, answer_key, value: JSON.stringify(value), updated_at: now })));
    await db.kysely.insertInto('answers').values(chosen).execute();
  } finally {
    await db.close();
  }
  const sessions = createSessionService(server.store, sessionPolicy(server.config), server.clock);
  return Promise.all(
    list.map(async ({ id, username }) => {
      const client = new ApiClient(server.baseUrl);
      client.cookies.set(sessionCookieName(server.config.cookiePrefix), await sessions.start(id));
      return { id, username, client, sent: new Map(), acknowledgedBefore: new Map(), uploadsBefore: new Map() };
    }),
  );
}

async function save(applicant: Applicant, round: number): Promise<void> {
  const key = KEYS[round % KEYS.length]!;
  const value = `r${round}-${applicant.id.slice(0, 8)}`;
  applicant.sent.set(key, [...(applicant.sent.get(key) ?? []), value]);
  const response = await applicant.client.put(apiPaths.answer, { [key]: value });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

async function upload(server: TestServer, applicant: Applicant, answerKey: string): Promise<[string, string]> {
  const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2_000)]);
  return [await uploadFile(server, applicant.client, answerKey, bytes), sha256(bytes)];
}

/** The restored store as a test database: the server on it drops it on close. */
function restoredDatabase(target: Awaited<ReturnType<typeof createRestoreTarget>>): TestDatabase {
  const options = { ...target.database, databaseUrl: target.database.databaseUrl };
  return { ...options, open: () => openStore({ ...options, sealer: dataDirSealer(options.dataDir) }), openDb: (more) => openDb({ ...options, ...more }), drop: () => target.drop() };
}

async function drill(dialect: TestDialect): Promise<void> {
  const sourceS3: TestS3 | null = dialect === 'postgres' ? await startS3rver('drill-source') : null;
  const targetS3: TestS3 | null = dialect === 'postgres' ? await startS3rver('drill-target') : null;
  const server = await startTestServer(dialect, { env: sourceS3?.env });
  const folder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gradapp-drill-')), 'backup');
  let restored: TestServer | null = null;
  try {
    expect([UPLOAD_KEY, OTHER_UPLOAD_KEY].every(isUploadKey)).toBe(true);
    const staff = await enrolledStaff(server, 'reader');
    const people = await applicants(server);
    const documentPdf = await buildPdf(['My statement of purpose, kept safe.']);
    const document = await convertedUpload(server, people[0]!.client, UPLOAD_KEY, { bytes: documentPdf, fileName: 'statement.pdf' });

    // Before the backup: every applicant saves and uploads, each acknowledged.
    await Promise.all(
      people.map(async (applicant) => {
        await save(applicant, 0);
        if (applicant !== people[0]) applicant.uploadsBefore.set(...(await upload(server, applicant, UPLOAD_KEY)));
        for (const [key, values] of applicant.sent) applicant.acknowledgedBefore.set(key, values.length);
      }),
    );

    // While the backup runs, they keep saving and uploading. (A fixed number of rounds: the
    // applicants, the server and the backup share this process, and an endless stream of saves
    // would starve the backup of the event loop, as no real server's applicants can.)
    const backup = takeBackup({ database: server.database, objects: server.objects, folder, pgPrograms: server.config.pgPrograms }, server.clock);
    await Promise.all(
      people.map(async (applicant) => {
        await save(applicant, 1);
        await upload(server, applicant, OTHER_UPLOAD_KEY);
        await save(applicant, 2);
      }),
    );
    const manifest = await backup;
    await server.close();

    const target = await createRestoreTarget(dialect, { pgSchema: server.database.pgSchema, s3Env: targetS3?.env });
    const { differences } = await restoreBackup({ database: target.database, objects: target.objects, folder, pgPrograms: target.config.pgPrograms });
    expect(differences).toEqual([]);
    const database = restoredDatabase(target);
    const unmigrated = database.openDb();
    try {
      expect(await pendingMigrations(unmigrated), 'the restored schema is current').toEqual([]);
    } finally {
      await unmigrated.close();
    }
    restored = await startTestServer(dialect, { database, env: targetS3?.env, mail: false });

    // Every save acknowledged before the backup began is there: the value of the last, or one sent after it.
    const answers = await Promise.all(people.map((applicant) => restored!.store.answers.list(applicant.id)));
    people.forEach((applicant, index) => {
      for (const [key, values] of applicant.sent) {
        const before = applicant.acknowledgedBefore.get(key) ?? 0;
        if (before > 0) expect(values.slice(before - 1), `${applicant.username} ${key}`).toContain(answers[index]![key]);
      }
    });
    // Every object: the ones uploaded before the backup with the bytes sent, and each in the manifest with its hash.
    const restoredHash = async (key: string) => {
      const bytes = await restored!.objects.get(key);
      return bytes && sha256(bytes);
    };
    const inManifest = new Map(manifest.objects.map((object) => [object.key, object.sha256]));
    for (const applicant of people) for (const [key, hash] of applicant.uploadsBefore) expect(inManifest.get(key), key).toBe(hash);
    for (const object of manifest.objects) expect(await restoredHash(object.key), object.key).toBe(object.sha256);
    expect(manifest.objects.length).toBeGreaterThanOrEqual(APPLICANTS + 1);

    // An applicant logs in and opens their documents.
    const applicant = new ApiClient(restored.baseUrl);
    expect((await applicant.post(apiPaths.login, { username: people[0]!.username, password: GOOD_PASSWORD })).status).toBe(200);
    expect((await applicant.get<DocumentAnswers>(apiPaths.documentAnswers)).body[UPLOAD_KEY]).toMatchObject({ file_name: 'statement.pdf' });
    expect((await applicant.get<ConversionStatusResponse>(conversionPath(UPLOAD_KEY))).body.status).toBe('COMPLETED');

    // A staff member logs in with a TOTP code (a step after any the old server accepted) and opens the document.
    restored.advance(120_000);
    const reader = new ApiClient(restored.baseUrl);
    const login = await reader.post(staffPaths.login, { email: staff.email, password: staff.password, code: totpCode(staff.secret, restored.clock()) });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const opened = await fetch(`${restored.baseUrl}${fillPath(staffParamPaths.applicationDocument, { id: document.accountId, key: UPLOAD_KEY })}`, { headers: { cookie: reader.cookieHeader() } });
    expect(opened.status).toBe(200);
    expect(sha256(Buffer.from(await opened.arrayBuffer()))).toBe(sha256(documentPdf));

    // The access log's append-only protection came back with the schema.
    const db = restored.database.openDb();
    try {
      expect(Number((await db.kysely.selectFrom('staff_access_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBeGreaterThan(0);
      await expect(db.kysely.updateTable('staff_access_log').set({ action: 'nothing' }).execute()).rejects.toThrow(/append-only/);
      await expect(db.kysely.deleteFrom('staff_access_log').execute()).rejects.toThrow(/append-only/);
    } finally {
      await db.close();
    }
  } finally {
    await restored?.close();
    await server.close().catch(() => undefined);
    await sourceS3?.close();
    await targetS3?.close();
    fs.rmSync(path.dirname(folder), { recursive: true, force: true });
  }
}

describe.each(dialects)('restore drill on %s', (dialect) => {
  it(`${APPLICANTS} applicants save and upload during a backup; restored into a fresh store, everything acknowledged before it is there and works`, () => drill(dialect), 60_000);
});
