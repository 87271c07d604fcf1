import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { completeApplication } from '../../scripts/support/complete-application';
import { PASSWORD, confirmedAccount, expect, expectAccessible, logIn, test } from './support/fixtures';
import { enrolledStaff, logInAsStaff } from './support/staff';

/** Issue 35 item 4: from the account menu, an applicant downloads their data and deletes their account. */

const DELETED = 'Your account and everything in it have been deleted.';
const LOGIN_FAILED = 'Incorrect email address or password.';

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'Account' }).click();
  return page.getByRole('dialog', { name: 'Account' });
}

/** The names of the files in a zip, as unzip lists them, and one file's text. */
function zipContents(file: string, entry: string): { names: string[]; text: string } {
  const listing = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' });
  return { names: listing.split('\n').filter(Boolean), text: execFileSync('unzip', ['-p', file, entry], { encoding: 'utf8' }) };
}

async function loginRefused(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert').filter({ hasText: LOGIN_FAILED })).toBeVisible();
}

test('an applicant downloads their data from the account menu, then deletes their account with the password, and cannot log in again', async ({ page, request, baseURL }) => {
  test.setTimeout(90_000);
  const username = await confirmedAccount(request, baseURL!, 'own-data');
  await logIn(page, username);
  expect((await page.request.put('/api/answer', { data: { first_name: 'Ada', last_name: 'Lovelace' }, headers: { origin: baseURL! } })).status()).toBe(200);

  const menu = await openAccountMenu(page);
  const downloading = page.waitForEvent('download');
  await menu.getByRole('link', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('my-application-data.zip');
  const saved = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'own-data-')), 'data.zip');
  await download.saveAs(saved);
  const { names, text } = zipContents(saved, 'answers.csv');
  expect(names).toEqual(expect.arrayContaining(['README.txt', 'account.csv', 'answers.csv', 'documents.csv', 'letters-of-recommendation.csv']));
  expect(text).toContain('"Lovelace","Lovelace","last_name"');

  // A download leaves the page, and the menu, as they were.
  await menu.getByRole('link', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/delete-account$/);
  await expect(page.getByRole('heading', { name: 'Delete my account' })).toBeFocused();
  await expect(page.getByText(/deletes your account and everything in it/)).toBeVisible();
  await expectAccessible(page);

  // A wrong password deletes nothing, and says so in the card and under the field.
  await page.getByLabel('Password').fill(`${PASSWORD}-not`);
  await page.getByRole('button', { name: 'Delete my account now' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'That password is not right. Nothing has been deleted.' })).toBeVisible();
  expect((await page.request.get('/api/profile')).status()).toBe(200);
  await expectAccessible(page);

  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Delete my account now' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Success Notification')).toContainText(DELETED);
  expect((await page.request.get('/api/profile')).status()).toBe(401);
  await loginRefused(page, username);
});

test('after submission the applicant asks for deletion; an admin completes it from the deletion requests, and the applicant cannot log in', async ({ page, request, baseURL, browser }) => {
  test.setTimeout(120_000);
  const username = await confirmedAccount(request, baseURL!, 'own-data-submitted');
  await logIn(page, username);
  const headers = { origin: baseURL! };
  expect((await page.request.put('/api/answer', { data: completeApplication(), headers })).status()).toBe(200);
  expect((await page.request.post('/api/submit', { data: {}, headers })).status()).toBe(200);

  await page.goto('/completion');
  await (await openAccountMenu(page)).getByRole('link', { name: 'Delete my account' }).click();
  await expect(page.getByText(/the admissions office deletes it for you/)).toBeVisible();
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Ask for my account to be deleted' }).click();
  await expect(page.getByRole('status')).toContainText('your request has been sent to them');
  await expectAccessible(page);
  expect((await page.request.get('/api/profile')).status()).toBe(200);

  const { email: officer, secret } = await enrolledStaff(request, baseURL!, 'admin');
  const office = await (await browser.newContext()).newPage();
  await logInAsStaff(office, officer, secret);
  await office.getByRole('link', { name: 'Deletion requests' }).click();
  await expect(office.getByRole('heading', { level: 1, name: 'Deletion requests' })).toBeVisible();
  const row = office.getByRole('region', { name: 'Deletion requests table' }).getByRole('row').filter({ hasText: username });
  await expect(row).toHaveCount(1);
  await expectAccessible(office);
  await row.getByRole('button', { name: /^Complete deletion of / }).click();
  await row.getByRole('button', { name: 'Delete for good' }).click();
  await expect(office.getByRole('status')).toContainText('The account and everything in it have been deleted.');
  await expect(row).toHaveCount(0);
  await office.getByRole('link', { name: 'Access log' }).click();
  await expect(office.getByRole('row').filter({ hasText: 'deletion.complete' }).filter({ hasText: officer })).toHaveCount(1);

  expect((await page.request.get('/api/profile')).status()).toBe(401);
  await loginRefused(page, username);
});
