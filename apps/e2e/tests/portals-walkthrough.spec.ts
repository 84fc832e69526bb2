import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, api, portal, registerViaApi, signIn, uniqueEmail } from './helpers';

/**
 * The portal walkthrough of issue 8: spec addresses, the 404 inside the portal frame, signed-in users on the sign-in
 * pages, role-specific copy, application data in the profile, money navigation and payout banks by country. Every
 * new or changed screen is looked at in a narrow and a wide window, with axe.
 */

const SHOTS = process.env.SOJOURN_SCREENSHOTS_DIR ?? '../../test-results/walkthrough';

async function serious(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Screenshot the screen at 375 and 1280 px and check it has no serious accessibility violation at either width. */
async function lookAt(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    expect(await serious(page), `${name} at ${width}px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function token(email: string, password = PASSWORD): Promise<string> {
  const res = await fetch(api('/api/auth/login'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

const sidebar = (page: Page) => page.getByRole('link', { name: 'Settings', exact: true }).first();

test.describe('spec addresses of the provider portals', () => {
  // The therapy and coach portals' spec addresses /therapy-app/profile and /coach-app/profile are their practice
  // profiles (issue 9); their account profile is /profile, reached from the account menu.
  const profiles: [string, string, string, string][] = [
    ['vendor', '/vendor-app/profile', 'vendor@example.com', 'Efua Mensah'],
    ['therapy', '/profile', 'therapist@example.com', 'Dr. Wanjiru Kamau'],
    ['coach', '/profile', 'coach@example.com', 'Tunde Bakare'],
    ['tour', '/tour-app/profile', 'guide@example.com', 'Sipho Ndlovu'],
    // The account is the person (Halima Yusuf runs Coastline Rentals; renters see the practice's business name).
    ['car-rental', '/car-rentals/profile', 'rental@example.com', 'Halima Yusuf'],
    ['car-dealer', '/car-dealer/profile', 'dealer@example.com', 'Ikenna Eze'],
  ];
  for (const [name, path, email, person] of profiles) {
    test(`${path} opens the ${name} portal's profile`, async ({ page }) => {
      await page.goto(portal(name, path));
      await expect(page).toHaveURL(/\/login\?redirect=/);
      await signIn(page, email);
      await expect(page).toHaveURL(portal(name, path));
      await expect(page.getByRole('heading', { name: person, level: 1 })).toBeVisible();
      // Where the sidebar leads to the practice (therapy, coach), the dealership's or the rental company's pages, the
      // account profile is in the account menu.
      if (name === 'therapy' || name === 'coach' || name === 'car-dealer' || name === 'car-rental') {
        await page.getByRole('button', { name: /^Account menu for / }).click();
        await expect(page.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', path);
        await page.keyboard.press('Escape');
      } else {
        await expect(page.getByRole('link', { name: 'Profile', exact: true }).first()).toHaveAttribute('href', path);
      }
      if (name === 'vendor' || name === 'tour') await lookAt(page, `profile-${name}`);
    });
  }
  for (const [name, path, email, label] of [
    ['therapy', '/therapy-app/profile', 'therapist@example.com', 'Practice profile'],
    ['coach', '/coach-app/profile', 'coach@example.com', 'Practice profile'],
  ] as const) {
    test(`${path} opens the ${name} portal's practice profile`, async ({ page }) => {
      await page.goto(portal(name, path));
      await signIn(page, email);
      await expect(page).toHaveURL(portal(name, path));
      await expect(page.getByRole('heading', { name: 'Practice profile', level: 1 })).toBeVisible();
      await expect(page.getByRole('link', { name: label, exact: true }).first()).toHaveAttribute('href', path);
    });
  }

  test('/vendor-app/profile/edit and /vendor-app/settings open the editor and the settings', async ({ page }) => {
    await page.goto(portal('vendor', '/vendor-app/profile/edit'));
    await signIn(page, 'vendor@example.com');
    await expect(page).toHaveURL(/\/vendor-app\/profile\?tab=edit$/);
    await expect(page.getByLabel('Display name')).toHaveValue('Efua Mensah');
    await page.goto(portal('vendor', '/vendor-app/settings'));
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await lookAt(page, 'settings-vendor');
  });
});

test('a mistyped address keeps a signed-in provider in the portal frame; signed out it stands alone', async ({ page }) => {
  await page.goto(portal('therapy', '/therapy-app/no-such-page'));
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(sidebar(page)).toHaveCount(0);

  await page.goto(portal('therapy', '/login'));
  await signIn(page, 'therapist@example.com');
  await expect(page).toHaveURL(portal('therapy', '/therapy-app/dashboard'));
  await page.goto(portal('therapy', '/therapy-app/no-such-page'));
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText('/therapy-app/no-such-page')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Earnings' }).first()).toBeVisible();
  await expect(page.getByRole('main')).toHaveCount(1);
  await lookAt(page, 'not-found-therapy');
});

test('signed-in people skip the sign-in and sign-up pages, and are greeted by display name', async ({ page }) => {
  await page.goto(portal('user', '/login'));
  await signIn(page, 'user@example.com');
  await expect(page).toHaveURL(portal('user', '/user-dashboard'));
  await expect(page.getByRole('heading', { name: 'Welcome, Amara Okafor', level: 1 })).toBeVisible();
  await expect(page.getByText('Welcome, amara.okafor')).toHaveCount(0);
  await lookAt(page, 'dashboard-user');

  for (const path of ['/login', '/register']) {
    await page.goto(portal('user', path));
    await expect(page).toHaveURL(portal('user', '/user-dashboard'));
  }
  // A sign-in link carrying where to go next goes there; one pointing elsewhere goes to the dashboard.
  await page.goto(portal('user', '/login?redirect=%2Fuser-wallet'));
  await expect(page).toHaveURL(portal('user', '/user-wallet'));
  await page.goto(portal('user', '/login?redirect=%2F%2Fevil.example'));
  await expect(page).toHaveURL(portal('user', '/user-dashboard'));

  // The portals do the same, each to its own dashboard.
  await page.goto(portal('coach', '/login'));
  await signIn(page, 'coach@example.com');
  await expect(page).toHaveURL(portal('coach', '/coach-app'));
  await page.goto(portal('coach', '/login'));
  await expect(page).toHaveURL(portal('coach', '/coach-app'));
  await expect(page.getByText('Signed in as Tunde Bakare')).toBeVisible();
});

test('every sentence fits the role reading it', async ({ page }) => {
  await test.step('a member’s wallet has no earnings panel', async () => {
    await page.goto(portal('user', '/login?redirect=%2Fuser-wallet'));
    await signIn(page, 'user@example.com');
    await expect(page.getByRole('heading', { name: 'Wallet', level: 1 })).toBeVisible();
    await expect(page.getByTestId('wallet-balance').or(page.getByRole('button', { name: 'Activate wallet' }))).toBeVisible();
    await expect(page.getByText(/sell or host/)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Earnings' })).toHaveCount(0);
    await lookAt(page, 'wallet-user');
  });

  await test.step('vendors and writers are not told about people they book with', async () => {
    // The vendor's home is the shop dashboard: orders, sales and stock, never people booked with.
    await page.goto(portal('vendor', `/login?redirect=${encodeURIComponent('/vendor-app/dashboard')}`));
    await signIn(page, 'vendor@example.com');
    await expect(page.getByRole('heading', { name: 'Orders to prepare' })).toBeVisible();
    await expect(page.getByText(/People you book with/)).toHaveCount(0);
    await expect(page.getByText(/hosts, guides and practitioners/)).toHaveCount(0);
    // The writer's home is the blog's writing desk: stories and how they are read, never people booked with.
    await page.goto(portal('writer', `/login?redirect=${encodeURIComponent('/blog-cms')}`));
    await signIn(page, 'writer@example.com');
    await expect(page.getByRole('heading', { name: 'Your writing desk', level: 1 })).toBeVisible();
    await expect(page.getByText(/how they are read/)).toBeVisible();
    await expect(page.getByText(/People you book with/)).toHaveCount(0);
    await expect(page.getByText(/hosts, guides and practitioners/)).toHaveCount(0);
    await lookAt(page, 'home-writer');
  });

  await test.step('tour and car earnings speak of their own customers', async () => {
    for (const [name, email, path, words] of [
      ['tour', 'guide@example.com', '/tour-app/earnings', 'When a traveller’s payment for a tour is released'],
      ['car-rental', 'rental@example.com', '/car-rentals/earnings', 'When a renter’s payment for a rental is released'],
      ['car-dealer', 'dealer@example.com', '/car-dealer/earnings', 'When a customer’s payment is released'],
    ] as const) {
      await page.goto(portal(name, `/login?redirect=${encodeURIComponent(path)}`));
      await signIn(page, email);
      await expect(page.getByRole('heading', { name: 'Earnings', level: 1 })).toBeVisible();
      // The empty history speaks of their own customers; once the demo data has paid them, the lines do.
      await expect(page.getByText(words).or(page.getByRole('table', { name: 'Earnings history' }).getByRole('row').nth(1))).toBeVisible();
      await expect(page.getByText(/buyer’s payment/)).toHaveCount(0);
    }
  });
});

test('what an application collected fills the profile once approved', async ({ page }) => {
  const email = uniqueEmail('amara.beach');
  const username = `amara_${Date.now().toString(36)}`;
  await registerViaApi(username, email, PASSWORD);
  const applicant = await token(email);
  const res = await fetch(api('/api/v1/role-applications'), {
    method: 'POST',
    headers: { Authorization: `Bearer ${applicant}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      role: 'vendor',
      details: { business_name: 'Amara Beach Goods', categories: ['beachwear'], about: 'Hand-dyed beach wraps, shipped from Lamu.' },
    }),
  });
  expect(res.status).toBe(201);
  const { data } = (await res.json()) as { data: { id: string } };
  const admin = await token('admin@example.com');
  const approved = await fetch(api(`/api/v1/admin/role-applications/${data.id}/approve`), { method: 'POST', headers: { Authorization: `Bearer ${admin}` } });
  expect(approved.status).toBe(200);

  await page.goto(portal('vendor', '/vendor-app/profile'));
  await signIn(page, email);
  await expect(page.getByText(/Profile \d+% complete/)).toBeVisible();
  await expect(page.getByRole('button', { name: '+ Business name' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '+ Bio' })).toHaveCount(0);
  await page.goto(portal('vendor', '/vendor-app/profile?tab=edit'));
  await expect(page.getByLabel('Business name')).toHaveValue('Amara Beach Goods');
  await lookAt(page, 'profile-approved-vendor');
});

test('every provider portal has Earnings and a distinct Wallet; a therapist in Kenya is paid in KES by Kenyan banks', async ({ page }) => {
  await page.goto(portal('therapy', '/login?redirect=%2Ftherapy-app%2Fearnings'));
  await signIn(page, 'therapist@example.com');
  await expect(page.getByRole('heading', { name: 'Earnings', level: 1 })).toBeVisible();
  const activate = page.getByRole('button', { name: 'Activate wallet' });
  await expect(page.getByText(/^Available .+ · minimum/).or(activate).first()).toBeVisible();
  if (await activate.isVisible()) {
    await activate.click();
    await expect(activate).toBeHidden();
  }
  // Amounts are in the Kenyan wallet's currency.
  await expect(page.getByText(/in KES\.$/)).toBeVisible();
  await expect(page.getByText(/^Available (Ksh|KES)\s?[\d,.]+ · minimum/)).toBeVisible();
  await lookAt(page, 'earnings-therapy');

  await page.getByRole('button', { name: /^(Add|Replace) bank account$/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Banks in Kenya, paid in KES');
  const bank = dialog.getByLabel('Bank', { exact: true });
  await expect(bank.locator('option', { hasText: 'Equity Bank' })).toHaveCount(1);
  await expect(bank.locator('option', { hasText: 'M-PESA' })).toHaveCount(1);
  await expect(bank.locator('option', { hasText: 'Guaranty Trust Bank' })).toHaveCount(0);
  await lookAt(page, 'earnings-therapy-bank-dialog');
  await bank.selectOption({ label: 'Equity Bank' });
  await dialog.getByLabel('Account number').fill('0180291234567');
  await dialog.getByLabel('Account name').fill('Wanjiru Kamau');
  await dialog.getByRole('button', { name: 'Save bank account' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('payout-account')).toContainText('Equity Bank ••••4567');

  // The wallet is what the therapist spends: no withdrawals there, a way to the earnings page instead.
  await page.getByRole('link', { name: 'Wallet', exact: true }).first().click();
  await expect(page).toHaveURL(portal('therapy', '/therapy-app/therapist-wallet'));
  await expect(page.getByRole('heading', { name: 'Wallet', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Top up' }).or(page.getByRole('button', { name: 'Activate wallet' }))).toBeVisible();
  await expect(page.getByRole('button', { name: 'Review withdrawal' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Earnings page' }).or(page.getByRole('button', { name: 'Activate wallet' }))).toBeVisible();
  await lookAt(page, 'wallet-therapy');
  await page.getByRole('link', { name: 'All transactions' }).click();
  await expect(page).toHaveURL(portal('therapy', '/therapy-app/therapist-wallet/transactions'));
  await expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeVisible();

  // The tour, car-rental and car-dealer portals have a Wallet entry too.
  for (const [name, email, path] of [
    ['tour', 'guide@example.com', '/tour-app/wallet'],
    ['car-rental', 'rental@example.com', '/car-rentals/wallet'],
    ['car-dealer', 'dealer@example.com', '/car-dealer/wallet'],
  ] as const) {
    await page.goto(portal(name, '/login'));
    await signIn(page, email);
    const link = page.getByRole('link', { name: 'Wallet', exact: true }).first();
    await expect(link).toHaveAttribute('href', path);
    await link.click();
    await expect(page.getByRole('heading', { name: 'Wallet', level: 1 })).toBeVisible();
  }
  await lookAt(page, 'wallet-car-dealer');
});
