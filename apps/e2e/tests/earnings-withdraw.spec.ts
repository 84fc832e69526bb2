import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, api, portal, signIn } from './helpers';

/** Sign in through the API (one sign-in) and return the bearer token. */
async function token(email: string): Promise<string> {
  const res = await fetch(api('/api/auth/login'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** As an admin, credit a user's available earnings through the ledger-adjustment API. */
async function creditEarnings(email: string, amount: number) {
  const admin = await token('admin@example.com');
  const auth = { Authorization: `Bearer ${admin}` };
  const users = (await (await fetch(api(`/api/v1/admin/users?q=${encodeURIComponent(email)}`), { headers: auth })).json()) as { data: { id: string; email: string }[] };
  const user = users.data.find((u) => u.email === email);
  expect(user, `${email} exists`).toBeTruthy();
  const res = await fetch(api('/api/v1/admin/ledger/adjustments'), {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json', 'Idempotency-Key': `e2e-earnings-${Date.now()}` },
    body: JSON.stringify({ user_id: user!.id, account: 'earnings_available', amount, reason: 'End-to-end test: sales earnings to withdraw' }),
  });
  expect(res.status).toBe(201);
}

const available = (page: Page) => page.getByText('Available to withdraw').locator('xpath=../..');

async function saveBankAccount(page: Page, accountNumber: string) {
  await page.getByRole('button', { name: /^(Add|Replace) bank account$/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Bank', { exact: true }).selectOption({ label: 'Guaranty Trust Bank' });
  await dialog.getByLabel('Account number').fill(accountNumber);
  await dialog.getByLabel('Account name').fill('Efua Mensah');
  await dialog.getByRole('button', { name: 'Save bank account' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('payout-account')).toContainText(`Guaranty Trust Bank ••••${accountNumber.slice(-4)}`);
}

async function withdraw(page: Page, amount: string, fee: string, net: string) {
  await page.getByLabel(/Amount to withdraw/).fill(amount);
  await expect(page.getByTestId('withdraw-net')).toHaveText(net);
  await page.getByRole('button', { name: 'Review withdrawal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your withdrawal' });
  await expect(dialog).toContainText(`−${fee}`);
  await expect(dialog).toContainText(net);
  await dialog.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(dialog).toBeHidden();
}

const naira = (kobo: number) => new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', currencyDisplay: 'narrowSymbol' }).format(kobo / 100);

/** The available earnings the withdraw form states once the balances have loaded, in kobo. */
async function availableNow(page: Page): Promise<number> {
  const text = await page.getByText(/^Available ₦[\d,.]+ · minimum/).textContent();
  return Math.round(Number(text!.match(/₦([\d,.]+)/)![1]!.replace(/,/g, '')) * 100);
}

test('a car dealer in Nigeria withdraws earnings: a payout that succeeds, then one that fails and returns the money', async ({ page }) => {
  // Amounts unique to this run, so a retry against the same server finds its own rows.
  const odd = 100 * (1 + Math.floor(Math.random() * 900));
  const first = 2_000_000 + odd;
  const second = 1_000_000 + odd;

  await page.goto(portal('car-dealer', '/car-dealer/earnings'));
  await signIn(page, 'dealer@example.com');
  await expect(page.getByRole('heading', { name: 'Earnings', level: 1 })).toBeVisible();

  // The demo dealer has never used the wallet: activate it once.
  const activate = page.getByRole('button', { name: 'Activate wallet' });
  // The balances show once both the earnings and the wallet state have loaded.
  await expect(page.getByText(/^Available ₦[\d,.]+ · minimum/)).toBeVisible();
  if (await activate.isVisible()) {
    await activate.click();
    await expect(activate).toBeHidden();
  }
  const before = await availableNow(page);

  await creditEarnings('dealer@example.com', 5_000_000);
  await page.reload();
  await expect(available(page)).toContainText(naira(before + 5_000_000));

  await test.step('add a bank account and withdraw: the payout succeeds', async () => {
    await saveBankAccount(page, '0123456789');
    await withdraw(page, String(first / 100), '₦50.00', naira(first - 5000));
    const row = page.getByRole('row').filter({ hasText: naira(first - 5000) });
    await expect(row).toContainText('Guaranty Trust Bank ••••6789');
    await expect(row.getByText('Successful', { exact: true })).toBeVisible();
    await expect(available(page)).toContainText(naira(before + 5_000_000 - first));
    // The payout history is a cursor list, newest first: a count and "Load more", never page numbers.
    await expect(page.getByText(/^Showing (all )?\d+ payouts?$/)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
  });

  await test.step('an account ending 0000: the payout fails and the money comes back', async () => {
    await saveBankAccount(page, '0123450000');
    await withdraw(page, String(second / 100), '₦50.00', naira(second - 5000));
    const row = page.getByRole('row').filter({ hasText: naira(second - 5000) });
    await expect(row).toContainText('••••0000');
    await expect(row.getByText('Failed', { exact: true })).toBeVisible();
    await expect(row).toContainText(`${naira(second)} returned to your earnings`);
    await expect(available(page)).toContainText(naira(before + 5_000_000 - first));
  });

  await test.step('the wallet is the money the dealer spends, not a second earnings page', async () => {
    await page.goto(portal('car-dealer', '/car-dealer/wallet'));
    await expect(page.getByRole('heading', { name: 'Wallet', level: 1 })).toBeVisible();
    await expect(page.getByTestId('wallet-balance')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Top up' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Review withdrawal' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Earnings page' }).click();
    await expect(page).toHaveURL(portal('car-dealer', '/car-dealer/earnings'));
    await expect(available(page)).toContainText(naira(before + 5_000_000 - first));
  });
});

test('the old coach earnings address leads to the earnings page, which has no serious accessibility violations', async ({ page }) => {
  await page.goto(portal('coach', '/coach-app/earnings%20copy'));
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await signIn(page, 'coach@example.com');
  // The old address leads to the earnings page.
  await expect(page).toHaveURL(/\/coach-app\/earnings$/);
  await expect(page.getByRole('heading', { name: 'Earnings', level: 1 })).toBeVisible();
  // The demo coach's completed sessions have earned: the history lists them once it has loaded.
  await expect(page.locator('main .animate-pulse, main .animate-spin')).toHaveCount(0);
  await expect(page.getByText('No earnings yet')).toHaveCount(0);

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
    expect(serious, `at ${width}px`).toEqual([]);
  }
});
