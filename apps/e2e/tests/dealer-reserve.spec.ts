import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { api, portal, registerViaApi, signIn } from './helpers';

const PASSWORD = 'a long drive down the coast';
const DEMO_PASSWORD = 'Passw0rd!demo';

/** axe at 375 and 1280 px: no serious or critical findings. */
async function checkA11y(page: Page, ready: Locator) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(ready).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} at ${width}px: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    expect(serious).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A valid VIN (ISO 3779 check digit at position 9) of a 2019 Toyota Camry with a random serial. */
function camryVIN(): string {
  const digits = '0123456789';
  const serial = Array.from({ length: 6 }, () => digits[Math.floor(Math.random() * 10)]).join('');
  const vin = `4T1BF1FK0KU${serial}`;
  const value = (c: string) => (/\d/.test(c) ? Number(c) : 'ABCDEFGH'.includes(c) ? 'ABCDEFGH'.indexOf(c) + 1 : 'JKLMN'.includes(c) ? 'JKLMN'.indexOf(c) + 1 : c === 'P' ? 7 : c === 'R' ? 9 : 'STUVWXYZ'.indexOf(c) + 2);
  const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
  const sum = [...vin].reduce((s, c, i) => s + value(c) * (weights[i] ?? 0), 0);
  const check = sum % 11 === 10 ? 'X' : String(sum % 11);
  return vin.slice(0, 8) + check + vin.slice(9);
}

async function apiLogin(email: string, password: string): Promise<string> {
  const res = await fetch(api('/api/auth/login'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** The demo dealer lists a car of its own for this run (a fresh VIN), so the spec owns its data. */
async function listCar(trim: string): Promise<string> {
  const dealerToken = await apiLogin('dealer@example.com', DEMO_PASSWORD);
  const created = await fetch(api('/api/v1/dealer/listings'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${dealerToken}` },
    body: JSON.stringify({ vin: camryVIN(), make: 'Toyota', model: 'Camry', year: 2019, trim, body: 'sedan', mileage_km: 58000, fuel: 'petrol', transmission: 'automatic', drivetrain: 'fwd', colour: 'Midnight Black', condition: 'foreign_used', price: 1_700_000_000, features: ['Reverse camera'] }),
  });
  expect(created.status).toBe(201);
  return ((await created.json()) as { data: { id: string } }).data.id;
}

test('a buyer reserves a car by card through Paystack and finds it in My car reservations', async ({ page }) => {
  test.setTimeout(120_000);
  const carId = await listCar('SE Card');
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const buyer = { username: `cardbuyer_${id}`, email: `cardbuyer.${id}@example.com` };
  await registerViaApi(buyer.username, buyer.email, PASSWORD);

  await page.goto(portal('user', `/cars/${carId}`));
  await page.getByRole('link', { name: 'Sign in to continue' }).click();
  await signIn(page, buyer.email, PASSWORD);
  await expect(page.getByRole('heading', { name: '2019 Toyota Camry SE Card' })).toBeVisible();
  await page.getByRole('button', { name: 'Reserve this car' }).click();
  await page.getByRole('radio', { name: /^Card/ }).check();
  await page.getByRole('button', { name: 'Pay ₦500,000.00 by card' }).click();
  // The local Paystack sandbox takes the payment and sends the browser back to the car.
  await page.getByRole('button', { name: /payment succeeds/ }).click();
  await page.getByRole('link', { name: 'Back to the car' }).click();
  await expect(page.getByText(/You reserved this car\. Your refundable deposit of ₦500,000\.00, paid by card,/)).toBeVisible();

  await page.getByRole('link', { name: 'My car reservations' }).click();
  await expect(page.getByRole('heading', { name: 'My car reservations' })).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: '2019 Toyota Camry SE Card' });
  await expect(item.getByText('Deposit held', { exact: true })).toBeVisible();
  await expect(item).toContainText('(paid by card)');
  await checkA11y(page, item);
  // Cancelling gives the deposit back to the wallet and the car back to the market.
  await item.getByRole('button', { name: /Cancel the reservation/ }).click();
  await item.getByRole('button', { name: 'Yes, cancel' }).click();
  await expect(item.getByText('Released', { exact: true })).toBeVisible();
  await expect(item).toContainText('back in your wallet');
});

test('a buyer reserves a car for sale with a deposit and the dealer sees the enquiry and the reservation', async ({ page }) => {
  test.setTimeout(120_000);
  // The demo dealer lists a car of its own for this run (a fresh VIN), so the spec owns its data.
  const dealerToken = await apiLogin('dealer@example.com', DEMO_PASSWORD);
  const created = await fetch(api('/api/v1/dealer/listings'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${dealerToken}` },
    body: JSON.stringify({ vin: camryVIN(), make: 'Toyota', model: 'Camry', year: 2019, trim: 'XSE', body: 'sedan', mileage_km: 61000, fuel: 'petrol', transmission: 'automatic', drivetrain: 'fwd', colour: 'Celestial Silver', condition: 'foreign_used', price: 1_650_000_000, features: ['Reverse camera', 'Apple CarPlay'] }),
  });
  expect(created.status).toBe(201);
  const car = ((await created.json()) as { data: { id: string } }).data;

  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const buyer = { username: `buyer_${id}`, email: `buyer.${id}@example.com` };
  await registerViaApi(buyer.username, buyer.email, PASSWORD);

  // Fund the wallet through the Paystack sandbox.
  await page.goto(portal('user', '/user-wallet'));
  await signIn(page, buyer.email, PASSWORD);
  await expect(page).toHaveURL(portal('user', '/user-wallet'));
  await page.getByRole('button', { name: 'Activate wallet' }).click();
  await expect(page.getByTestId('wallet-balance')).toHaveText('₦0.00');
  await page.getByRole('button', { name: 'Top up' }).click();
  await page.getByRole('dialog').getByLabel('Amount (NGN)').fill('600000');
  await page.getByRole('button', { name: 'Pay ₦600,000.00' }).click();
  await page.getByRole('button', { name: /payment succeeds/ }).click();
  await page.getByRole('link', { name: 'Back to your wallet' }).click();
  await expect(page.getByTestId('wallet-balance')).toHaveText('₦600,000.00');

  // Search: the car is among the Camrys, with facet counts.
  await page.goto(portal('user', '/cars?make=Toyota&model=Camry&sort=price_desc'));
  await expect(page.getByRole('heading', { name: 'Cars for sale' })).toBeVisible();
  await expect(page.getByLabel('Make')).toContainText('Toyota (');
  await checkA11y(page, page.getByRole('link', { name: /Toyota Camry/ }).first());

  // The car page: VIN decoded, market indicator with its method, then an enquiry and the reservation.
  await page.goto(portal('user', `/cars/${car.id}`));
  await expect(page.getByRole('heading', { name: '2019 Toyota Camry XSE' })).toBeVisible();
  await expect(page.getByText('Toyota Motor Manufacturing Kentucky')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How the price compares' })).toBeVisible();
  // The dealer card lists the dealership's branches (the demo dealer's, from its settings).
  const branches = page.getByRole('region', { name: 'Branches' });
  await expect(branches.getByRole('listitem').filter({ hasText: 'Ikeja' })).toContainText('23 Obafemi Awolowo Way, Ikeja, Lagos');
  await checkA11y(page, page.getByRole('heading', { name: 'Reserve this car' }));
  await page.getByLabel('Message').fill('Is the car still available? I can come on Saturday morning.');
  await page.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(page.getByText('Your enquiry was sent.')).toBeVisible();
  await page.getByRole('button', { name: 'Reserve this car' }).click();
  await page.getByRole('button', { name: 'Pay ₦500,000.00 deposit and reserve' }).click();
  await expect(page.getByText('You reserved this car.')).toBeVisible();
  await expect(page.getByText('Reserved', { exact: true })).toBeVisible();

  // The dealer sees the reservation and the enquiry on the car-dealer portal.
  await page.context().clearCookies();
  await page.goto(portal('car-dealer', '/car-dealer/bookings'));
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await signIn(page, 'dealer@example.com', DEMO_PASSWORD);
  await expect(page).toHaveURL(portal('car-dealer', '/car-dealer/bookings'));
  const row = page.getByRole('row', { name: new RegExp(buyer.email.replaceAll('.', '\\.')) });
  await expect(row.getByText('2019 Toyota Camry XSE')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Sale completed' })).toBeVisible();
  await checkA11y(page, page.getByRole('heading', { name: 'Reservations', exact: true }));
  await page.goto(portal('car-dealer', '/car-dealer/clients'));
  await expect(page.getByRole('row', { name: /Is the car still available\? I can come on Saturday morning/ })).toBeVisible();
  await checkA11y(page, page.getByRole('heading', { name: 'Enquiries', exact: true }));
  await page.goto(portal('car-dealer', '/car-dealer/offerings'));
  await expect(page.getByRole('row', { name: /2019 Toyota Camry XSE/ })).toContainText('Reserved');
  await checkA11y(page, page.getByRole('heading', { name: 'Cars for sale', exact: true }));
});

test('the dealer adds a branch on the dashboard, buyers see it on the car page, and the dealer removes it again', async ({ page }) => {
  test.setTimeout(90_000);
  const carId = await listCar('LE Branch');
  const name = `Yaba ${Date.now().toString(36)}`;
  await page.goto(portal('car-dealer', '/car-dealer'));
  await signIn(page, 'dealer@example.com', DEMO_PASSWORD);
  const card = page.getByRole('region', { name: 'Branches' });
  await expect(card.getByText('Ikeja', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Edit branches' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your branches' });
  await dialog.getByRole('button', { name: 'Add a branch' }).click();
  // An empty row is refused beside its fields.
  await dialog.getByRole('button', { name: 'Save branches' }).click();
  await expect(dialog.getByText('Name the branch')).toBeVisible();
  await expect(dialog.getByText('Where buyers find it')).toBeVisible();
  await checkA11y(page, dialog.getByRole('button', { name: 'Save branches' }));
  await dialog.getByLabel('Branch 4 name').fill(name);
  await dialog.getByLabel('Address').nth(3).fill('12 Herbert Macaulay Way, Yaba, Lagos');
  await dialog.getByRole('button', { name: 'Save branches' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText(name)).toBeVisible();

  const buyer = await page.context().browser()!.newPage();
  await buyer.goto(portal('user', `/cars/${carId}`));
  await expect(buyer.getByRole('region', { name: 'Branches' }).getByRole('listitem').filter({ hasText: name })).toContainText('12 Herbert Macaulay Way, Yaba, Lagos');
  await buyer.close();

  // Removing it leaves the demo dealer's branches as they were.
  await card.getByRole('button', { name: 'Edit branches' }).click();
  await dialog.getByRole('button', { name: 'Remove branch 4' }).click();
  await dialog.getByRole('button', { name: 'Save branches' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText(name)).toBeHidden();
  await expect(card.getByRole('listitem')).toHaveCount(3);
});
