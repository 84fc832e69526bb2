import { expect, test, type Browser, type Page } from '@playwright/test';
import { api, checkA11y, PASSWORD as DEMO_PASSWORD, PNG_1PX, portal, registerViaApi, signIn, uniqueEmail } from './helpers';

const PASSWORD = 'baskets from kano market';

async function token(email: string, password: string): Promise<string> {
  const res = await fetch(api('/api/auth/login'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A new account approved as a vendor through the API (apply, then an admin approves). */
async function freshVendor(): Promise<string> {
  const email = uniqueEmail('vendor');
  await registerViaApi(`vs_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`, email, PASSWORD);
  const applied = await fetch(api('/api/v1/role-applications'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await token(email, PASSWORD)}` },
    body: JSON.stringify({ role: 'vendor', details: { business_name: 'Kano Weavers', categories: ['home'], about: 'Woven baskets and bags from Kano.' } }),
  });
  expect(applied.status).toBe(201);
  const { data } = (await applied.json()) as { data: { id: string } };
  const approved = await fetch(api(`/api/v1/admin/role-applications/${data.id}/approve`), { method: 'POST', headers: { Authorization: `Bearer ${await token('admin@example.com', DEMO_PASSWORD)}` } });
  expect(approved.ok).toBe(true);
  return email;
}

async function adminPage(browser: Browser, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(portal('admin', path));
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await signIn(page, 'admin@example.com', DEMO_PASSWORD);
  await expect(page).toHaveURL(portal('admin', path));
  return page;
}

const save = (page: Page) => page.getByRole('button', { name: 'Save and continue' }).click();

test('a new vendor sets up the shop (leaving and resuming), sees the storefront, and an admin suspends then restores it', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const email = await freshVendor();
  const name = `Kano Weavers ${Date.now().toString(36)}`;
  await page.goto(portal('vendor', '/login'));
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(portal('vendor', '/vendor-app/dashboard'));

  // The dashboard offers the set-up until it is submitted.
  await page.getByRole('link', { name: 'Start' }).click();
  await expect(page).toHaveURL(portal('vendor', '/vendor-app/onboarding/store'));
  await checkA11y(page, page.getByLabel('Store name'));
  await save(page);
  await expect(page.getByText('At least 2 characters')).toBeVisible();
  await page.getByLabel('Store name').fill(name);
  await save(page);

  await expect(page).toHaveURL(portal('vendor', '/vendor-app/onboarding/about'));
  await page.getByLabel('About your shop').fill('Hand-woven baskets and travel bags from the Kurmi market in Kano.');
  await page.getByLabel('Street address').fill('14 Kurmi Market Road');
  await page.getByLabel('City').fill('Kano');
  await save(page);
  await expect(page).toHaveURL(portal('vendor', '/vendor-app/onboarding/shipping'));
  await checkA11y(page, page.getByLabel('Name').first());
  await save(page);
  await expect(page).toHaveURL(portal('vendor', '/vendor-app/onboarding/returns'));

  // Leave, sign in again: the standing-alone address resumes at the first unsaved step.
  await page.goto(portal('vendor', '/logout'));
  await expect(page).toHaveURL(/\/login\?signed_out=1/);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(portal('vendor', '/vendor-app/dashboard'));
  await expect(page.getByText('Continue setting up your shop (3 of 7 steps saved)')).toBeVisible();
  await page.goto(portal('vendor', '/vendor-onboarding/createacc'));
  await expect(page).toHaveURL(portal('vendor', '/vendor-onboarding/createacc/returns'));
  await checkA11y(page, page.getByLabel('Return policy'));
  await page.getByLabel('Return policy').fill('Unused items in their packaging within 14 days; we pay the postage back.');
  await save(page);

  await expect(page).toHaveURL(portal('vendor', '/vendor-onboarding/createacc/logo'));
  await page.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1PX });
  await save(page);

  await expect(page).toHaveURL(portal('vendor', '/vendor-onboarding/createacc/payout'));
  const bank = page.getByLabel('Bank', { exact: true });
  await expect(bank.locator('option')).not.toHaveCount(1);
  await bank.selectOption({ index: 1 });
  await page.getByLabel('Account number').fill('0123456789');
  await page.getByLabel('Name on the account').fill('Kano Weavers Ltd');
  await save(page);

  await expect(page).toHaveURL(portal('vendor', '/vendor-onboarding/createacc/review'));
  await expect(page.getByText(name, { exact: true })).toBeVisible();
  await checkA11y(page, page.getByText(name, { exact: true }));
  await page.getByLabel(/I confirm these details are true/).check();
  await page.getByRole('button', { name: 'Open my shop' }).click();

  // The storefront page, with the wizard's answers.
  await expect(page).toHaveURL(portal('vendor', '/vendor-app/store'));
  await expect(page.getByLabel('Store name')).toHaveValue(name);
  await expect(page.getByLabel('City')).toHaveValue('Kano');
  await expect(page.getByRole('heading', { name: 'Shop health' })).toBeVisible();
  await checkA11y(page, page.getByLabel('Store name'));
  await page.goto(portal('vendor', '/vendor-app/dashboard'));
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText(/setting up your shop|Set up your shop/)).toHaveCount(0);

  // An admin finds the store, suspends it with a reason, then restores it.
  const admin = await adminPage(browser, `/admin-dashboard/shop-vendor?q=${encodeURIComponent(name)}`);
  await admin.getByRole('link', { name: `Open ${name}` }).click();
  await expect(admin.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'Orders and payouts' })).toBeVisible();
  await checkA11y(admin, admin.getByRole('heading', { name: 'Moderation' }));
  await admin.getByRole('button', { name: 'Suspend the store' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('Listings copy another seller’s photos; replace them and write to us.');
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(admin.getByText(/Suspended: Listings copy/)).toBeVisible();
  await admin.getByRole('button', { name: 'Restore the store' }).click();
  await expect(admin.getByRole('button', { name: 'Suspend the store' })).toBeVisible();

  // The vendor sees the store trading again.
  await page.goto(portal('vendor', '/vendor-app/store'));
  await expect(page.getByLabel('Store name')).toHaveValue(name);
  await expect(page.getByText(/Your store is suspended/)).toHaveCount(0);
});
