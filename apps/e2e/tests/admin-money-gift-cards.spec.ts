import { expect, test } from '@playwright/test';
import { PNG_1PX, api, portal, signIn } from './helpers';

test('an admin creates a gift-card product with a design image and takes it off sale', async ({ page }) => {
  const name = `Lagos Food Tour ${Date.now().toString(36)}`;
  await page.goto(portal('admin', '/admin-dashboard/gift-cards'));
  await signIn(page, 'admin@example.com');
  await expect(page.getByRole('heading', { name: 'Gift-card products', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'New product' }).click();
  const dialog = page.getByRole('dialog', { name: 'New gift-card product' });
  await dialog.getByRole('button', { name: 'Create product' }).click();
  await expect(dialog.getByText('Give the product a name of at least 2 characters.')).toBeVisible();
  await expect(dialog.getByText('List at least one amount, e.g. 5000 10000 25000.')).toBeVisible();

  await dialog.locator('input[type=file]').setInputFiles({ name: 'design.png', mimeType: 'image/png', buffer: PNG_1PX });
  await expect(dialog.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Description').fill('Street food, markets and a cooking class across Lagos Island.');
  await dialog.getByLabel(/Denominations/).fill('15000 30000');
  await expect(dialog.getByText('Buyers choose from ₦15,000.00, ₦30,000.00.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create product' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${name} created.`)).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('₦15,000.00, ₦30,000.00');
  await expect(row.getByText('On sale')).toBeVisible();
  await expect(row.locator('img')).toHaveAttribute('src', /\/media\/gift-cards\//);

  await row.getByRole('button', { name: 'Deactivate' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate product' }).click();
  await expect(page.getByText(`${name} is off sale.`)).toBeVisible();
  await expect(row.getByText('Off sale')).toBeVisible();

  // The public catalogue no longer lists it.
  const res = await fetch(api('/api/v1/gift-cards/products?per_page=100'));
  const body = (await res.json()) as { data: { name: string }[] };
  expect(body.data.map((p) => p.name)).not.toContain(name);
});
