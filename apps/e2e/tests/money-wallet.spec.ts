import { expect, test, type Page } from '@playwright/test';
import { newAccount, portal, registerViaApi, signIn, verifyEmailViaApi } from './helpers';

const PASSWORD = 'a quiet walk along the marina';

/** Sign in on the wallet page (one sign-in per account: the server allows 30 per 5 minutes per IP). */
async function openWallet(page: Page, email: string, path = '/user-wallet') {
  await page.goto(portal('user', path));
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(portal('user', path));
}

async function activate(page: Page) {
  await page.getByRole('button', { name: 'Activate wallet' }).click();
  await expect(page.getByTestId('wallet-balance')).toHaveText('₦0.00');
}

/** Top up through the server's Paystack sandbox checkout page, coming back through the callback page. */
async function topUp(page: Page, naira: string, shown: string) {
  await page.getByRole('button', { name: 'Top up' }).click();
  await page.getByRole('dialog').getByLabel('Amount (NGN)').fill(naira);
  await page.getByRole('button', { name: `Pay ${shown}` }).click();
  await expect(page).toHaveURL(/\/_sandbox\/paystack\/checkout\//);
  await page.getByRole('button', { name: /payment succeeds/ }).click();
  await expect(page).toHaveURL(/\/payments\/callback\?/);
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(page.getByText(`${shown} has been added to your wallet.`)).toBeVisible();
  await page.getByRole('link', { name: 'Back to your wallet' }).click();
}

test('a user activates the wallet, tops up through the sandbox checkout and sees the balance and the transaction', async ({ page }) => {
  const me = newAccount('topper');
  await registerViaApi(me.username, me.email, PASSWORD);
  await openWallet(page, me.email);

  await expect(page.getByRole('heading', { name: 'Activate your Sojourn wallet' })).toBeVisible();
  await activate(page);
  await expect(page.getByText('No transactions yet')).toBeVisible();

  await topUp(page, '20000', '₦20,000.00');
  await expect(page.getByTestId('wallet-balance')).toHaveText('₦20,000.00');
  const recent = page.getByRole('region', { name: 'Recent transactions' });
  await expect(recent.getByRole('link', { name: /Top-up by card.*\+₦20,000\.00/ })).toBeVisible();

  await page.getByRole('link', { name: 'All transactions' }).click();
  await expect(page).toHaveURL(portal('user', '/shop/Transactions'));
  const row = page.getByRole('row', { name: /Top-up by card/ });
  await expect(row).toContainText('+₦20,000.00');
  await expect(row).toContainText('Completed');
  // The history is read by cursor: one transaction, no more to load.
  await expect(page.getByText('Showing all 1 transaction', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await row.getByRole('link').click();
  await expect(page).toHaveURL(/\/shop\/Transactions\/details\?id=/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Transaction details' })).toBeVisible();
  await expect(page.getByText('+₦20,000.00')).toBeVisible();
  await expect(page.getByText('Card (Paystack)')).toBeVisible();
});

test('a user buys a gift card for a friend from the wallet, and the friend redeems it', async ({ page, browser }) => {
  const buyer = newAccount('giver');
  const friend = newAccount('friend');
  await registerViaApi(buyer.username, buyer.email, PASSWORD);
  await verifyEmailViaApi(buyer.email); // gift cards are mailed only for a verified sender
  await registerViaApi(friend.username, friend.email, PASSWORD);

  await openWallet(page, buyer.email);
  await activate(page);
  await topUp(page, '30000', '₦30,000.00');
  await expect(page.getByTestId('wallet-balance')).toHaveText('₦30,000.00');

  await page.getByRole('link', { name: /Sojourn Travel Gift/ }).click();
  await expect(page).toHaveURL(/\/gift-card\//);
  await expect(page.getByRole('heading', { name: 'Sojourn Travel Gift', level: 1 })).toBeVisible();
  await page.getByRole('radio', { name: '₦10,000' }).check();
  await page.getByLabel("Recipient's name").fill('Chiamaka Eze');
  await page.getByLabel("Recipient's email").fill(friend.email);
  await page.getByLabel('Message (optional)').fill('Happy birthday! A weekend by the sea is on me.');
  await page.getByRole('button', { name: 'Buy with wallet' }).click();

  await expect(page.getByRole('heading', { name: 'Gift card sent to Chiamaka Eze' })).toBeVisible();
  await expect(page.getByText('This is the only time we show the full code.')).toBeVisible();
  const code = (await page.getByTestId('gift-card-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/);
  await page.getByRole('link', { name: 'Back to your wallet' }).click();
  await expect(page.getByTestId('wallet-balance')).toHaveText('₦20,000.00');

  // The friend, in a browser of their own, opens the redeem link, activates the wallet and redeems the code typed loosely.
  const other = await browser.newContext();
  const friendPage = await other.newPage();
  await openWallet(friendPage, friend.email, '/user-wallet?redeem=1');
  await activate(friendPage);
  const dialog = friendPage.getByRole('dialog', { name: 'Redeem a gift card' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Gift card code').fill(code.toLowerCase().replace(/-/g, ' '));
  await dialog.getByRole('button', { name: 'Redeem' }).click();
  await expect(friendPage.getByRole('dialog', { name: 'Gift card redeemed' })).toContainText('₦10,000.00 added');
  await friendPage.getByRole('button', { name: 'Done' }).click();
  await expect(friendPage.getByTestId('wallet-balance')).toHaveText('₦10,000.00');
  await expect(friendPage.getByRole('region', { name: 'Recent transactions' })).toContainText('Gift card redeemed');

  // A second redeem of the same code is refused.
  await friendPage.getByRole('button', { name: 'Redeem gift card' }).click();
  await friendPage.getByRole('dialog').getByLabel('Gift card code').fill(code);
  await friendPage.getByRole('dialog').getByRole('button', { name: 'Redeem' }).click();
  await expect(friendPage.getByRole('dialog').getByRole('alert')).toBeVisible();
  await expect(friendPage.getByTestId('wallet-balance')).toHaveText('₦10,000.00');
  await other.close();
});
