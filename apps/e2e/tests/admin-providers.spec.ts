import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, api, portal, registerViaApi, signIn, uniqueEmail } from './helpers';

/** Screenshots of the provider screens for review go here when SCREENSHOT_DIR is set. */
const SHOTS = process.env.SCREENSHOT_DIR;

async function check(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  // Contrast is judged on the settled page: the page fade-in finished and no row under the pointer.
  await page.mouse.move(0, 0);
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.effect?.getComputedTiming().iterations === Infinity || a.playState !== 'running'),
  );
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(serious, `${name} at ${width}px`).toEqual([]);
}

async function token(email: string, password = PASSWORD): Promise<string> {
  const res = await fetch(api('/api/auth/login'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function call(method: string, path: string, bearer: string, body?: unknown) {
  const res = await fetch(api(path), {
    method,
    headers: { Authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/**
 * A therapist of this test's own, with a licence waiting for a decision: registered, given the therapist role by
 * the admin API, and a profile saved with a licence number (which puts it in the verification queue).
 */
async function pendingTherapist(): Promise<{ username: string; licence: string; providerId: string }> {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const username = `lic_${tag}`;
  const email = uniqueEmail('licence');
  const password = 'calm harbour morning light';
  await registerViaApi(username, email, password);
  const admin = await token('admin@example.com');
  const found = await call('GET', `/api/v1/admin/users?q=${encodeURIComponent(username)}`, admin);
  const user = (found.json.data as { id: string; username: string }[]).find((u) => u.username === username);
  expect(user, 'the new account is listed').toBeTruthy();
  const granted = await call('PATCH', `/api/v1/admin/users/${user!.id}`, admin, { roles: ['therapist'], reason: 'End-to-end licence check' });
  expect(granted.status).toBe(200);
  const licence = `E2E-${tag.toUpperCase()}`;
  const saved = await call('PUT', '/api/v1/practice/profile?kind=therapist', await token(email, password), {
    headline: 'Counselling for anxiety and change',
    bio: 'Short-term counselling for people going through a move, a loss or a new job.',
    specialties: ['anxiety'],
    languages: ['English'],
    city: 'Lagos',
    country: 'NG',
    time_zone: 'Africa/Lagos',
    formats: [{ kind: 'video' }],
    licence_number: licence,
    issuing_body: 'Nigerian Association of Clinical Psychologists',
  });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  const profile = saved.json.data as { id: string; credentials: { verification: string } };
  expect(profile.credentials.verification).toBe('pending');
  return { username, licence, providerId: profile.id };
}

async function adminPage(page: Page, path: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(portal('admin', `/login?redirect=${encodeURIComponent(path)}`));
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(portal('admin', path));
}

test('an admin verifies a waiting licence from the therapist queue, then suspends and reinstates the therapist', async ({ page }) => {
  const t = await pendingTherapist();

  await adminPage(page, '/admin-dashboard/therapist', 1280);
  await expect(page.getByRole('heading', { name: 'Therapists', level: 1 })).toBeVisible();
  // The queue comes first and holds the new licence.
  const queue = page.getByRole('table', { name: 'Therapists with a licence waiting' });
  const row = queue.getByRole('row').filter({ hasText: t.username });
  await expect(row).toContainText('Licence waiting');
  await check(page, 'therapists');
  await row.getByRole('link', { name: new RegExp(t.username) }).click();

  await expect(page).toHaveURL(new RegExp(`/admin-dashboard/therapist/therapist-details\\?id=${t.providerId}`));
  await expect(page.getByRole('heading', { name: t.username, level: 1 })).toBeVisible();
  await expect(page.getByText(t.licence)).toBeVisible();
  await check(page, 'provider-details');

  // Rejecting needs a note the provider can act on; leaving it empty is refused beside the field.
  await page.getByRole('button', { name: 'Reject licence' }).click();
  const reject = page.getByRole('dialog', { name: `Reject ${t.username}'s licence?` });
  await reject.getByRole('button', { name: 'Reject licence' }).click();
  await expect(reject.getByText('Tell the provider what is wrong')).toBeVisible();
  await reject.getByRole('button', { name: 'Cancel' }).click();
  await expect(reject).toBeHidden();

  // Verifying asks first.
  await page.getByRole('button', { name: 'Verify licence' }).click();
  const verify = page.getByRole('dialog', { name: `Verify ${t.username}'s licence?` });
  await expect(verify).toContainText(t.licence);
  await verify.getByRole('button', { name: 'Verify licence' }).click();
  await expect(page.getByText(`${t.username}'s licence is verified.`)).toBeVisible();
  await expect(page.locator('#licence').getByText('Licence verified')).toBeVisible();
  await expect(page.locator('#licence')).toContainText('by Adaeze Nwosu');
  await expect(page.getByRole('button', { name: 'Verify licence' })).toHaveCount(0);

  // Suspend, confirmed, then reinstate.
  await page.getByRole('button', { name: 'Suspend', exact: true }).click();
  const suspend = page.getByRole('dialog', { name: `Suspend ${t.username}?` });
  await expect(suspend).toContainText('leaves the directory');
  // A reason is required: the provider reads it.
  await suspend.getByRole('button', { name: 'Suspend provider' }).click();
  await expect(suspend.getByText('Say why, in at least 3 characters')).toBeVisible();
  await suspend.getByLabel('Reason').fill('Checking two client reports about missed sessions.');
  await suspend.getByRole('button', { name: 'Suspend provider' }).click();
  await expect(page.getByText(`${t.username} is suspended.`)).toBeVisible();
  await expect(page.getByText('Reason given to the provider: “Checking two client reports about missed sessions.”')).toBeVisible();
  await expect(page.getByText('Suspended', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Reinstate', exact: true }).click();
  await page.getByRole('dialog', { name: `Reinstate ${t.username}?` }).getByRole('button', { name: 'Reinstate provider' }).click();
  await expect(page.getByText(`${t.username} is reinstated.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Suspend', exact: true })).toBeVisible();

  // The API agrees, and the licence left the queue.
  const admin = await token('admin@example.com');
  const after = await call('GET', `/api/v1/admin/providers/${t.providerId}`, admin);
  const data = after.json.data as { credentials: { verification: string }; suspended_at: string | null; suspension_reason: string };
  expect(data.credentials.verification).toBe('verified');
  expect(data.suspended_at).toBeNull();
  expect(data.suspension_reason).toBe('');
  await page.goto(portal('admin', '/admin-dashboard/therapist'));
  await expect(page.getByRole('table', { name: 'All therapists' }).getByRole('row').filter({ hasText: t.username })).toContainText('Licence verified');
  await expect(page.getByRole('table', { name: 'Therapists with a licence waiting' }).getByRole('row').filter({ hasText: t.username })).toHaveCount(0);
});

test('the provider list filters by kind, status and licence, and opens a provider', async ({ page }) => {
  const t = await pendingTherapist();
  await adminPage(page, '/admin-dashboard/providers', 1280);
  await expect(page.getByRole('heading', { name: 'Providers', level: 1 })).toBeVisible();
  await check(page, 'providers');
  await page.getByRole('button', { name: 'Life coaches' }).click();
  await expect(page).toHaveURL(/kind=coach/);
  await expect(page.getByRole('table', { name: 'Provider profiles' }).getByRole('row').filter({ hasText: 'Therapist' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Therapists' }).click();
  await page.getByLabel('Filter by licence').click();
  await page.getByRole('option', { name: 'Licence waiting' }).click();
  await expect(page).toHaveURL(/verification=pending/);
  await page.getByLabel('Search by headline, city or licence number').fill(t.licence);
  const row = page.getByRole('row').filter({ hasText: t.username });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('table', { name: 'Provider profiles' }).getByRole('row')).toHaveCount(2); // header and the one match

  // At 375 px the rows are stacked cards.
  await page.setViewportSize({ width: 375, height: 900 });
  await expect(page.getByRole('table')).toHaveCount(0);
  const card = page.getByRole('list', { name: 'Provider profiles' }).getByRole('listitem').filter({ hasText: t.username });
  await expect(card).toContainText('Licence waiting');
  await check(page, 'providers');
  await card.getByRole('link', { name: new RegExp(t.username) }).click();
  await expect(page.getByRole('heading', { name: t.username, level: 1 })).toBeVisible();
  await check(page, 'provider-details');
});

for (const width of [375, 1280]) {
  test(`the therapist, coach and review pages have no serious accessibility findings at ${width}px`, async ({ page }) => {
    await adminPage(page, '/admin-dashboard/lifeCoach', width);
    await expect(page.getByRole('heading', { name: 'Life coaches', level: 1 })).toBeVisible();
    await expect(page.getByText('Tunde Bakare').first()).toBeVisible();
    await check(page, 'coaches');

    await page.goto(portal('admin', '/admin-dashboard/therapist'));
    await expect(page.getByRole('heading', { name: /Licences waiting/ })).toBeVisible();
    await check(page, 'therapists');

    // The demo seeds a reported review; other specs may have decided on it, so this works with whichever reported
    // review is first, or with the empty queue. Removing asks first (cancelled here, leaving the data as it was).
    await page.goto(portal('admin', '/admin-dashboard/reviews'));
    await expect(page.getByRole('heading', { name: 'Reviews', level: 1 })).toBeVisible();
    const list = page.getByRole('list', { name: 'Reported reviews' });
    await expect(list.or(page.getByText('No reported reviews'))).toBeVisible();
    await check(page, 'reviews');
    if (await list.isVisible()) {
      const review = list.getByRole('article').first();
      const label = (await review.getAttribute('aria-label')) ?? '';
      const author = label.replace(/^Review by /, '');
      await expect(review).toContainText(/One report|\d+ reports/);
      await review.getByRole('button', { name: 'Remove' }).click();
      const confirm = page.getByRole('dialog', { name: `Remove ${author}'s review?` });
      await expect(confirm).toBeVisible();
      await check(page, 'review-remove-confirm');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();

      // The provider's page lists the same reported review for moderation.
      const provider = review.getByRole('link');
      const name = (await provider.textContent())?.trim() ?? '';
      await provider.click();
      await expect(page).toHaveURL(/\/admin-dashboard\/(lifeCoach\/coach|therapist\/therapist)-details\?id=/);
      await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Reported reviews' })).toContainText(author);
      await check(page, 'provider-reviews');
    }

    await page.goto(portal('admin', '/admin-dashboard'));
    await expect(page.getByText('Licences waiting')).toBeVisible();
  });
}
