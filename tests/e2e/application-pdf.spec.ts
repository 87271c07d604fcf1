import { completeApplication } from '../../scripts/support/complete-application';
import { confirmedAccount, expect, expectAccessible, logIn, test } from './support/fixtures';

test('a submitted applicant waits for the application PDF, then downloads it and opens it to print', async ({ page, request, baseURL }) => {
  const username = await confirmedAccount(request, baseURL!, 'application-pdf');
  await logIn(page, username);
  const headers = { origin: baseURL! };
  expect((await page.request.put('/api/answer', { data: completeApplication(), headers })).status()).toBe(200);
  expect((await page.request.post('/api/submit', { headers: { ...headers, 'content-type': 'application/json' } })).status()).toBe(200);

  await page.goto('/completion');
  const download = page.getByRole('link', { name: 'Download your application (PDF)' });
  await expect(download).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Preparing your application PDF…' })).toHaveCount(0);
  await expectAccessible(page);

  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toBe('application-Lovelace-Ada.pdf');
  const bytes = await (await page.request.get((await download.getAttribute('href'))!)).body();
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  const print = page.getByRole('link', { name: /^Print/ });
  await expect(print).toHaveAttribute('target', '_blank');
  const inline = await page.request.get((await print.getAttribute('href'))!);
  expect(inline.headers()['content-disposition']).toMatch(/^inline;/);
});
