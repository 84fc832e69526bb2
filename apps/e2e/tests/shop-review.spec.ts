import { expect, test, type Browser, type Page } from '@playwright/test';
import { PASSWORD, api, checkA11y, fundWallet, newAccount, portal, registerViaApi, signIn } from './helpers';

const SHOPPER_PASSWORD = 'a parcel worth reviewing';

async function token(email: string, password: string): Promise<string> {
  const res = await fetch(api('/api/auth/login'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function call<T>(tok: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(api(`/api/v1${path}`), {
    method,
    headers: { Authorization: `Bearer ${tok}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.ok, `${method} ${path}: ${text}`).toBe(true);
  return (JSON.parse(text) as { data: T }).data;
}

async function signedInPage(browser: Browser, name: string, path: string, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(portal(name, path));
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(portal(name, path));
  return page;
}

test('the shopper receives a parcel and reviews it; an admin approves; the review shows on the product page', async ({ page, browser }) => {
  const me = newAccount('reviewer');
  await registerViaApi(me.username, me.email, SHOPPER_PASSWORD);
  await page.goto(portal('user', '/user-wallet'));
  await signIn(page, me.email, SHOPPER_PASSWORD);
  await expect(page).toHaveURL(portal('user', '/user-wallet'));
  await fundWallet(page, '100000', '₦100,000.00');

  // Through the API (the checkout pages have their own spec): one item of vendor@example.com's, bought with the
  // wallet, shipped and delivered by the vendor.
  const shopper = await token(me.email, SHOPPER_PASSWORD);
  const vendor = await token('vendor@example.com', PASSWORD);
  const store = await call<{ id: string }>(vendor, 'GET', '/vendor/store');
  const found = await call<{ id: string; title: string }[]>(shopper, 'GET', `/shop/products?store=${store.id}&in_stock=true&sort=price_asc&limit=20`);
  let product: { id: string; title: string } | undefined;
  let variant = '';
  for (const p of found) {
    const d = await call<{ price_on_request: boolean; variants: { id: string; available: number; price: { amount: number } }[] }>(shopper, 'GET', `/shop/products/${p.id}`);
    const v = d.variants.find((x) => x.available >= 1 && x.price.amount <= 5_000_000);
    if (!d.price_on_request && v) {
      product = p;
      variant = v.id;
      break;
    }
  }
  expect(product, "a product of the demo vendor's in stock").toBeDefined();
  await call(shopper, 'POST', '/shop/cart/items', { variant_id: variant, quantity: 1 });
  const address = await call<{ id: string }>(shopper, 'POST', '/shop/addresses', {
    recipient_name: 'Kemi Adebayo',
    phone: '+234 803 555 0142',
    line1: '3 Bourdillon Road',
    city: 'Lagos',
    state: 'Lagos',
    country: 'ng',
  });
  const quote = await call<{ total: { amount: number } }>(shopper, 'POST', '/shop/checkout/quote', { address_id: address.id });
  const placed = await call<{ group: { orders: { id: string }[] } }>(
    shopper,
    'POST',
    '/shop/checkout',
    { address_id: address.id, pay_with: 'wallet', expected_total: quote.total.amount },
    { 'Idempotency-Key': `review-e2e-${me.username}` },
  );
  const orderId = placed.group.orders[0]!.id;
  await call(vendor, 'POST', `/vendor/orders/${orderId}/ship`, { carrier: 'GIG Logistics', tracking_number: `GIG-${Date.now().toString(36).toUpperCase()}` });
  await call(vendor, 'POST', `/vendor/orders/${orderId}/deliver`);

  // The shopper reviews it on /shop/review.
  const text = `Arrived well packed and feels sturdy. Review ${me.username}.`;
  await page.goto(portal('user', '/shop/review'));
  await expect(page.getByRole('heading', { name: 'Reviews', level: 1 })).toBeVisible();
  const write = page.getByRole('button', { name: new RegExp(`^Review ${product!.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
  await expect(write).toBeVisible();
  await checkA11y(page, write);
  await write.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Review your purchase' })).toBeVisible();
  await dialog.getByRole('radio', { name: /^4 stars/ }).check();
  await dialog.getByLabel('Your review (optional)').fill(text);
  await checkA11y(page, dialog.getByRole('button', { name: 'Post review' }), '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Post review' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Awaiting approval').first()).toBeVisible();
  await expect(page.getByText(text)).toBeVisible();

  // An admin approves it.
  const admin = await signedInPage(browser, 'admin', '/admin-dashboard/products/reviews', 'admin@example.com');
  await expect(admin.getByRole('heading', { name: 'Product reviews', level: 1 })).toBeVisible();
  const approve = admin.getByRole('listitem').filter({ hasText: text }).getByRole('button', { name: /^Approve/ });
  await expect(approve).toBeVisible();
  await checkA11y(admin, approve);
  await approve.click();
  await expect(admin.getByText(text)).toBeHidden();
  await admin.context().close();

  // It shows on the product page.
  await page.goto(portal('user', `/shop/ProductDetails?id=${product!.id}`));
  await expect(page.getByRole('heading', { name: 'Reviews', level: 2 })).toBeVisible();
  await expect(page.getByText(text)).toBeVisible();
  await checkA11y(page, page.getByText(text));
  await page.goto(portal('user', '/shop/review'));
  await expect(page.getByText('Published').first()).toBeVisible();
});

test('the wishlist and the vendor reviews pages pass axe', async ({ browser }) => {
  const user = await signedInPage(browser, 'user', '/shop/wishlist', 'user@example.com');
  await expect(user.getByRole('heading', { name: 'Saved' })).toBeVisible();
  await checkA11y(user, user.getByRole('heading', { name: 'Saved' }));
  await user.context().close();
  const vendor = await signedInPage(browser, 'vendor', '/vendor-app/reviews', 'vendor@example.com');
  await expect(vendor.getByRole('heading', { name: 'Reviews', level: 1 })).toBeVisible();
  await checkA11y(vendor, vendor.getByRole('heading', { name: 'Reviews', level: 1 }));
  await vendor.context().close();
});
