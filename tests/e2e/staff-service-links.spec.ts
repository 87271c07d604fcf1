import { SERVICE_TOKEN_PARAM, tokenPaths, type MintedTokenResponse } from '../../common/token-api';
import { PASSWORD, confirmedAccount, expect, expectAccessible, test } from './support/fixtures';
import { enrolledStaff, logInAsStaff } from './support/staff';

/** Issue 24: an admin sees the live service links on the access log page, who minted each, and revokes one; it stops working at once. */


test('an admin lists the live service links with who minted each, and revokes one', async ({ page, request, baseURL }) => {
  test.setTimeout(90_000);
  const headers = { origin: baseURL! };
  const username = await confirmedAccount(request, baseURL!, 'linked-applicant');
  expect((await request.post('/public/login', { data: { username, password: PASSWORD }, headers })).status()).toBe(200);
  expect((await request.put('/api/answer', { data: { first_name: 'Ada', last_name: 'Lovelace' }, headers })).status()).toBe(200);
  const mintedResponse = await request.post(tokenPaths.adminServiceTokens, { data: { username, days: 1 }, headers: { authorization: `Bearer ${process.env.E2E_ADMIN_API_KEY}` } });
  expect(mintedResponse.status()).toBe(201);
  const minted = (await mintedResponse.json()) as MintedTokenResponse;
  const view = () => request.get(`${tokenPaths.serviceApplication}?${SERVICE_TOKEN_PARAM}=${minted.token}`);
  expect((await view()).status()).toBe(200);

  // An admin, invited from the command line and enrolled through the API.
  const { email: officer, secret } = await enrolledStaff(request, baseURL!, 'admin');

  await logInAsStaff(page, officer, secret);
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();

  await page.getByRole('link', { name: 'Access log' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Service links' })).toBeVisible();
  const row = page.getByRole('region', { name: 'Service links table' }).getByRole('row').filter({ hasText: username });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('admin API key "');
  await expect(row).toContainText('Live');
  await expectAccessible(page);

  await row.getByRole('button', { name: new RegExp(`^Revoke the link to ${username.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} minted by admin API key`) }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The service link is revoked' })).toBeVisible();
  await expect(row).toContainText(`Revoked by ${officer}`);
  await expect(row.getByRole('button')).toHaveCount(0);
  expect((await view()).status()).toBe(403);
  await expectAccessible(page);
});
