import { expect, test } from '@playwright/test';
import { portal, signIn } from './helpers';

// The e2e server issues 20-second access tokens (SOJOURN_ACCESS_TTL=20s); the API allows 5 s of clock leeway.
test('an access token that expires mid-session is refreshed without the user noticing', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(portal('user', '/login?redirect=%2Fprofile%3Ftab%3Dedit'));
  await signIn(page, 'user@example.com');
  await expect(page.getByLabel('Bio')).toBeVisible();
  const tokens = () =>
    page.evaluate(() => JSON.parse(localStorage.getItem('sojourn-auth') ?? '{}').state as { accessToken: string; refreshToken: string });
  const before = await tokens();

  // The page stays open while the access token expires; then the person saves without navigating.
  await page.waitForTimeout(28_000);
  const rejected: string[] = [];
  const refreshes: number[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/api/v1/profile') && r.status() === 401) rejected.push(r.request().method());
    if (r.url().endsWith('/api/auth/refresh')) refreshes.push(r.status());
  });
  await page.getByLabel('Bio').fill(`Updated after the token expired at ${Date.now()}.`);
  await page.getByRole('button', { name: 'Save profile' }).click();

  await expect(page.getByText('Profile saved.')).toBeVisible();
  await expect(page).toHaveURL(/\/profile/);
  expect(rejected).toEqual(['PATCH']);
  expect(refreshes).toEqual([200]);
  const after = await tokens();
  expect(after.accessToken).not.toBe(before.accessToken);
  expect(after.refreshToken).not.toBe(before.refreshToken);
});
