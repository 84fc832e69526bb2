import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, api, checkA11y, fundWallet, newAccount, portal, registerViaApi, signIn } from './helpers';

const SHOPPER_PASSWORD = 'a parcel that never came';

async function token(email: string, password: string): Promise<string> {
  const res = await fetch(api('/api/auth/login'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function call<T>(tok: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(api(`/api/v1${path}`), {
    method,
    headers: { Authorization: `Bearer ${tok}`, ...(body ? { 'Content-Type': 'application/json' } : {}), ...headers },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  expect(res.status, `${method} ${path}: ${text}`).toBeLessThan(300);
  return (JSON.parse(text) as { data: T }).data;
}

/** The shopper buys one item of the demo vendor's store from the wallet; answers the order's number. */
async function buyOne(shopper: string): Promise<string> {
  const store = await call<{ id: string }>(await token('vendor@example.com', PASSWORD), 'GET', '/vendor/store');
  const found = await call<{ id: string }[]>(shopper, 'GET', `/shop/products?store=${store.id}&in_stock=true&sort=price_asc&limit=20`);
  let variant: string | null = null;
  for (const p of found) {
    const d = await call<{ price_on_request: boolean; variants: { id: string; available: number; price: { amount: number } }[] }>(shopper, 'GET', `/shop/products/${p.id}`);
    const v = d.variants.find((x) => x.available >= 1 && x.price.amount <= 10_000_000);
    if (!d.price_on_request && v) {
      variant = v.id;
      break;
    }
  }
  expect(variant, "a product of the demo vendor's store in stock").not.toBeNull();
  await call(shopper, 'POST', '/shop/cart/items', { variant_id: variant, quantity: 1 });
  const address = await call<{ id: string }>(shopper, 'POST', '/shop/addresses', {
    recipient_name: 'Ifeoma Obi',
    phone: '+234 803 555 0199',
    line1: '9 Bourdillon Road',
    city: 'Lagos',
    state: 'Lagos',
    country: 'ng',
  });
  const quote = await call<{ total: { amount: number } }>(shopper, 'POST', '/shop/checkout/quote', { address_id: address.id });
  const out = await call<{ group: { orders: { number: string }[] } }>(
    shopper,
    'POST',
    '/shop/checkout',
    { address_id: address.id, pay_with: 'wallet', expected_total: quote.total.amount },
    { 'Idempotency-Key': `support-e2e-${Date.now()}-${Math.random()}` },
  );
  return out.group.orders[0]!.number;
}

async function adminSignedIn(page: Page, path: string) {
  await page.goto(portal('admin', path));
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(portal('admin', path));
}

test('a shopper searches the FAQs and files a ticket about an order; an admin replies with a canned reply and refunds it from the ticket', async ({ page, browser }) => {
  const me = newAccount('helpme');
  await registerViaApi(me.username, me.email, SHOPPER_PASSWORD);
  await page.goto(portal('user', '/user-wallet'));
  await signIn(page, me.email, SHOPPER_PASSWORD);
  await expect(page).toHaveURL(portal('user', '/user-wallet'));
  await fundWallet(page, '200000', '₦200,000.00');
  const number = await buyOne(await token(me.email, SHOPPER_PASSWORD));

  // The FAQs the admins wrote, searched.
  await page.goto(portal('user', '/faqs'));
  await page.getByLabel('Search the FAQs').fill('refund');
  await expect(page.getByRole('button', { name: 'How long does a refund take?' })).toBeVisible();
  await checkA11y(page, page.getByRole('button', { name: 'How long does a refund take?' }));

  // The support page: none yet; a new ticket shows matching FAQs while it is written, and links the order.
  await page.goto(portal('user', '/support'));
  await expect(page.getByText('No tickets yet')).toBeVisible();
  await checkA11y(page, page.getByText('No tickets yet'));
  await page.getByRole('link', { name: 'New ticket' }).click();
  await page.getByLabel('What is it about?').fill('Refund for a parcel that never came');
  await expect(page.getByRole('button', { name: 'How long does a refund take?' })).toBeVisible();
  await page.getByLabel('About one of your items (optional)').click();
  await page.getByRole('option', { name: new RegExp(`Order ${number}`) }).click();
  await page.getByLabel('What happened?').fill('The tracking has not moved in ten days. Please refund me.');
  await checkA11y(page, page.getByRole('button', { name: 'Send ticket' }));
  await page.getByRole('button', { name: 'Send ticket' }).click();
  await expect(page.getByRole('heading', { name: 'Refund for a parcel that never came' })).toBeVisible();
  await expect(page.getByText('Open', { exact: true })).toBeVisible();
  const ticketUrl = page.url();
  const ticketNumber = (await page.getByText(/SUP-[0-9A-F]{8}/).first().textContent())!.match(/SUP-[0-9A-F]{8}/)![0];

  // The admin finds it in the console, answers with a canned reply and refunds the order from the ticket.
  const admin = await (await browser.newContext()).newPage();
  await adminSignedIn(admin, '/admin-dashboard/support');
  await expect(admin.getByRole('heading', { name: 'Support', exact: true })).toBeVisible();
  await admin.getByLabel('Search').fill(ticketNumber);
  // The search applies after a pause: wait for it, so the click is not undone by it.
  await expect(admin).toHaveURL(new RegExp(`q=${ticketNumber}`));
  await admin.getByRole('link', { name: new RegExp(ticketNumber) }).click();
  await expect(admin.getByRole('heading', { name: 'Refund for a parcel that never came' })).toBeVisible();
  await checkA11y(admin, admin.getByRole('button', { name: /^Refund NGN/ }));
  await admin.getByLabel('Canned reply').click();
  await admin.getByRole('option', { name: 'Refund issued' }).click();
  await expect(admin.getByLabel(/Reply to/)).toHaveValue(/We have refunded you/);
  await admin.getByRole('button', { name: 'Send reply' }).click();
  await expect(admin.getByText('Reply sent.')).toBeVisible();
  await admin.getByRole('button', { name: /^Refund NGN/ }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('The courier lost the parcel.');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(admin.getByText('Done. The action is noted on the ticket.')).toBeVisible();
  await expect(admin.getByText(/The courier lost the parcel/)).toBeVisible();
  await expect(admin.getByText('No action applies to it now.')).toBeVisible();

  // The shopper reads the reply (not the internal note) and has her money back.
  await page.goto(ticketUrl);
  await expect(page.getByText(/We have refunded you/)).toBeVisible();
  await expect(page.getByText('Awaiting your reply')).toBeVisible();
  await expect(page.getByText(/The courier lost the parcel/)).toHaveCount(0);
  await checkA11y(page, page.getByText(/We have refunded you/));
  await page.goto(portal('user', '/user-wallet'));
  await expect(page.getByTestId('wallet-balance')).toHaveText('₦200,000.00');
});
