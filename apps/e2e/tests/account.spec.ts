import { expect, test } from '@playwright/test';
import { PNG_1PX, latestMail, linkIn, portal, signIn, uniqueEmail } from './helpers';

test('register, verify through the outbox, sign in, edit the profile, upload an avatar, sign out', async ({ page }) => {
  const email = uniqueEmail('newcomer');
  const username = `newcomer_${Date.now().toString(36)}`;
  const password = 'a long walk by the lagoon';

  await page.goto(portal('user', '/register'));
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Repeat password').fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verification/);
  await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();

  const mail = await latestMail(email, /verif|confirm/i);
  await page.goto(linkIn(mail.body, '/verification'));
  await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();

  // Sign out, then sign in again with the new account.
  await page.goto(portal('user', '/logout'));
  await expect(page).toHaveURL(/\/login\?signed_out=1/);
  await signIn(page, email, password);
  // A member who signed up is taken from the dashboard to the onboarding until they finish it (onboarding-check).
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Sojourn' })).toBeVisible();

  // Edit the profile.
  await page.goto(portal('user', '/profile?tab=edit'));
  await page.getByLabel('Display name').fill('Tomi Adebayo');
  await page.getByLabel('Bio').fill('Weekend hiker, weekday designer.');
  await page.getByLabel('City').fill('Ibadan');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile saved.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tomi Adebayo', level: 1 })).toBeVisible();
  await expect(page.getByText('Weekend hiker, weekday designer.')).toBeVisible();

  // Upload an avatar with a preview first.
  await page.getByRole('tab', { name: 'Photo' }).click();
  await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1PX });
  await expect(page.getByAltText('Preview of the chosen image')).toBeVisible();
  await page.getByRole('button', { name: 'Upload photo' }).click();
  await expect(page.getByText('Your new photo is saved.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Tomi Adebayo' }).first()).toHaveAttribute('src', /\/media\//);

  // Sign out from the account menu.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login\?signed_out=1/);
  await expect(page.getByText('You have signed out.')).toBeVisible();
});

test('the verification page accepts a pasted code', async ({ page }) => {
  const email = uniqueEmail('paster');
  await page.goto(portal('user', '/register'));
  await page.getByLabel('Username').fill(`paster_${Date.now().toString(36)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('quiet mornings in accra');
  await page.getByLabel('Repeat password').fill('quiet mornings in accra');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verification/);
  const mail = await latestMail(email, /verif|confirm/i);
  const token = new URL(linkIn(mail.body, '/verification')).searchParams.get('token')!;
  await page.getByLabel('Verification code').fill(token);
  await page.getByRole('button', { name: 'Verify email' }).click();
  await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
});

test('password reset: request a link, set a new password, sign in with it', async ({ page }) => {
  const email = uniqueEmail('forgetful');
  const username = `forgetful_${Date.now().toString(36)}`;
  await fetch(portal('user', '/api/auth/register'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, email, password: 'first password here' }),
  });
  await page.goto(portal('user', '/reset-password'));
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  const mail = await latestMail(email, /reset|password/i);
  await page.goto(linkIn(mail.body, '/reset-password'));
  await page.getByLabel('New password', { exact: true }).fill('second password here');
  await page.getByLabel('Repeat new password').fill('second password here');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/\/login\?reset=1/);
  await signIn(page, email, 'second password here');
  await expect(page).toHaveURL(/\/onboarding$/);
});
