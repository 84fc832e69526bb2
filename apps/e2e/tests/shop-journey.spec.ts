import { expect, test, type Browser, type Page } from '@playwright/test';
import { PASSWORD, api, checkA11y, fundWallet, newAccount, portal, registerViaApi, signIn } from './helpers';

const SHOPPER_PASSWORD = 'a parcel from two sellers';

async function token(email: string, password: string): Promise<string> {
  const res = await fetch(api('/api/auth/login'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function get<T>(tok: string, path: string): Promise<T> {
  const res = await fetch(api(`/api/v1${path}`), { headers: { Authorization: `Bearer ${tok}` } });
  expect(res.status, path).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

interface Listed {
  id: string;
  store: { id: string; name: string };
}
interface Detail {
  price_on_request: boolean;
  variants: { id: string; available: number; price: { amount: number } }[];
}

/** The cheapest in-stock variant (2 or more available) among a search's results, with its store. */
async function pick(tok: string, query: string): Promise<{ variant: string; store: string; storeName: string } | null> {
  const found = await get<Listed[]>(tok, `/shop/products?${query}&in_stock=true&sort=price_asc&limit=20`);
  for (const p of found) {
    const d = await get<Detail>(tok, `/shop/products/${p.id}`);
    if (d.price_on_request) continue;
    const v = d.variants.find((x) => x.available >= 2 && x.price.amount <= 5_000_000);
    if (v) return { variant: v.id, store: p.store.id, storeName: p.store.name };
  }
  return null;
}

async function signedInPage(browser: Browser, name: string, path: string, email: string, password = PASSWORD): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(portal(name, path));
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await signIn(page, email, password);
  await expect(page).toHaveURL(portal(name, path));
  return page;
}

test('a shopper buys from two vendors with the wallet and sees two packages; the vendor ships one with tracking; the shopper confirms it arrived', async ({ page, browser }) => {
  const me = newAccount('shopper');
  await registerViaApi(me.username, me.email, SHOPPER_PASSWORD);
  await page.goto(portal('user', '/user-wallet'));
  await signIn(page, me.email, SHOPPER_PASSWORD);
  await expect(page).toHaveURL(portal('user', '/user-wallet'));
  await fundWallet(page, '200000', '₦200,000.00');

  // The search and the product pages are the catalogue's (catalog-web); here the shopper's search and "add to cart"
  // go through the same API they call: one item from vendor@example.com's store, one from another seller.
  const shopper = await token(me.email, SHOPPER_PASSWORD);
  const vendorStore = await get<{ id: string }>(await token('vendor@example.com', PASSWORD), '/vendor/store');
  const mine = await pick(shopper, `store=${vendorStore.id}`);
  expect(mine, "a product of the demo vendor's store in stock").not.toBeNull();
  const others = await get<Listed[]>(shopper, '/shop/products?q=travel&in_stock=true&limit=30');
  let theirs: Awaited<ReturnType<typeof pick>> = null;
  for (const store of [...new Set(others.map((p) => p.store.id))].filter((id) => id !== vendorStore.id)) {
    theirs = await pick(shopper, `store=${store}`);
    if (theirs) break;
  }
  expect(theirs, 'a search for "travel" finds another seller with something in stock at a shopper\'s price').not.toBeNull();
  for (const item of [mine!, theirs!]) {
    const res = await fetch(api('/api/v1/shop/cart/items'), {
      method: 'POST',
      headers: { Authorization: `Bearer ${shopper}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ variant_id: item.variant, quantity: 1 }),
    });
    expect(res.status, await res.text()).toBe(200);
  }

  // The cart: one card per seller, the count in the header.
  await page.goto(portal('user', '/shop/Cart'));
  await expect(page.getByRole('heading', { name: 'Your cart', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Sold by ${mine!.storeName}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Sold by ${theirs!.storeName}` })).toBeVisible();
  await checkA11y(page, page.getByRole('heading', { name: 'Summary' }));
  await page.getByRole('link', { name: 'Checkout' }).click();

  // Review: two packages.
  await expect(page).toHaveURL(/\/shop\/Checkout$/);
  await expect(page.getByRole('heading', { name: /^Package 2 of 2 · / })).toBeVisible();
  await checkA11y(page, page.getByRole('heading', { name: 'Review your order' }));
  await page.getByRole('link', { name: 'Continue to delivery' }).click();

  // Delivery: a first address, then a method per package (the first is chosen).
  await expect(page).toHaveURL(/\/shop\/Delivery$/);
  await expect(page.getByText('No address yet')).toBeVisible();
  await checkA11y(page, page.getByText('No address yet'));
  await page.getByRole('button', { name: 'Add an address' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Recipient').fill('Chidinma Eze');
  await dialog.getByLabel('Phone').fill('+234 803 555 0199');
  await dialog.getByLabel('Street address').fill('7 Admiralty Way, Lekki Phase 1');
  await dialog.getByLabel('City').fill('Lagos');
  await dialog.getByRole('button', { name: 'Save the address' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('radio', { name: /Chidinma Eze, 7 Admiralty Way/ })).toBeChecked();
  await expect(page.getByRole('heading', { name: /^Package 2 · / })).toBeVisible();
  await checkA11y(page, page.getByRole('heading', { name: 'Shipping per package' }));
  await page.getByRole('button', { name: 'Continue to payment' }).click();

  // Payment from the wallet.
  await expect(page).toHaveURL(/\/shop\/Payment$/);
  const pay = page.getByRole('button', { name: /^Pay ₦[\d,.]+ from wallet$/ });
  await expect(pay).toBeEnabled();
  await checkA11y(page, pay);
  await pay.click();

  // The confirmation: two packages, each its own order.
  await expect(page).toHaveURL(/\/shop\/Successful\?id=/);
  await expect(page.getByRole('heading', { name: 'Thank you, your order is placed', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your 2 packages' })).toBeVisible();
  await checkA11y(page, page.getByRole('heading', { name: 'What happens next' }));
  const mineLink = page.getByRole('link', { name: mine!.storeName, exact: true });
  const orderId = new URL(await mineLink.getAttribute('href').then((h) => portal('user', h!))).searchParams.get('id')!;
  await expect(page.getByRole('link', { name: 'Cart, empty' })).toBeVisible();

  // My orders: both packages, each with its status.
  await page.goto(portal('user', '/shop/orders'));
  await expect(page.getByRole('link', { name: mine!.storeName, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: theirs!.storeName, exact: true })).toBeVisible();
  await checkA11y(page, page.getByRole('heading', { name: 'My orders', level: 1 }));

  // The vendor ships their package with a carrier and a tracking number.
  const tracking = `GIG-${Date.now().toString(36).toUpperCase()}`;
  const vendor = await signedInPage(browser, 'vendor', `/vendor-app/bookings?id=${orderId}`, 'vendor@example.com');
  await expect(vendor.getByRole('heading', { name: /^Order SJ-/, level: 1 })).toBeVisible();
  await checkA11y(vendor, vendor.getByRole('heading', { name: 'Timeline' }));
  await vendor.getByRole('button', { name: 'Ship the order' }).click();
  const ship = vendor.getByRole('dialog');
  await ship.getByLabel('Carrier').fill('GIG Logistics');
  await ship.getByLabel('Tracking number').fill(tracking);
  await checkA11y(vendor, ship.getByRole('button', { name: 'Mark as shipped' }), '[role="dialog"]');
  await ship.getByRole('button', { name: 'Mark as shipped' }).click();
  await expect(ship).toBeHidden();
  await expect(vendor.getByText(tracking).first()).toBeVisible();
  await expect(vendor.getByText('Shipped', { exact: true }).first()).toBeVisible();
  await vendor.getByRole('link', { name: 'Packing slip' }).click();
  await expect(vendor.getByRole('heading', { name: 'Packing slip', level: 1 })).toBeVisible();
  await checkA11y(vendor, vendor.getByRole('heading', { name: 'Packing slip', level: 1 }));
  await vendor.context().close();

  // The shopper sees the tracking number and confirms the parcel arrived.
  await page.goto(portal('user', `/shop/orders?id=${orderId}`));
  await expect(page.getByText(tracking).first()).toBeVisible();
  await expect(page.getByText('GIG Logistics').first()).toBeVisible();
  await checkA11y(page, page.getByRole('button', { name: 'I received this package' }));
  await page.getByRole('button', { name: 'I received this package' }).click();
  await expect(page.getByText('Delivered. You can ask to return items within the return window.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Return items' })).toBeVisible();
});

test('the vendor dashboard, clients and the admin orders and commission rules pass axe', async ({ browser }) => {
  const vendor = await signedInPage(browser, 'vendor', '/vendor-app/dashboard', 'vendor@example.com');
  await expect(vendor.getByRole('heading', { name: 'Revenue' })).toBeVisible();
  await checkA11y(vendor, vendor.getByRole('heading', { name: 'Low stock' }));
  await vendor.getByRole('button', { name: 'Last 30 days' }).click();
  await expect(vendor.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
  await vendor.goto(portal('vendor', '/vendor-app/clients'));
  await expect(vendor.getByRole('table', { name: 'Your clients' })).toBeVisible();
  await checkA11y(vendor, vendor.getByRole('table', { name: 'Your clients' }));
  await vendor.context().close();

  const admin = await signedInPage(browser, 'admin', '/admin-dashboard/orders', 'admin@example.com');
  await expect(admin.getByRole('heading', { name: 'Shop orders', level: 1 })).toBeVisible();
  await admin.getByLabel('Search').fill('user@example.com');
  await expect(admin).toHaveURL(/[?&]q=user%40example\.com/);
  const first = admin.getByRole('link', { name: /^SJ-\d{4}-/ }).first();
  await expect(first).toBeVisible();
  await checkA11y(admin, first);
  await first.click();
  await expect(admin.getByRole('heading', { name: /^Order SJ-/, level: 1 })).toBeVisible();
  await checkA11y(admin, admin.getByRole('heading', { name: /^Order SJ-/, level: 1 }));
  await admin.goto(portal('admin', '/admin-dashboard/orders/commission-rules'));
  await expect(admin.getByRole('heading', { name: 'Commission rules', level: 1 })).toBeVisible();
  await admin.getByRole('button', { name: 'Add a rule' }).first().click();
  await expect(admin.getByRole('dialog')).toBeVisible();
  await checkA11y(admin, admin.getByRole('dialog').getByRole('button', { name: 'Add the rule' }), '[role="dialog"]');
  await admin.context().close();
});
