import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { latestCode, latestResetLink, recommendLinksTo } from '../../../scripts/support/mail';

export const PASSWORD = 'Correct-Horse-42';
export const NEW_PASSWORD = 'Battery+Staple-77';

let counter = 0;
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}.${process.pid}.${Date.now()}.${counter}@example.edu`;
}

/** The mails the e2e server wrote to its outbox, oldest first. */
export function outbox(): string[] {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort().map((file) => fs.readFileSync(path.join(dir, file), 'utf8')) : [];
}

export async function waitForCode(address: string): Promise<string> {
  await expect.poll(() => outbox().some((mail) => mail.includes(`To: ${address}`))).toBe(true);
  return latestCode(outbox(), address);
}

export async function waitForResetLink(address: string): Promise<URL> {
  await expect.poll(() => {
    try {
      return latestResetLink(outbox(), address).toString();
    } catch {
      return '';
    }
  }).not.toBe('');
  return latestResetLink(outbox(), address);
}

/** The recommendation link mailed to the address, once it has arrived (the outbox sends after the answer). */
export async function waitForRecommendLink(address: string, origin: string): Promise<string> {
  const find = () => recommendLinksTo(outbox(), address, origin)[0]?.url ?? '';
  await expect.poll(find).not.toBe('');
  return find();
}

/** A confirmed account made through the API, for tests about other screens. */
export async function confirmedAccount(request: APIRequestContext, baseURL: string, label: string): Promise<string> {
  const username = uniqueEmail(label);
  const headers = { origin: baseURL };
  expect((await request.post('/public/signup', { data: { username, password: PASSWORD }, headers })).status()).toBe(201);
  const code = await waitForCode(username);
  expect((await request.post('/public/confirm', { data: { username, code }, headers })).status()).toBe(200);
  return username;
}

/**
 * From the sign-up card to a logged-in applicant, as a new applicant goes: sign up, then the
 * mailed code on the confirm card, which logs in.
 */
export async function completeSignUp(page: Page, username: string): Promise<void> {
  await expect(page).toHaveURL(/\/signup$/);
  await page.getByLabel('Email').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/confirm$/);
  await page.getByLabel('Confirmation Code').fill(await waitForCode(username.toLowerCase()));
  // The confirmed code logs the applicant in (issue 33, item 5).
  await page.getByRole('button', { name: 'Submit' }).click();
}

/** Logs in through the login card and waits for the form to open. */
export async function logIn(page: Page, username: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('navigation', { name: 'Application pages' })).toBeVisible();
}

/** The answers the server holds for the browser's session. */
export async function storedAnswers(page: Page): Promise<Record<string, unknown>> {
  // Resolved against the page, not the context: a browser reached over CDP (the kiosk launcher's) has no baseURL.
  const response = await page.request.get(new URL('/api/profile', page.url()).toString());
  expect(response.status()).toBe(200);
  return ((await response.json()) as { answer: Record<string, unknown> }).answer;
}

/** Moves the application's status on, as the submit sequence does (started, then validating). */
export async function setWebStatus(page: Page, origin: string, status: 'started' | 'validating'): Promise<void> {
  const response = await page.request.post('/api/web-status', { data: { web_status: status }, headers: { origin } });
  expect(response.status()).toBe(200);
}

export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`)).toEqual([]);
}

/**
 * Every test watches for what must never happen: a 5xx from the server, a Content-Security-Policy
 * violation, or an uncaught error in the page.
 */
export const test = base.extend<{ guards: void }>({
  guards: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('response', (response) => {
        if (response.status() >= 500) problems.push(`${response.status()} from ${response.url()}`);
      });
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) problems.push(`CSP: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      await use();
      expect(problems).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
