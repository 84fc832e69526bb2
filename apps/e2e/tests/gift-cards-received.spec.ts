import { expect, test } from '@playwright/test';
import { PASSWORD, api, checkA11y, portal, registerViaApi, signIn, uniqueEmail, verifyEmailViaApi } from './helpers';

/**
 * A gift card bought for user@example.com shows on their Received tab with who sent it and the message, and one click
 * adds it to their wallet (no code typed): the card turns redeemed, a toast says so and the balance grows.
 */

const SHOTS = process.env.SOJOURN_SCREENSHOTS_DIR ?? '../../test-results/walkthrough';

async function token(email: string): Promise<string> {
  const res = await fetch(api('/api/auth/login'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function call(path: string, tok: string, body?: unknown, key?: string) {
  return fetch(api(path), {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${tok}`, 'Content-Type': 'application/json', ...(key ? { 'Idempotency-Key': key } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** "₦1,234.50" in kobo. */
const kobo = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
const naira = (minor: number) => `₦${(minor / 100).toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('a gift card bought for user@example.com is added to their wallet in one click', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const giverEmail = uniqueEmail('giver');
  const giverName = `giver_${stamp}`;
  const message = `Safe travels, Amara! (${stamp})`;
  await registerViaApi(giverName, giverEmail, PASSWORD);
  await verifyEmailViaApi(giverEmail); // gift cards are mailed only in a verified sender's name

  const admin = await token('admin@example.com');
  const giver = await token(giverEmail);
  const users = (await (await call(`/api/v1/admin/users?q=${encodeURIComponent(giverEmail)}`, admin)).json()) as { data: { id: string; email: string }[] };
  const giverId = users.data.find((u) => u.email === giverEmail)!.id;
  expect((await call('/api/v1/wallet', giver, {}, `act-${stamp}`)).status).toBeLessThan(300);
  const credit = await call('/api/v1/admin/ledger/adjustments', admin, { user_id: giverId, account: 'wallet', amount: 2_000_000, reason: 'End-to-end test: money for a gift' }, `e2e-received-${stamp}`);
  expect(credit.status).toBe(201);
  const products = (await (await fetch(api('/api/v1/gift-cards/products'))).json()) as { data: { id: string; name: string }[] };
  const travel = products.data.find((p) => p.name === 'Sojourn Travel Gift')!;
  const bought = await call(
    '/api/v1/gift-cards/purchases',
    giver,
    { product_id: travel.id, amount: 1_000_000, recipient_email: 'USER@example.com', recipient_name: 'Amara', message, pay_with: 'wallet' },
    `e2e-received-buy-${stamp}`,
  );
  expect(bought.status).toBe(201);

  await page.goto(portal('user', '/login?redirect=%2Fuser-wallet'));
  await signIn(page, 'user@example.com');
  const balance = page.getByTestId('wallet-balance');
  await expect(balance).toHaveText(/₦[\d,]+\.\d\d/);
  const before = kobo((await balance.textContent()) ?? '');

  const mine = page.getByRole('region', { name: 'My gift cards' });
  await mine.getByRole('tab', { name: /^Received\W+\d+ waiting$/ }).click();
  const list = mine.getByRole('list', { name: 'Gift cards you received' });
  const card = list.getByRole('listitem').filter({ hasText: message });
  await expect(card).toContainText(`From @${giverName}`);
  await expect(card).toContainText('Sojourn Travel Gift · ₦10,000.00');
  await expect(card).toContainText('Waiting for you');
  // The demo data's card from Zainab waits too; the one from Kofi is in the wallet already.
  await expect(list.getByRole('listitem').filter({ hasText: 'From Zainab Bello' })).toContainText('Waiting for you');
  await expect(list.getByRole('listitem').filter({ hasText: 'From Kofi Asante' })).toContainText('Redeemed');

  await checkA11y(page, card.getByRole('button', { name: 'Add to my wallet' }));
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(card).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/gift-cards-received-${width}.png`, fullPage: true });
  }

  await card.getByRole('button', { name: 'Add to my wallet' }).click();
  await expect(page.getByText('₦10,000.00 from your Sojourn Travel Gift gift card is in your wallet.', { exact: false })).toBeVisible();
  await expect(card).toContainText('Redeemed');
  await expect(card).toContainText('₦10,000.00 added to your wallet on');
  await expect(card.getByRole('button', { name: 'Add to my wallet' })).toHaveCount(0);
  await expect(balance).toHaveText(naira(before + 1_000_000));
  await page.setViewportSize({ width: 375, height: 900 });
  await card.scrollIntoViewIfNeeded();
  await expect(card).toContainText('Redeemed');
  await page.screenshot({ path: `${SHOTS}/gift-cards-received-added-375.png` });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Nothing to add twice: the answer on a second try through the API is a conflict, not a second credit.
  const cardId = ((await bought.json()) as { data: { card: { id: string } } }).data.card.id;
  const again = await call(`/api/v1/gift-cards/received/${cardId}/redeem`, await token('user@example.com'), {}, `e2e-again-${stamp}`);
  expect(again.status).toBe(409);
  await checkA11y(page, card);
});
