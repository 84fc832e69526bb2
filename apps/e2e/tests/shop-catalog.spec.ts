import { expect, test } from '@playwright/test';
import { checkA11y, PNG_1PX, portal, signIn } from './helpers';

/** A word no seeded product has, so the search finds exactly this run's product. */
function uniqueWord(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  return `quokka${Array.from({ length: 6 }, () => letters[Math.floor(Math.random() * 26)]).join('')}`;
}

test('a vendor lists a product with two variants and a photo, an admin approves it, a shopper finds it by search with a facet', async ({ browser }) => {
  test.setTimeout(150_000);
  const word = uniqueWord();
  const title = `Voltage ${word} travel lamp`;

  // The vendor of a shop whose every product is reviewed (Voltage Travel Tech in the demo data).
  const vendorCtx = await browser.newContext();
  const vendor = await vendorCtx.newPage();
  await vendor.goto(portal('vendor', '/login?redirect=%2Fvendor-app%2Fcreate-products'));
  await signIn(vendor, 'emeka.nwachukwu@example.com');
  await expect(vendor.getByRole('heading', { name: 'Add a product' })).toBeVisible();
  await vendor.getByLabel('Title').fill(title);
  const category = await vendor.locator('#p-category option', { hasText: 'Power & Charging' }).first().getAttribute('value');
  await vendor.getByLabel('Category').selectOption(category ?? '');
  await vendor.getByLabel('Brand').fill('Voltage');
  await vendor.getByLabel('Description', { exact: true }).fill(`A folding **${word}** lamp for hotel rooms.\n\n- USB-C charging\n- Three brightness levels`);
  await vendor.getByRole('button', { name: 'Add options such as size or colour' }).click();
  await vendor.getByRole('textbox', { name: 'Option 1', exact: true }).fill('Colour');
  const values = vendor.getByRole('textbox', { name: 'Values', exact: true });
  await values.fill('Amber');
  await values.press('Enter');
  await values.fill('Slate');
  await values.press('Enter');
  await vendor.getByLabel('Price (₦) of Amber', { exact: true }).fill('12000');
  await vendor.getByLabel('Stock of Amber', { exact: true }).fill('5');
  await vendor.getByLabel('Price (₦) of Slate', { exact: true }).fill('12500');
  await vendor.getByLabel('Stock of Slate', { exact: true }).fill('3');
  await vendor.getByRole('button', { name: 'Save draft' }).click();
  await expect(vendor).toHaveURL(/create-products\?id=/);
  await vendor.locator('#photo-files').setInputFiles({ name: 'lamp.png', mimeType: 'image/png', buffer: PNG_1PX });
  await expect(vendor.getByRole('img', { name: 'View 1 (cover)' })).toBeVisible();
  await checkA11y(vendor, vendor.getByRole('heading', { name: `Edit ${title}` }));
  await vendor.getByRole('button', { name: 'Submit for review' }).click();
  await expect(vendor.getByRole('heading', { name: `${title} is with our team` })).toBeVisible();
  await checkA11y(vendor, vendor.getByRole('heading', { name: `${title} is with our team` }));
  await vendorCtx.close();

  // An admin approves it from the moderation queue.
  const adminCtx = await browser.newContext();
  const admin = await adminCtx.newPage();
  await admin.goto(portal('admin', '/login?redirect=%2Fadmin-dashboard%2Fproducts'));
  await signIn(admin, 'admin@example.com');
  await expect(admin.getByRole('heading', { name: 'Products' })).toBeVisible();
  await admin.getByLabel('Search').fill(word);
  await expect(admin).toHaveURL(new RegExp(`q=${word}`));
  await admin.getByRole('button', { name: `Review ${title}` }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
  await expect(dialog.getByRole('cell', { name: 'Slate' })).toBeVisible();
  await checkA11y(admin, dialog, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Approve and publish' }).click();
  await expect(dialog.getByText('Published', { exact: true })).toBeVisible();
  await adminCtx.close();

  // A shopper (signed out) searches, narrows by the seller, and opens it.
  const shopCtx = await browser.newContext();
  const shopper = await shopCtx.newPage();
  await shopper.setViewportSize({ width: 1280, height: 900 });
  await shopper.goto(portal('user', `/shop/Listing?q=${word}`));
  await expect(shopper.getByRole('heading', { name: `Results for “${word}”` })).toBeVisible();
  const filters = shopper.getByRole('complementary', { name: 'Filters' });
  await filters.getByRole('checkbox', { name: /Voltage Travel Tech/ }).click();
  await expect(filters.getByRole('checkbox', { name: /Voltage Travel Tech/ })).toBeChecked();
  await expect(shopper).toHaveURL(/store=/);
  await expect(shopper.getByRole('list', { name: 'Filters in use' })).toContainText('Voltage Travel Tech');
  await checkA11y(shopper, shopper.getByRole('link', { name: title, exact: true }));
  await shopper.getByRole('link', { name: title, exact: true }).click();
  await expect(shopper.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(shopper.getByText('₦12,000.00', { exact: true })).toBeVisible();
  await shopper.getByText('Slate', { exact: true }).click();
  await expect(shopper.getByText('₦12,500.00', { exact: true })).toBeVisible();
  await expect(shopper.getByText('Only 3 left')).toBeVisible();
  // axe before the toast: a toast sliding in is read mid-animation.
  await checkA11y(shopper, shopper.getByRole('heading', { name: title, level: 1 }));
  await shopper.getByRole('button', { name: 'One more' }).click();
  await shopper.getByRole('button', { name: 'Add to cart' }).click();
  // Signed out, the cart is this browser's until sign-in.
  await expect(shopper.getByText(`Added 2 × ${title} (Slate) to your cart.`)).toBeVisible();
  await expect(shopper.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  await shopCtx.close();
});
