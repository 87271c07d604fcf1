import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { apiPaths } from '../../common/api';
import { createProcessStore, freePort, startBackendProcess } from '../support/backend-process';
import { recommendationPaths } from '../../common/recommendation-api';
import { completeApplication } from '../support/complete-application';
import { latestCode, recommendLinksTo } from '../support/mail';

const PASSWORD = 'Correct-Horse-42';

export interface BenchServer {
  baseURL: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** The real backend (`node --import tsx backend/main.ts`) on a free port, a fresh data folder and `rendererDir`. */
export async function startBackend(rendererDir: string): Promise<BenchServer> {
  const store = await createProcessStore('sqlite');
  try {
    const backend = await startBackendProcess(store, await freePort(), 60_000, { LOG_LEVEL: 'warn', RENDERER_DIR: rendererDir });
    return {
      baseURL: backend.baseUrl,
      dataDir: store.dataDir,
      stop: async () => {
        await backend.kill();
        await store.drop();
      },
    };
  } catch (error) {
    await store.drop();
    throw error;
  }
}

function outbox(dataDir: string): string[] {
  const dir = path.join(dataDir, 'outbox');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort().map((file) => fs.readFileSync(path.join(dir, file), 'utf8')) : [];
}

async function expectOk(response: { ok(): boolean; status(): number; text(): Promise<string> }, what: string): Promise<void> {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
}

/**
 * A confirmed, logged-in applicant, as tests/e2e/support/fixtures.ts makes one: sign up, the
 * code from the outbox, confirm, log in. `request` is a browser context's, so its pages share the session.
 */
export async function logInNewApplicant(request: APIRequestContext, server: BenchServer, label: string): Promise<string> {
  const username = `${label}.${process.pid}.${Date.now()}@example.edu`;
  const headers = { origin: server.baseURL };
  await expectOk(await request.post(`${server.baseURL}${apiPaths.signup}`, { data: { username, password: PASSWORD }, headers }), 'sign up');
  let code: string | undefined;
  for (let attempt = 0; attempt < 50 && !code; attempt += 1) {
    try {
      code = latestCode(outbox(server.dataDir), username);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  if (!code) throw new Error(`no confirmation code mailed to ${username}`);
  await expectOk(await request.post(`${server.baseURL}${apiPaths.confirm}`, { data: { username, code }, headers }), 'confirm');
  await expectOk(await request.post(`${server.baseURL}${apiPaths.login}`, { data: { username, password: PASSWORD }, headers }), 'log in');
  return username;
}

/**
 * The link a recommender is mailed (issue 28): the logged-in applicant of `request` submits a
 * complete Computer Science application and names a recommender; the link is read from the outbox.
 */
export async function mailedRecommenderLink(request: APIRequestContext, server: BenchServer): Promise<string> {
  const headers = { origin: server.baseURL };
  await expectOk(await request.put(`${server.baseURL}${apiPaths.answer}`, { data: { ...completeApplication(), applied_major: 'MSCS', essay_compscience: 'Systems that stay up on deadline day.', resume: 'Engineer, 2019 to 2025.' }, headers }), 'save the answers');
  await expectOk(await request.post(`${server.baseURL}${apiPaths.submit}`, { data: {}, headers }), 'submit');
  const email = `recommender.${process.pid}.${Date.now()}@example.edu`;
  await expectOk(await request.post(`${server.baseURL}${recommendationPaths.applicantList}`, { data: { name: 'Grace Hopper', email, relationship: 'Thesis advisor' }, headers }), 'name a recommender');
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const link = recommendLinksTo(outbox(server.dataDir), email)[0]?.url;
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no invitation mailed to ${email}`);
}
