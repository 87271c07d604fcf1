import { confirmedAccount, expect, expectAccessible, logIn, storedAnswers, test } from './support/fixtures';

test('an applicant types part of a ZIP code, picks the suggestion with the keyboard, and finds city, state and country filled and saved', async ({
  page,
  request,
  baseURL,
}) => {
  const username = await confirmedAccount(request, baseURL!, 'lookup');
  await logIn(page, username);
  await expect(page).toHaveURL(/\/about$/);

  const permanent = page.getByRole('region', { name: 'Permanent Address' });
  const zip = permanent.getByRole('combobox', { name: 'ZIP/Postal Code' });
  await zip.pressSequentially('2120');

  const suggestion = permanent.getByRole('option', { name: /Baltimore, MD 21201/ });
  await expect(suggestion).toBeVisible();
  await expect(zip).toHaveAttribute('aria-expanded', 'true');
  await expect(permanent.getByRole('listbox').getByRole('option')).not.toHaveCount(0);
  await expect(permanent.getByRole('status')).toHaveText(/^[1-5] results? available\.$/);
  await expectAccessible(page);

  // The data decides where Baltimore ranks among the ZIP codes starting 2120; walk down to it.
  for (let step = 0; step < 5 && (await suggestion.getAttribute('aria-selected')) !== 'true'; step += 1) await zip.press('ArrowDown');
  await expect(suggestion).toHaveAttribute('aria-selected', 'true');
  await zip.press('Enter');

  await expect(permanent.getByRole('listbox')).toBeHidden();
  await expect(zip).toHaveValue('21201');
  await expect(permanent.getByLabel('City', { exact: true })).toHaveValue('Baltimore');
  const state = permanent.getByLabel('State/Province', { exact: true });
  await expect(state).toHaveValue('Maryland');
  const country = permanent.getByLabel('Country', { exact: true });
  await expect(country).toHaveValue('USA');
  await expect(country.locator('option:checked')).toHaveText('United States');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/Saved at \d{1,2}:\d{2}/)).toBeVisible();
  await expect.poll(() => storedAnswers(page)).toMatchObject({
    zip: '21201',
    city: 'Baltimore',
    state: 'Maryland',
    state_desc: 'Maryland',
    country: 'USA',
    country_desc: 'United States',
  });
});
