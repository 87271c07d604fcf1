import {
  completeSignUp,
  confirmedAccount,
  expect,
  expectAccessible,
  logIn,
  setWebStatus,
  storedAnswers,
  test,
  uniqueEmail,
} from './support/fixtures';
import { aboutMessages, genericMessages } from '../../common/form/schema';
import { dateGroup, expectDate, typeDate } from './support/dates';
import { questionLabel } from './support/labels';

test('a visitor types answers, is sent to sign-up with them, and finds them saved in the new account', async ({ page }) => {
  await page.goto('/about');
  await page.getByLabel('First Name', { exact: true }).fill('Grace');
  await page.getByLabel('Last Name', { exact: true }).fill('Hopper');
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  await completeSignUp(page, uniqueEmail('visitor'));

  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('Grace');
  await expect.poll(() => storedAnswers(page)).toMatchObject({ first_name: 'Grace', last_name: 'Hopper' });
});

test('an applicant fills About You, leaves and returns to find it saved, and a reload returns to the last page', async ({
  page,
  request,
  baseURL,
}) => {
  const username = await confirmedAccount(request, baseURL!, 'returning');
  await logIn(page, username);
  await expect(page).toHaveURL(/\/about$/);

  await page.getByLabel('First Name', { exact: true }).fill('Katherine');
  await page.getByLabel('Last Name', { exact: true }).fill('Johnson');
  await typeDate(page, 'Date of Birth', '1990-05-17');
  await page.getByLabel('Primary Phone', { exact: true }).pressSequentially('4105550142');
  await expect(page.getByLabel('Primary Phone', { exact: true })).toHaveValue('(410) 555-0142');
  await page.getByRole('region', { name: 'Permanent Address' }).getByLabel('Country', { exact: true }).selectOption({ label: 'Canada' });
  await page.getByRole('link', { name: 'Your Academics' }).click();
  await expect(page).toHaveURL(/\/education$/);
  await expect.poll(() => storedAnswers(page)).toMatchObject({
    first_name: 'Katherine',
    last_name: 'Johnson',
    birth_date: '1990-05-17',
    phone_home: '(410) 555-0142',
    country: 'CAN',
    country_desc: 'Canada',
  });

  await page.goto('/about');
  await expect(page).toHaveURL(/\/education$/);
  await page.getByRole('link', { name: 'About You' }).click();
  await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('Katherine');
  await expectDate(page, 'Date of Birth', '1990-05-17');
  await expect(page.getByRole('region', { name: 'Permanent Address' }).getByLabel('Country', { exact: true })).toHaveValue('CAN');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/Saved at \d{1,2}:\d{2}/)).toBeVisible();
  await expectAccessible(page);
});

test('what was typed wrong is named at its field when left, nothing moves under the click, and it is all still there after Save and reload (issue 33, item 2)', async ({
  page,
  request,
  baseURL,
}) => {
  const username = await confirmedAccount(request, baseURL!, 'malformed');
  await logIn(page, username);
  const birth = dateGroup(page, 'Date of Birth');
  for (const [part, text] of [['Month', '13'], ['Day', '32'], ['Year', '88']] as const) await birth.getByLabel(part, { exact: true }).fill(text);
  // Leaving the date by pressing on Gender, just under it: the date's message must not move "Female" before the click lands.
  const female = page.getByRole('radio', { name: 'Female' });
  await female.click();
  await expect(female).toBeChecked();
  await expect(page.locator('#birth_date-errors')).toHaveText(aboutMessages.birthDateInvalid);

  const fields = [
    ['Social Security Number', '12345', '123-45', '#ssn-errors', aboutMessages.ssnInvalid],
    ['Primary Phone', '41055501', '(410) 555-01', '#phone_home-errors', aboutMessages.primaryPhoneInvalid],
    ['Email Address', 'mariana@', 'mariana@', '#email_address-errors', genericMessages.email('Email Address')],
  ] as const;
  for (const [label, typed, shown, errors, message] of fields) {
    await page.getByLabel(questionLabel(label)).pressSequentially(typed);
    await page.keyboard.press('Tab');
    await expect(page.locator(errors)).toHaveText(message);
    await expect(page.getByLabel(questionLabel(label))).toHaveValue(shown);
  }
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/Saved at \d{1,2}:\d{2}/)).toBeVisible();
  await expect.poll(() => storedAnswers(page)).toMatchObject({ birth_date: '13/32/88', gender: 'F', ssn: '123-45', phone_home: '(410) 555-01', email_address: 'mariana@' });
  await page.reload();
  for (const [part, text] of [['Month', '13'], ['Day', '32'], ['Year', '88']] as const) await expect(birth.getByLabel(part, { exact: true })).toHaveValue(text);
  for (const [label, , shown] of fields) await expect(page.getByLabel(questionLabel(label))).toHaveValue(shown);
});

test('while validating, a wrong phone shows the spec message and the summary link jumps to the field', async ({
  page,
  request,
  baseURL,
}) => {
  const username = await confirmedAccount(request, baseURL!, 'checking');
  await logIn(page, username);
  await setWebStatus(page, baseURL!, 'started');
  await setWebStatus(page, baseURL!, 'validating');
  await page.reload();
  await expect(page).toHaveURL(/\/about$/);

  await page.getByLabel('Primary Phone', { exact: true }).pressSequentially('1235550142');
  const message = 'Please enter a valid primary phone number.';
  const fieldError = page.locator('#phone_home-errors').getByText(message);
  await expect(fieldError).toBeVisible();
  await expect(fieldError).toHaveCSS('color', /rgb\((1[5-9]\d|2\d\d), \d{1,2}, \d{1,2}\)/);
  await expect(page.getByLabel('Primary Phone', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('link', { name: message }).click();
  await expect(page).toHaveURL(/\/about#phone_home$/);
  await expect(page.getByLabel('Primary Phone', { exact: true })).toBeFocused();
  await expectAccessible(page);
});

test('hiding a section clears its answers in the store', async ({ page, request, baseURL }) => {
  const username = await confirmedAccount(request, baseURL!, 'citizen');
  await logIn(page, username);
  await page.getByLabel('U.S. permanent resident (green card holder)').check();
  await page.getByLabel('Country of Citizenship', { exact: true }).selectOption({ label: 'Canada' });
  await page.getByLabel('Alien Registration Number (A-Number)').fill('A123456789');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(() => storedAnswers(page)).toMatchObject({ citizenship: 'CAN', alien_registration_number: 'A123456789' });

  await page.getByLabel('U.S. citizen', { exact: true }).check();
  await expect(page.getByLabel('Country of Citizenship', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect.poll(async () => Object.keys(await storedAnswers(page)).sort()).toEqual(['citizenship_type', 'citizenship_type_desc']);
});
