import type { Page } from '@playwright/test';
import { NEW_PASSWORD, PASSWORD, confirmedAccount, expect, expectAccessible, test, uniqueEmail, waitForCode, waitForResetLink } from './support/fixtures';

const SESSION_INVALID = 'Your session is invalid. Please clear your cookies and login again.';

/** The window's scroll position, once the page has settled on one. */
async function scrollY(page: Page): Promise<number> {
  return page.evaluate(() => window.scrollY);
}

test('an applicant signs up, is told where the code went, the code logs in; each page starts at its top with its heading focused; no congratulations before submission; a refused login is said in the card', async ({ page }) => {
  const username = uniqueEmail('Walk.In');
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
  await page.getByLabel('Email').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();

  // Issue 33 item 5: the confirm card says where the code went; its heading is announced.
  await expect(page).toHaveURL(/\/confirm$/);
  const confirmCard = page.getByRole('region', { name: 'Confirm Your Account' });
  await expect(confirmCard.getByRole('heading', { name: 'Confirm Your Account' })).toBeFocused();
  await expect(confirmCard).toContainText(`We sent a 6-digit confirmation code to ${username}.`);
  await expect(page.getByLabel('Email')).toHaveValue(username);
  await expectAccessible(page);
  await page.getByLabel('Confirmation Code').fill(await waitForCode(username.toLowerCase()));
  await page.getByRole('button', { name: 'Submit' }).click();

  // The confirmed code logs in: no second entry of the password.
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByLabel('Success Notification')).toContainText('Your account has been confirmed. You are now logged in.');
  await expect(page.getByRole('heading', { name: 'About You' })).toBeFocused();
  // Issue 33 item 3: a short welcome and what is still to answer, said neutrally; nothing of a submission.
  await expect(page.getByRole('region', { name: 'Welcome', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Still to answer: \d+ questions$/ })).toBeVisible();
  await expect(page.getByText(/Congratulations/)).toHaveCount(0);
  await expect(page.getByText(/resubmit/)).toHaveCount(0);
  await expect(page.getByText(/almost finished/i)).toHaveCount(0);
  await expectAccessible(page);

  // Issue 33 item 1: "Save and Continue" at the foot of a page opens the next at its top, its heading focused.
  await page.getByRole('button', { name: 'Save and Continue to Your Academics' }).click();
  await expect(page).toHaveURL(/\/education$/);
  await expect(page.getByRole('heading', { name: 'Your Academics' })).toBeFocused();
  await expect.poll(() => scrollY(page)).toBe(0);
  // The same on a phone's screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Save and Continue to Final Steps' }).click();
  await expect(page).toHaveURL(/\/final-steps$/);
  await expect(page.getByRole('heading', { name: 'Final Steps' })).toBeFocused();
  await expect.poll(() => scrollY(page)).toBe(0);
  await page.setViewportSize({ width: 1280, height: 720 });

  await page.getByRole('button', { name: 'Account' }).click();
  const menu = page.getByRole('dialog', { name: 'Account' });
  await expect(menu.getByText(username.toLowerCase())).toBeVisible();
  await menu.getByRole('button', { name: 'Log Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(SESSION_INVALID)).toBeVisible();
  const profile = await page.request.get('/api/profile');
  expect(profile.status()).toBe(401);

  // Issue 33 item 5: a wrong password is said in the card, and gone with the logout's notice after the right one.
  const loginCard = page.getByRole('region', { name: 'Log In' });
  await page.getByLabel('Email').fill(username);
  await page.getByLabel('Password').fill('Not-the-password-1');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(loginCard.getByRole('alert', { name: 'Login Card Error' })).toHaveText('Incorrect email address or password.');
  await expectAccessible(page);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByLabel('Success Notification')).toContainText('You are now logged in.');
  await expect(page.getByText('Incorrect email address or password.')).toHaveCount(0);
  await expect(page.getByLabel('Login Card Error')).toHaveCount(0);
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

test('the right password of an unconfirmed account goes on to the confirm card, where a wrong code is said in the card', async ({ page, request, baseURL }) => {
  const username = uniqueEmail('typo');
  await request.post('/public/signup', { data: { username, password: PASSWORD }, headers: { origin: baseURL! } });
  const code = await waitForCode(username);
  await page.goto('/login');
  await page.getByLabel('Email').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/confirm$/);
  const card = page.getByRole('region', { name: 'Confirm Your Account' });
  await expect(card.getByRole('status')).toHaveText(
    'Your account is not confirmed yet. Enter the code we e-mailed you, or use "Resend confirmation code?" to get a new one.',
  );
  await expect(card).toContainText(`We sent a 6-digit confirmation code to ${username}.`);
  await page.getByLabel('Confirmation Code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(card.getByRole('alert', { name: 'Confirm Card Error' })).toHaveText(
    'That confirmation code is not correct. Please check the code in the e-mail we sent you and try again.',
  );
  await expect(page).toHaveURL(/\/confirm$/);
  await expectAccessible(page);
});

test('an unknown path goes to /about keeping the query string', async ({ page }) => {
  await page.goto('/no/such/page?utm_source=brochure&x=1');
  await expect(page).toHaveURL(/\/about\?utm_source=brochure&x=1$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
