import { chooseSchool } from './support/academics';
import { confirmedAccount, expect, expectAccessible, logIn, storedAnswers, test } from './support/fixtures';
import { questionLabel } from './support/labels';

test('an applicant chooses Towson University in the school search and finds its address, city, state and ZIP code filled and saved; a school abroad then leaves nothing of it', async ({
  page,
  request,
  baseURL,
}) => {
  const username = await confirmedAccount(request, baseURL!, 'school-search');
  await logIn(page, username);
  await expect(page).toHaveURL(/\/about$/);
  await page.getByRole('navigation', { name: 'Application pages' }).getByRole('link', { name: 'Your Academics' }).click();
  await expect(page).toHaveURL(/\/education$/);

  const colleges = page.getByRole('region', { name: 'Colleges Attended' });
  const first = colleges.getByRole('group', { name: 'College 1' });
  // The code is kept out of sight (form-content section 2): no field asks for it.
  await expect(first.getByLabel('School Code')).toHaveCount(0);

  const search = first.getByRole('combobox', { name: 'Search For Your School' });
  await search.pressSequentially('Towson Univ');
  await expect(first.getByRole('option', { name: /^Towson University\s*Towson, MD$/ })).toBeVisible();
  await expectAccessible(page);
  await search.fill('');
  await chooseSchool(first, 'Towson Univ', /^Towson University\s*Towson, MD$/);

  await expect(search).toHaveValue('Towson University');
  const street = first.getByLabel(questionLabel('Address'));
  await expect(street).toHaveValue('8000 York Rd');
  await expect(first.getByLabel(questionLabel('City'))).toHaveValue('Towson');
  const state = first.getByLabel(questionLabel('State/Province'));
  await expect(state).toHaveValue('Maryland');
  await expect(state.locator('option:checked')).toHaveText('Maryland');
  await expect(first.getByLabel(questionLabel('ZIP/Postal Code'))).toHaveValue('21252-0001');
  const country = first.getByLabel(questionLabel('Country'));
  await expect(country.locator('option:checked')).toHaveText('United States');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/Saved at \d{1,2}:\d{2}/)).toBeVisible();
  const saved = await storedAnswers(page);
  expect(saved).toMatchObject({
    college_name: 'Towson University',
    college_address_line_1: '8000 York Rd',
    college_city: 'Towson',
    college_state: 'Maryland',
    college_state_desc: 'Maryland',
    college_zip: '21252-0001',
    college_country: 'USA',
    college_country_desc: 'United States',
  });
  expect(saved.college_ceeb ?? null).toBeNull();

  // Another school replaces this one whole: nothing of Towson is left beside a school in Canada.
  await search.fill('');
  await chooseSchool(first, 'Universite de Montreal', /^Université de Montréal/);
  await expect(search).toHaveValue('Université de Montréal');
  await expect(street).toHaveValue('');
  await expect(first.getByLabel(questionLabel('City'))).toHaveValue('');
  await expect(state).toHaveValue('');
  await expect(first.getByLabel(questionLabel('ZIP/Postal Code'))).toHaveValue('');
  await expect(country.locator('option:checked')).toHaveText('Canada');
});
