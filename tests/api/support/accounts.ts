import { expect } from 'vitest';
import { ApiClient } from './http-client';
import { latestCode } from '../../support/mail';
import type { TestServer } from './test-server';

export const GOOD_PASSWORD = 'Correct-Horse-42';
export const OTHER_PASSWORD = 'Battery+Staple-77';

let counter = 0;
export function uniqueEmail(label = 'applicant'): string {
  counter += 1;
  return `${label}.${process.pid}.${Date.now()}.${counter}@example.edu`;
}

/** Signs up, confirms with the mailed code and logs in; returns the client holding the session. */
export async function loggedInApplicant(server: Pick<TestServer, 'baseUrl' | 'outbox'>, username = uniqueEmail()): Promise<ApiClient> {
  const client = new ApiClient(server.baseUrl);
  expect((await client.post('/public/signup', { username, password: GOOD_PASSWORD })).status).toBe(201);
  const code = latestCode(server.outbox(), username.toLowerCase());
  expect((await client.post('/public/confirm', { username, code })).status).toBe(200);
  expect((await client.post('/public/login', { username, password: GOOD_PASSWORD })).status).toBe(200);
  return client;
}
