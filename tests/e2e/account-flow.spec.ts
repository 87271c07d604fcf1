import { NEW_PASSWORD, PASSWORD, confirmedAccount, expect, expectAccessible, test, uniqueEmail, waitForCode, waitForResetLink } from './support/fixtures';

const SESSION_INVALID = 'Your session is invalid. Please clear your cookies and login again.';

test('an applicant signs up, confirms with the mailed code, logs in, sees the account and logs out', async ({ page }) => {
  const username = uniqueEmail('Walk.In');
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
  await page.getByLabel('Email').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/confirm$/);
  await expect(page.getByRole('heading', { name: 'Confirm Your Account' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(username);
  await page.getByLabel('Confirmation Code').fill(await waitForCode(username.toLowerCase()));
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your account has been confirmed. Please log in.')).toBeVisible();
  await page.getByLabel('Email').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/about$/);
  await page.getByRole('button', { name: 'Account' }).click();
  const menu = page.getByRole('dialog', { name: 'Account' });
  await expect(menu.getByText(username.toLowerCase())).toBeVisible();
  await expectAccessible(page);
  await menu.getByRole('button', { name: 'Log Out' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(SESSION_INVALID)).toBeVisible();
  const profile = await page.request.get('/api/profile');
  expect(profile.status()).toBe(401);
});

test('a forgotten password is reset through the mailed link and the new one works', async ({ page, request, baseURL }) => {
  const username = await confirmedAccount(request, baseURL!, 'forgetful');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot$/);
  // The URL moves at the click; the card follows once its chunk is there (as a user sees the heading change).
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await page.getByLabel('Email').fill(username);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('If an account exists for this email address, we have sent it a link to reset your password.')).toBeVisible();

  const link = await waitForResetLink(username);
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(username);
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await page.getByLabel('Email').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Incorrect email address or password.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/about$/);
});

test('a card sends nothing while invalid and shows each spec message once', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/public/')) sent.push(request.url());
  });
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Your email address must be valid.')).toHaveCount(1);
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Email').fill('someone@example.edu');
  await expect(page.getByText('Your email address must be valid.')).toHaveCount(0);
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Your password must contain a number.').first()).toBeVisible();
  expect(sent).toEqual([]);

  await page.goto('/login');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Please provide a valid email address.')).toBeVisible();
  await expect(page.getByText('Password is required.')).toBeVisible();
  await page.getByRole('button', { name: 'Resend confirmation code?' }).click();
  await expect(page.getByText('You must provide a valid email address to resend a confirmation code.')).toBeVisible();
  expect(sent).toEqual([]);
});

test('a wrong confirmation code shows the server message in the Confirm Card Error toast', async ({ page, request, baseURL }) => {
  const username = uniqueEmail('typo');
  await request.post('/public/signup', { data: { username, password: PASSWORD }, headers: { origin: baseURL! } });
  const code = await waitForCode(username);
  await page.goto('/login');
  await page.getByLabel('Email').fill(username);
  await page.getByRole('button', { name: 'Resend confirmation code?' }).click();
  await expect(page).toHaveURL(/\/confirm$/);
  await page.getByLabel('Confirmation Code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByLabel('Confirm Card Error')).toContainText(
    'That confirmation code is not correct. Please check the code in the e-mail we sent you and try again.',
  );
  await expect(page).toHaveURL(/\/confirm$/);
});

test('an unknown path goes to /about keeping the query string', async ({ page }) => {
  await page.goto('/no/such/page?utm_source=brochure&x=1');
  await expect(page).toHaveURL(/\/about\?utm_source=brochure&x=1$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
