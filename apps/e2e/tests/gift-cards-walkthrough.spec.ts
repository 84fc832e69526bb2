import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, api, portal, registerViaApi, signIn, uniqueEmail, verifyEmailViaApi } from './helpers';

/** Gift cards as people meet them: drawn artwork, the redeem error as a sentence, My gift cards, payments by name. */

const SHOTS = process.env.SOJOURN_SCREENSHOTS_DIR ?? '../../test-results/walkthrough';

async function lookAt(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    expect(serious, `${name} at ${width}px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function token(email: string, password = PASSWORD): Promise<string> {
  const res = await fetch(api('/api/auth/login'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
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

test('gift cards: artwork, a readable redeem error, My gift cards and payments by name', async ({ browser }) => {
  // A new member receives a card bought for them by a fresh buyer paying from a wallet an admin credited.
  const buyerEmail = uniqueEmail('giver');
  const friendEmail = uniqueEmail('friend');
  await registerViaApi(`giver_${Date.now().toString(36)}`, buyerEmail, PASSWORD);
  await verifyEmailViaApi(buyerEmail); // gift cards are mailed only for a verified sender
  await registerViaApi(`friend_${Date.now().toString(36)}`, friendEmail, PASSWORD);
  const admin = await token('admin@example.com');
  const buyer = await token(buyerEmail);
  const users = (await (await call(`/api/v1/admin/users?q=${encodeURIComponent(buyerEmail)}`, admin)).json()) as { data: { id: string; email: string }[] };
  const buyerId = users.data.find((u) => u.email === buyerEmail)!.id;
  expect((await call('/api/v1/wallet', buyer, {}, `act-${Date.now()}`)).status).toBeLessThan(300);
  const credit = await call(
    '/api/v1/admin/ledger/adjustments',
    admin,
    { user_id: buyerId, account: 'wallet', amount: 5_000_000, reason: 'End-to-end test: money for a gift card' },
    `e2e-gift-${Date.now()}`,
  );
  expect(credit.status).toBe(201);
  const products = (await (await fetch(api('/api/v1/gift-cards/products'))).json()) as { data: { id: string; name: string }[] };
  const travel = products.data.find((p) => p.name === 'Sojourn Travel Gift')!;
  const bought = await call(
    '/api/v1/gift-cards/purchases',
    buyer,
    { product_id: travel.id, amount: 1_000_000, recipient_email: friendEmail, recipient_name: 'Bola', message: 'Go somewhere lovely.', pay_with: 'wallet' },
    `e2e-buy-${Date.now()}`,
  );
  expect(bought.status).toBe(201);
  const code = ((await bought.json()) as { data: { card: { code: string } } }).data.card.code;

  const page = await (await browser.newContext()).newPage();
  await page.goto(portal('user', '/login?redirect=%2Fuser-wallet'));
  await signIn(page, friendEmail);
  await expect(page.getByRole('heading', { name: 'Wallet', level: 1 })).toBeVisible();
  const activate = page.getByRole('button', { name: 'Activate wallet' });
  // The wallet loads after the heading: wait for either state before deciding whether to activate.
  await expect(page.getByTestId('wallet-balance').or(activate)).toBeVisible();
  if (await activate.isVisible()) await activate.click();
  await expect(page.getByTestId('wallet-balance')).toBeVisible();

  await test.step('the cards on sale are drawn artwork with the name and value', async () => {
    await expect(page.getByRole('img', { name: /^Sojourn Travel Gift gift card, ₦10,000 to ₦50,000$/ })).toBeVisible();
    await expect(page.locator('img[src*="gift"]')).toHaveCount(0);
  });

  await test.step('a wrong code is told in a sentence; the right one redeems', async () => {
    await page.getByRole('button', { name: 'Redeem gift card' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Gift card code').fill('AAAA-BBBB-CCCC-DDDD-EEEE');
    await dialog.getByRole('button', { name: /^Redeem/ }).click();
    await expect(dialog.getByText('That code doesn’t match a gift card. Check it and try again.').or(dialog.getByText("That code doesn't match a gift card. Check it and try again."))).toBeVisible();
    await lookAt(page, 'gift-card-redeem-error');
    await dialog.getByLabel('Gift card code').fill(code);
    await dialog.getByRole('button', { name: /^Redeem/ }).click();
    await expect(dialog.getByRole('heading', { name: 'Gift card redeemed' })).toBeVisible();
    await page.keyboard.press('Escape');
  });

  await test.step('My gift cards lists the card received, redeemed', async () => {
    await page.reload();
    const mine = page.getByRole('region', { name: 'My gift cards' }).or(page.locator('section[aria-labelledby="my-gift-cards-heading"]'));
    await mine.getByRole('tab', { name: 'Received' }).click();
    const list = page.getByRole('list', { name: 'Gift cards you received' });
    await expect(list).toContainText('Sojourn Travel Gift');
    await expect(list).toContainText('Redeemed');
    // A cursor list: how many are shown, no page numbers.
    await expect(mine.getByText(/^Showing (all )?\d+ gift cards?$/)).toBeVisible();
    await expect(mine.getByText(/Page \d+ of/)).toHaveCount(0);
    await lookAt(page, 'wallet-my-gift-cards');
  });

  await test.step('the buyer sees it bought and redeemed, and the payment by name', async () => {
    const buyerPage = await (await browser.newContext()).newPage();
    await buyerPage.goto(portal('user', '/login?redirect=%2Fuser-wallet'));
    await signIn(buyerPage, buyerEmail);
    const list = buyerPage.getByRole('list', { name: 'Gift cards you bought' });
    await expect(list).toContainText('For Bola');
    await expect(list).toContainText('Redeemed');
    await buyerPage.goto(portal('user', '/shop/Transactions'));
    await buyerPage.getByRole('link', { name: /Gift card bought/ }).first().click();
    await expect(buyerPage.getByText('Sojourn Travel Gift gift card for Bola').first()).toBeVisible();
    await expect(buyerPage.getByText(/Gift card [0-9a-f]{8}-/)).toHaveCount(0);
    await lookAt(buyerPage, 'transaction-gift-card');
  });
});
