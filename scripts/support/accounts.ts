import { expect } from 'vitest';
import { ApiClient } from './http-client';
import { latestCode, waitForMail } from './mail';

export const GOOD_PASSWORD = 'Correct-Horse-42';
export const OTHER_PASSWORD = 'Battery+Staple-77';

let counter = 0;
export function uniqueEmail(label = 'applicant'): string {
  counter += 1;
  return `${label}.${process.pid}.${Date.now()}.${counter}@example.edu`;
}

/**
 * Signs up, confirms with the mailed code and logs in; returns the client holding the session.
 * `outbox` reads the mails; they may arrive a moment after the answer (a spawned server's sender).
 */
export async function loggedInApplicant(server: { baseUrl: string; outbox: () => string[] | Promise<string[]> }, username = uniqueEmail()): Promise<ApiClient> {
  const client = new ApiClient(server.baseUrl);
  expect((await client.post('/public/signup', { username, password: GOOD_PASSWORD })).status).toBe(201);
  const code = await waitForMail(server.outbox, (mails) => latestCode(mails, username.toLowerCase()));
  expect((await client.post('/public/confirm', { username, code })).status).toBe(200);
  expect((await client.post('/public/login', { username, password: GOOD_PASSWORD })).status).toBe(200);
  return client;
}
