import type { Locator, Page } from '@playwright/test';
import { formPages } from '../../common/form/pages';
import { entryTermsOn } from '../../common/form/pages/education/choices';
import { institutionToday } from '../../common/form/calendar-day';
import { fillPath } from '../../common/api';
import { staffParamPaths, type StaffApplicationResponse } from '../../common/staff-api';
import { type MintedTokenResponse } from '../../common/token-api';
import { completeApplication } from '../../scripts/support/complete-application';
import { PASSWORD, confirmedAccount, expect, expectAccessible, test } from './support/fixtures';
import { enrolledStaff, logInAsStaff } from './support/staff';

/** Each staff page arrived at is announced: its main heading has the focus (issue 33 item 1's page arrival). */
const expectHeadingFocused = (page: Page, name: string) => expect(page.getByRole('heading', { level: 1, name })).toBeFocused();

async function shoot(page: Page, name: string, target: Locator) {
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await target.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/work/shots/wt-b/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the staff view opens with a summary of the application, each staff page announcing its heading', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  // A submitted application: a citizen of Canada with two colleges, not claiming in-state tuition.
  const username = await confirmedAccount(request, baseURL!, 'staff-summary');
  const headers = { origin: baseURL! };
  expect((await request.post('/public/login', { data: { username, password: PASSWORD }, headers })).status()).toBe(200);
  const answers = {
    ...completeApplication(),
    first_name: 'Katherine',
    last_name: 'Johnson',
    citizenship_type: '3',
    citizenship: 'CAN',
    citizenship_visa_status: 'F1',
    college_name_2: 'University of Toronto',
    college_attend_from_month_2: '9',
    college_attend_from_year_2: '2012',
    college_attend_to_month_2: '5',
    college_attend_to_year_2: '2016',
    college_gpa_2: '3.8',
  };
  const saved = await request.put('/api/answer', { data: answers, headers });
  expect(saved.status(), await saved.text()).toBe(200);
  const submitted = await request.post('/api/submit', { data: {}, headers });
  expect(submitted.status(), await submitted.text()).toBe(200);

  // The staff login by hand, the code of the next 30-second step; each page's heading takes the focus.
  const { email, secret } = await enrolledStaff(request, baseURL!, 'reader');
  await logInAsStaff(page, email, secret);
  await expectHeadingFocused(page, 'Applications');
  await page.getByLabel('Name or e-mail').fill(username);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('row').filter({ hasText: username }).getByRole('link').click();
  await expectHeadingFocused(page, 'Katherine Johnson');

  const summary = page.getByRole('region', { name: 'Summary' });
  const row = (label: string) => summary.getByRole('definition').filter({ has: page.locator(`xpath=preceding-sibling::dt[1][normalize-space()="${label}"]`) });
  await expect(row('Program')).toHaveText('Public Administration (M.P.A.)');
  await expect(row('Term')).toHaveText(entryTermsOn(institutionToday())[0]!.label);
  await expect(row('Campus')).toHaveText('Main campus, Baltimore');
  await expect(row('Citizenship')).toHaveText('Citizen of another country (not a U.S. permanent resident); Canada');
  await expect(row('In-state tuition (residency)')).toHaveText('No');
  await expect(row('Colleges and GPAs').getByRole('listitem')).toHaveText(['Towson University: GPA 3.25', 'University of Toronto: GPA 3.8']);
  // The checklist as the server keeps it: how far, and what each missing item waits on.
  const id = new URL(page.url()).pathname.split('/').at(-1)!;
  const { checklist } = (await (await page.request.get(fillPath(staffParamPaths.application, { id }))).json()) as StaffApplicationResponse;
  expect(checklist).not.toBeNull();
  await expect(row('Checklist')).toContainText(checklist!.summary.outstanding === 0 ? 'Complete' : `${checklist!.summary.outstanding} items outstanding`);
  const awaiting = checklist!.items.filter((entry) => entry.state === 'awaiting').map((item) => `${item.label}: Awaiting`);
  expect(awaiting.length).toBeGreaterThan(0);
  await expect(row('Checklist').getByRole('listitem')).toHaveText(awaiting);

  // The summary sits above the full answers, outside them: the printed application is unchanged.
  const application = page.getByRole('region', { name: 'Application', exact: true });
  const above = await summary.evaluate((node, other) => Boolean(node.compareDocumentPosition(other!) & Node.DOCUMENT_POSITION_FOLLOWING), await application.elementHandle());
  expect(above).toBe(true);
  await expect(application.getByRole('heading', { level: 2 })).toHaveText(formPages.map((formPage) => formPage.title));
  await expectAccessible(page);
  await shoot(page, 'staff-summary', summary);

  // Back in the inbox, its heading is announced again.
  await page.getByRole('link', { name: 'Back to the applications' }).click();
  await expectHeadingFocused(page, 'Applications');

  // A service link's view prints the application only: no summary there.
  const minted = await request.post('/admin/service-tokens', { data: { username, days: 1 }, headers: { authorization: `Bearer ${process.env.E2E_ADMIN_API_KEY}` } });
  expect(minted.status(), await minted.text()).toBe(201);
  await page.goto(((await minted.json()) as MintedTokenResponse).url);
  await expect(page.getByRole('region', { name: 'Application', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Summary' })).toHaveCount(0);
});
