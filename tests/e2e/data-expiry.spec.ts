import path from 'node:path';
import { openSqliteDatabase } from '../../backend/store/sqlite-database';
import { confirmedAccount, expect, expectAccessible, test } from './support/fixtures';
import { enrolledStaff, logInAsStaff } from './support/staff';

/** Issue 35 item 3: an admin sees which drafts expire soon, with the reminder and deletion dates. */

const DAY_MS = 24 * 60 * 60_000;

/** Moves everything the account did back `days` (the e2e server's SQLite file): as if nobody had touched it since. */
function idleFor(username: string, days: number): void {
  const database = openSqliteDatabase(path.join(process.env.E2E_DATA_DIR!, 'gradapp.sqlite'));
  try {
    const then = Date.now() - days * DAY_MS;
    const account = database.prepare('select id from accounts where username = ?').all([username])[0] as { id: string };
    database.prepare('update accounts set created_at = ? where id = ?').run([then, account.id]);
    for (const table of ['logins set logged_in_at', 'sessions set last_seen_at', 'answers set updated_at']) database.prepare(`update ${table} = ? where account_id = ?`).run([then, account.id]);
  } finally {
    database.close();
  }
}

test('an admin opens Data that expires and finds an idle draft with its next reminder and deletion date', async ({ page, request, baseURL }) => {
  const username = await confirmedAccount(request, baseURL!, 'idle-draft');
  idleFor(username, 340);
  const { email: officer, secret } = await enrolledStaff(request, baseURL!, 'admin');
  await logInAsStaff(page, officer, secret);
  await page.getByRole('link', { name: 'Data that expires' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Data that expires' })).toBeVisible();
  const row = page.getByRole('region', { name: 'Unsubmitted applications table' }).getByRole('row').filter({ hasText: username });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(/\((30|7) days before\)/);
  await expectAccessible(page);
  for (const [name, width, height] of [['desktop', 1280, 900], ['phone', 390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `/work/shots/wt-a/data-expiry-${name}.png`, fullPage: true });
  }
});
