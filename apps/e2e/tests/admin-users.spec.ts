import { expect, test } from '@playwright/test';
import { portal, registerViaApi, signIn, uniqueEmail } from './helpers';

test('an admin finds a user, suspends and reinstates them', async ({ page }) => {
  const email = uniqueEmail('suspendable');
  const username = `susp_${Date.now().toString(36)}`;
  await registerViaApi(username, email, 'a very ordinary passphrase');

  await page.goto(portal('admin', '/admin-dashboard/users'));
  await signIn(page, 'admin@example.com');
  await page.getByLabel('Search by email or username').fill(username);
  const row = page.getByRole('row').filter({ hasText: username });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Suspend' }).click();
  await page.getByLabel('Reason').fill('Reported for spam messages.');
  await page.getByRole('button', { name: 'Suspend account' }).click();
  await expect(page.getByText(`${username} is suspended and has been signed out.`)).toBeVisible();
  await expect(row.getByText('Suspended')).toBeVisible();

  await row.getByRole('button', { name: 'Reinstate' }).click();
  await page.getByRole('button', { name: 'Reinstate account' }).click();
  await expect(page.getByText(`${username} is reinstated.`)).toBeVisible();
  await expect(row.getByText('Active')).toBeVisible();
});
