import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, PNG_1PX, api, portal, registerViaApi, signIn, uniqueEmail } from './helpers';

/** Screenshots of the admin screens for review go here when SCREENSHOT_DIR is set. */
const SHOTS = process.env.SCREENSHOT_DIR;

async function check(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(serious, `${name} at ${width}px`).toEqual([]);
}

async function token(email: string, password = PASSWORD): Promise<string> {
  const res = await fetch(api('/api/auth/login'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function adminPage(page: Page, path: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(portal('admin', `/login?redirect=${encodeURIComponent(path)}`));
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(portal('admin', path));
}

test('the audit log names people and products, formats money and filters by event type and person', async ({ page }) => {
  await adminPage(page, '/admin-dashboard/audit-log', 1280);
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  // The demo goodwill credit: Amara by name, the admin as actor, the amount in naira.
  const credit = page.getByRole('row').filter({ hasText: 'Goodwill credit' });
  await expect(credit).toContainText('Amara Okafor');
  await expect(credit).toContainText('Amount: ₦15,000.00');
  await check(page, 'audit-log');
  // A gift-card product by name, its limits as money, never minor units (the demo's provider decisions come later
  // and fill the first page, so the product is found through the event filter).
  await page.getByLabel('Event type').click();
  await page.getByRole('option', { name: 'Gift-card product created' }).click();
  await expect(page).toHaveURL(/action=gift_card_product\.create/);
  const product = page.getByRole('row').filter({ hasText: 'Gift-card product created' }).filter({ hasText: 'Wellness Retreat' });
  await expect(product).toContainText('Max amount: ₦200,000.00');
  await expect(page.getByText('20000000')).toHaveCount(0);

  await page.getByLabel('Event type').click();
  await page.getByRole('option', { name: 'Account suspended' }).click();
  await expect(page).toHaveURL(/action=user\.suspend/);
  await expect(page.getByRole('row').filter({ hasText: 'Account suspended' })).toContainText('Plagiarism report');
  await expect(page.getByRole('row').filter({ hasText: 'Ledger adjustment' })).toHaveCount(0);

  await page.getByLabel('Event type').click();
  await page.getByRole('option', { name: 'Every event' }).click();
  await page.getByLabel('Person').fill('user@example.com');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByText('Entries made by or about')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Goodwill credit' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Plagiarism report' })).toHaveCount(0);

  await page.setViewportSize({ width: 375, height: 900 });
  await page.getByRole('button', { name: 'Everyone' }).click();
  // At 375 px the log is a list of cards, every field readable without scrolling sideways.
  await expect(page.getByRole('table')).toHaveCount(0);
  const card = page.getByRole('list', { name: 'Audit log' }).locator(':scope > li').filter({ hasText: 'Goodwill credit' });
  await expect(card).toContainText('₦15,000.00');
  await expect(card).toBeInViewport({ ratio: 0.1 }).catch(() => undefined);
  const box = await card.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(375);
  await check(page, 'audit-log');
});

test('users open a detail page with sessions, wallet, applications and audit, and role changes are confirmed', async ({ page }) => {
  await adminPage(page, '/admin-dashboard/userss', 1280);
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await page.getByLabel('Search by email or username').fill('user@example.com');
  await expect(page).toHaveURL(/q=user%40example\.com/); // the search has settled before the row is opened
  await page.getByRole('row').filter({ hasText: 'user@example.com' }).getByRole('link', { name: /Amara Okafor/ }).click();
  await expect(page).toHaveURL(/\/admin-dashboard\/userDetails\?id=/);
  await expect(page.getByRole('heading', { name: 'Amara Okafor', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sessions' })).toBeVisible();
  await expect(page.getByText(/signed-in devices?\./)).toBeVisible();
  await expect(page.getByText('Balance', { exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recent transactions' })).toContainText('₦15,000.00');
  await expect(page.getByRole('heading', { name: 'Role applications' })).toBeVisible();
  await expect(page.getByText('Writer')).toBeVisible();
  await expect(page.getByText('Ledger adjustment', { exact: true }).first()).toBeVisible();
  await check(page, 'user-details');

  // Grant a role, confirmed in a dialog, then remove it again.
  await page.getByLabel('Grant a role').click();
  await page.getByRole('option', { name: 'Affiliate' }).click();
  await page.getByRole('button', { name: 'Grant…' }).click();
  const grant = page.getByRole('dialog', { name: 'Make Amara Okafor affiliate?' });
  await grant.getByLabel('Reason (optional)').fill('Partner programme pilot');
  await grant.getByRole('button', { name: 'Grant role' }).click();
  await expect(page.getByText('Amara Okafor is now affiliate.')).toBeVisible();
  await page.getByRole('button', { name: 'Remove Affiliate' }).click();
  await page.getByRole('dialog', { name: 'Remove affiliate from Amara Okafor?' }).getByRole('button', { name: 'Remove role' }).click();
  await expect(page.getByText('Amara Okafor is no longer affiliate.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove Affiliate' })).toHaveCount(0);
  // axe measures contrast mid-fade while a toast animates: check once the notices are gone.
  await expect(page.getByText('Amara Okafor is no longer affiliate.')).toBeHidden({ timeout: 15_000 });

  await page.setViewportSize({ width: 375, height: 900 });
  await expect(page.getByRole('heading', { name: 'Amara Okafor', level: 1 })).toBeVisible();
  await check(page, 'user-details');
});

test('an admin suspends and reinstates from the user detail page', async ({ page }) => {
  const email = uniqueEmail('detail');
  const username = `detail_${Date.now().toString(36)}`;
  await registerViaApi(username, email, 'a very ordinary passphrase');
  await adminPage(page, '/admin-dashboard/users', 375);
  await page.getByLabel('Search by email or username').fill(username);
  await expect(page).toHaveURL(new RegExp(`q=${username}`));
  // At 375 px users are cards: name, status and the action all visible.
  const card = page.getByRole('list', { name: 'Users' }).getByRole('listitem').filter({ hasText: email });
  await expect(card).toHaveCount(1);
  await expect(card.getByText('Active')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Suspend' })).toBeVisible();
  await check(page, 'users');
  await card.getByRole('link', { name: new RegExp(username) }).click();
  await expect(page.getByRole('heading', { name: username, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Suspend' }).click();
  await page.getByLabel('Reason').fill('Reported for spam messages.');
  await page.getByRole('button', { name: 'Suspend account' }).click();
  await expect(page.getByText(`${username} is suspended and has been signed out.`)).toBeVisible();
  await expect(page.getByText('“Reported for spam messages.”').first()).toBeVisible();
  await page.getByRole('button', { name: 'Reinstate' }).click();
  await page.getByRole('button', { name: 'Reinstate account' }).click();
  await expect(page.getByText(`${username} is reinstated.`)).toBeVisible();
  await expect(page.getByText('Account reinstated')).toBeVisible();
});

test('an application’s details carry Approve and Reject, and approving asks first', async ({ page }) => {
  const email = uniqueEmail('guide');
  const username = `guide_${Date.now().toString(36)}`;
  await registerViaApi(username, email, 'wide open savannah skies');
  const res = await fetch(api('/api/v1/role-applications'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await token(email, 'wide open savannah skies')}` },
    body: JSON.stringify({ role: 'writer', details: { motivation: 'Ten years of field notes from the Serengeti.' } }),
  });
  expect(res.status).toBe(201);
  await adminPage(page, '/admin-dashboard/applications', 375);
  const card = page.getByRole('list', { name: 'pending role applications' }).getByRole('listitem').filter({ hasText: username });
  await expect(card.getByRole('button', { name: 'Approve' })).toBeVisible();
  await check(page, 'applications');
  await card.getByRole('button', { name: 'View details' }).click();
  const details = page.getByRole('dialog', { name: new RegExp(username) });
  await expect(details.getByText('Ten years of field notes from the Serengeti.')).toBeVisible();
  await expect(details.getByRole('button', { name: 'Reject' })).toBeVisible();
  await details.getByRole('button', { name: 'Approve' }).click();
  const confirm = page.getByRole('dialog', { name: `Approve ${username} as writer?` });
  await expect(confirm).toBeVisible();
  await check(page, 'approve-confirm');
  await confirm.getByRole('button', { name: 'Approve application' }).click();
  await expect(page.getByText(`${username} is now a writer.`)).toBeVisible();
});

test('contact messages arrive in the support console as tickets', async ({ page }) => {
  const subject = `Lost luggage ${Date.now().toString(36)}`;
  const sent = await fetch(api('/api/v1/contact'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.40' },
    body: JSON.stringify({ name: 'Bola Ade', email: 'bola@example.com', subject, message: 'My bag did not arrive in Accra. Can the tour guide help?' }),
  });
  expect(sent.status).toBe(201);
  await adminPage(page, '/admin-dashboard/support', 1280);
  await expect(page.getByRole('heading', { name: 'Support', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /Group booking for twelve/ })).toBeVisible();
  await check(page, 'support');
  await page.getByLabel('Search').fill(subject);
  // The search applies after a pause: wait for it, so the click is not undone by it.
  await expect(page).toHaveURL(/q=Lost/);
  await page.getByRole('link', { name: new RegExp(subject) }).click();
  await expect(page.getByRole('heading', { name: subject })).toBeVisible();
  await expect(page.getByText('My bag did not arrive in Accra. Can the tour guide help?')).toBeVisible();
  await expect(page.getByText(/bola@example.com/)).toBeVisible();
  await check(page, 'support-ticket');
  await page.setViewportSize({ width: 375, height: 900 });
  await check(page, 'support-ticket');
});

test('the overview shows the money figures', async ({ page }) => {
  await adminPage(page, '/admin-dashboard', 1280);
  await expect(page.getByRole('heading', { name: 'Money' })).toBeVisible();
  for (const label of ['Wallet top-ups', 'Payouts', 'Gift cards sold', 'Gift-card liability', 'Owed to travel suppliers']) {
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByText(/this month \(\d+\)/).first()).toBeVisible();
  await check(page, 'overview');
  await page.setViewportSize({ width: 375, height: 900 });
  await check(page, 'overview');
});

test('a new admin’s first sign-in walks them through name and photo; profile and settings open', async ({ page }) => {
  const email = uniqueEmail('newadmin');
  const username = `newadmin_${Date.now().toString(36)}`;
  const password = 'quiet harbour lanterns';
  await registerViaApi(username, email, password);
  const boss = await token('admin@example.com');
  const users = (await (await fetch(api(`/api/v1/admin/users?q=${username}`), { headers: { Authorization: `Bearer ${boss}` } })).json()) as { data: { id: string }[] };
  const made = await fetch(api(`/api/v1/admin/users/${users.data[0]!.id}`), {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${boss}` },
    body: JSON.stringify({ roles: ['admin'], reason: 'Joined the trust and safety team' }),
  });
  expect(made.status).toBe(200);

  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto(portal('admin', '/login'));
  await signIn(page, email, password);
  await expect(page).toHaveURL(portal('admin', '/admin-onboarding/one'));
  await expect(page.getByRole('heading', { name: 'Welcome to the Sojourn team' })).toBeVisible();
  await check(page, 'onboarding-one');
  await page.getByLabel('Your name').fill('Tolu Bankole');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(portal('admin', '/admin-onboarding/photoUpload'));
  await expect(page.getByRole('heading', { name: 'Add a photo' })).toBeVisible();
  await check(page, 'onboarding-photo');
  await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1PX });
  await page.getByRole('button', { name: 'Upload and continue' }).click();

  await expect(page).toHaveURL(portal('admin', '/admin-onboarding/photoUploadTwo'));
  await expect(page.getByRole('heading', { name: "You're all set" })).toBeVisible();
  await expect(page.getByText('Tolu Bankole', { exact: true })).toBeVisible();
  await expect(page.getByText('No photo yet.')).toHaveCount(0);
  await check(page, 'onboarding-done');
  await page.setViewportSize({ width: 1280, height: 900 });
  await check(page, 'onboarding-done');
  await page.getByRole('link', { name: 'Go to the overview' }).click();
  // With a name, the overview stays.
  await expect(page).toHaveURL(portal('admin', '/admin-dashboard'));
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();

  await page.goto(portal('admin', '/admin-profile'));
  await expect(page.getByRole('heading', { name: 'Tolu Bankole', level: 1 })).toBeVisible();
  await page.goto(portal('admin', '/admin-settings'));
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
});

test('money tables at 375 px are cards showing the amount, the status and the actions', async ({ page }) => {
  await adminPage(page, '/admin-dashboard/gift-cards', 375);
  const cards = page.getByRole('list', { name: 'Gift-card products' }).locator(':scope > li');
  await expect(cards.filter({ hasText: 'Wellness Retreat' })).toContainText('₦5,000.00');
  await expect(cards.filter({ hasText: 'Wellness Retreat' }).getByText('On sale')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await check(page, 'gift-cards');
  await page.goto(portal('admin', '/admin-dashboard/ledger'));
  const adjustments = page.getByRole('list', { name: 'Recent adjustments' }).locator(':scope > li');
  await expect(adjustments.filter({ hasText: 'Goodwill credit' })).toContainText('₦15,000.00');
  await check(page, 'ledger');
  await page.goto(portal('admin', '/admin-dashboard/payments'));
  await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await check(page, 'payments');
});

test('travel bookings show each supplier booking with its cost and margin, and the totals of those shown', async ({ page }) => {
  await adminPage(page, '/admin-dashboard/travel-bookings', 1280);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(portal('admin', '/admin-dashboard/travel-bookings'));
    await expect(page.getByRole('heading', { name: 'Travel bookings' })).toBeVisible();
    // The seed's two flight orders for user@example.com, each with a booking reference; the totals add up.
    await expect(page.getByText('LOS → ACC').first()).toBeVisible();
    await expect(page.getByText('user@example.com').first()).toBeVisible();
    const money = async (id: string) => Number(((await page.getByTestId(id).first().textContent()) ?? '').replace(/[^\d.]/g, ''));
    const [price, cost, margin] = [await money('total-price'), await money('total-cost'), await money('total-margin')];
    expect(margin).toBeGreaterThan(0);
    expect(Math.round((cost + margin) * 100)).toBe(Math.round(price * 100));
    await check(page, 'travel-flights');
    await page.getByRole('tab', { name: 'Hotels' }).click();
    await expect(page).toHaveURL(/tab=hotels/);
    await expect(page.getByText('Jamestown Lighthouse Inn').first()).toBeVisible();
    await check(page, 'travel-hotels');
    // A status with no stays is an empty list, not an error.
    await page.getByLabel('Filter by status').click();
    await page.getByRole('option', { name: 'Failed, refunded' }).click();
    await expect(page.getByText('No hotel stays')).toBeVisible();
  }
});
