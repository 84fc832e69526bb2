import { expect, test } from '@playwright/test';
import { portal, signIn } from './helpers';

test('the demo vendor signs in to the vendor portal', async ({ page }) => {
  await page.goto(portal('vendor', '/login'));
  await signIn(page, 'vendor@example.com');
  await expect(page).toHaveURL(portal('vendor', '/vendor-app/dashboard'));
  // The vendor portal's home is the shop's dashboard (sales, orders to ship, low stock, reviews to answer).
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Signed in as Efua Mensah', { exact: false }).first()).toBeVisible();
});

test('a signed-out visitor of a private page lands on login and returns after signing in', async ({ page }) => {
  await page.goto(portal('user', '/user-settings'));
  await expect(page).toHaveURL(portal('user', '/login?redirect=%2Fuser-settings'));
  await signIn(page, 'user@example.com');
  await expect(page).toHaveURL(portal('user', '/user-settings'));
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
});

test('a plain user is refused by the vendor dashboard and by the admin portal', async ({ page }) => {
  await page.goto(portal('vendor', '/vendor-app/dashboard'));
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await signIn(page, 'user@example.com');
  await expect(page).toHaveURL(portal('vendor', '/vendor-app/register'));
  await expect(page.getByRole('heading', { name: 'Apply as a vendor' })).toBeVisible();

  await page.goto(portal('admin', '/login'));
  await signIn(page, 'user@example.com');
  await expect(page.getByRole('heading', { name: 'Sojourn Admin is for administrators' })).toBeVisible();
  await page.goto(portal('admin', '/admin-dashboard/users'));
  await expect(page.getByRole('heading', { name: 'Sojourn Admin is for administrators' })).toBeVisible();
});

for (const name of ['user', 'vendor']) {
  test(`the ${name} portal shows a 404 page with the path`, async ({ page }) => {
    await page.goto(portal(name, '/no/such/page'));
    await expect(page).toHaveTitle('Page Not Found - 404');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText('/no/such/page')).toBeVisible();
  });
}

test('/page-not-found shows the 404 page', async ({ page }) => {
  await page.goto(portal('user', '/page-not-found'));
  await expect(page).toHaveTitle('Page Not Found - 404');
});
