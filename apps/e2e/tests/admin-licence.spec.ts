import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { deflateSync } from 'node:zlib';
import { PASSWORD, api, portal, registerViaApi, signIn, uniqueEmail } from './helpers';

/** Screenshots of the new admin screens for review go here when SCREENSHOT_DIR is set. */
const SHOTS = process.env.SCREENSHOT_DIR;

async function check(page: Page, name: string, scope?: Locator) {
  const width = page.viewportSize()?.width ?? 0;
  await page.mouse.move(0, 0);
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.effect?.getComputedTiming().iterations === Infinity || a.playState !== 'running'),
  );
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: !scope });
  let axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (scope) axe = axe.include('[role="dialog"]');
  const results = await axe.analyze();
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

async function call(method: string, path: string, bearer: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(api(path), {
    method,
    headers: { Authorization: `Bearer ${bearer}`, ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** A PNG of w×h pixels: a pale page with a coloured header band and two grey text lines, like a photographed certificate. */
function scanPng(w: number, h: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    raw[y * (w * 3 + 1)] = 0;
    for (let x = 0; x < w; x++) {
      const i = y * (w * 3 + 1) + 1 + x * 3;
      const band = y < h * 0.18;
      const line = (y > h * 0.45 && y < h * 0.5 && x > w * 0.15 && x < w * 0.85) || (y > h * 0.6 && y < h * 0.64 && x > w * 0.15 && x < w * 0.6);
      const [r, g, b] = band ? [11, 93, 59] : line ? [120, 120, 120] : [251, 248, 240];
      raw[i] = r;
      raw[i + 1] = g;
      raw[i + 2] = b;
    }
  }
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** A new account of this test's own with a provider role granted by the admin API. */
async function providerAccount(prefix: string, role: 'therapist' | 'coach') {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const username = `${prefix}_${tag}`;
  const email = uniqueEmail(prefix);
  const password = 'calm harbour morning light';
  await registerViaApi(username, email, password);
  const admin = await token('admin@example.com');
  const found = await call('GET', `/api/v1/admin/users?q=${encodeURIComponent(username)}`, admin);
  const user = (found.json.data as { id: string; username: string }[]).find((u) => u.username === username)!;
  expect(user, 'the new account is listed').toBeTruthy();
  const granted = await call('PATCH', `/api/v1/admin/users/${user.id}`, admin, { roles: [role], reason: 'End-to-end admin kernel check' });
  expect(granted.status).toBe(200);
  return { tag, username, email, password, userId: user.id };
}

const profileBody = (licence: string) => ({
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

/** A therapist with a licence waiting for a decision and one scan of it uploaded. */
async function therapistWithScan() {
  const acc = await providerAccount('scan', 'therapist');
  const licence = `NACP-${acc.tag.toUpperCase()}`;
  const own = await token(acc.email, acc.password);
  const saved = await call('PUT', '/api/v1/practice/profile?kind=therapist', own, profileBody(licence));
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(scanPng(900, 620))], { type: 'image/png' }), 'licence.png');
  const up = await fetch(api('/api/v1/practice/licence/documents?kind=therapist'), { method: 'POST', headers: { Authorization: `Bearer ${own}` }, body: form });
  expect(up.status).toBe(201);
  return { ...acc, licence, providerId: (saved.json.data as { id: string }).id };
}

/** A published, verified therapist open all week, and a client of this test's own who booked and paid from their wallet. */
async function paidBooking() {
  const acc = await providerAccount('bk', 'therapist');
  let own = await token(acc.email, acc.password);
  const saved = await call('PUT', '/api/v1/practice/profile?kind=therapist', own, profileBody(`NACP-${acc.tag.toUpperCase()}`));
  const providerId = (saved.json.data as { id: string }).id;
  const admin = await token('admin@example.com');
  expect((await call('POST', `/api/v1/admin/providers/${providerId}/verification`, admin, { decision: 'verified' })).status).toBe(200);
  const offering = await call('POST', '/api/v1/practice/offerings?kind=therapist', own, {
    title: 'Counselling session',
    format: 'video',
    duration_min: 50,
    price: { amount: 1500000, currency: 'NGN' },
    min_notice_min: 0,
    max_advance_days: 30,
  });
  expect(offering.status, JSON.stringify(offering.json)).toBe(201);
  const offeringId = (offering.json.data as { id: string }).id;
  const day = [{ start: '00:00', end: '24:00' }];
  const weekly = Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, day]));
  expect((await call('PUT', '/api/v1/practice/schedule?kind=therapist', own, { weekly })).status).toBe(200);
  own = await token(acc.email, acc.password);
  expect((await call('POST', '/api/v1/practice/profile/publish?kind=therapist', own)).status).toBe(200);

  const client = `cl_${acc.tag}`;
  const clientEmail = uniqueEmail('client');
  await registerViaApi(client, clientEmail, 'quiet river evening walk');
  const found = await call('GET', `/api/v1/admin/users?q=${encodeURIComponent(client)}`, admin);
  const clientId = (found.json.data as { id: string; username: string }[]).find((u) => u.username === client)!.id;
  const credit = await call('POST', '/api/v1/admin/ledger/adjustments', admin, { user_id: clientId, amount: 1500000, currency: 'NGN', reason: 'End-to-end test: money to book a session' }, { 'Idempotency-Key': `e2e-bk-${acc.tag}` });
  expect(credit.status, JSON.stringify(credit.json)).toBe(201);

  const ct = await token(clientEmail, 'quiet river evening walk');
  const from = new Date(Date.now() + 2 * 86400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 6 * 86400_000).toISOString().slice(0, 10);
  const slots = await call('GET', `/api/v1/offerings/${offeringId}/slots?from=${from}&to=${to}&tz=Africa/Lagos`, ct);
  const start = (slots.json.data as { slots: { start: string }[] }).slots[0]!.start;
  const held = await call('POST', '/api/v1/bookings/holds', ct, { offering_id: offeringId, start });
  expect(held.status, JSON.stringify(held.json)).toBe(201);
  const holdId = (held.json.data as { id: string }).id;
  const paid = await call('POST', '/api/v1/bookings', ct, { hold_id: holdId, pay_with: 'wallet' }, { 'Idempotency-Key': `e2e-pay-${acc.tag}` });
  expect(paid.status, JSON.stringify(paid.json)).toBe(201);
  return { ...acc, providerId, client, clientEmail, bookingId: holdId };
}

async function adminPage(page: Page, path: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(portal('admin', `/login?redirect=${encodeURIComponent(path)}`));
  await signIn(page, 'admin@example.com');
  await expect(page).toHaveURL(portal('admin', path));
}

test('an admin opens a therapist waiting for verification, looks at the licence scan full size (audited) and verifies', async ({ page }) => {
  const t = await therapistWithScan();
  await adminPage(page, '/admin-dashboard/therapist', 1280);
  const queue = page.getByRole('table', { name: 'Therapists with a licence waiting' });
  await queue.getByRole('row').filter({ hasText: t.username }).getByRole('link', { name: new RegExp(t.username) }).click();
  await expect(page.getByRole('heading', { name: t.username, level: 1 })).toBeVisible();

  // The scan sits beside the number, as a preview read with the admin's token.
  const licence = page.locator('#licence');
  await expect(licence).toContainText(t.licence);
  const preview = licence.getByRole('list', { name: 'Licence documents' }).getByRole('img', { name: 'Licence document 1 of 1' });
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await check(page, 'licence-review');

  // Full size in a dialog.
  await licence.getByRole('button', { name: 'Open licence document 1 of 1 full size' }).click();
  const full = page.getByRole('dialog', { name: 'Licence document 1 of 1' });
  await expect(full).toContainText('900 × 620 pixels');
  const big = full.getByRole('img', { name: 'Licence document 1 of 1' });
  await expect.poll(() => big.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(900);
  await check(page, 'licence-document-full', full);
  await page.keyboard.press('Escape');
  await expect(full).toBeHidden();

  // Verify, having seen the document.
  await licence.getByRole('button', { name: 'Verify licence' }).click();
  const verify = page.getByRole('dialog', { name: `Verify ${t.username}'s licence?` });
  await expect(verify).toContainText('with 1 document');
  await verify.getByRole('button', { name: 'Verify licence' }).click();
  await expect(page.getByText(`${t.username}'s licence is verified.`)).toBeVisible();
  await expect(licence.getByText('Licence verified')).toBeVisible();

  // Both reads are in the audit log; the document is nobody else's to read.
  const admin = await token('admin@example.com');
  const log = await call('GET', `/api/v1/admin/audit-log?action=provider.licence_document.read&target_id=${t.providerId}`, admin);
  expect((log.json.meta as { total: number }).total).toBeGreaterThanOrEqual(2);
  const detail = await call('GET', `/api/v1/admin/providers/${t.providerId}`, admin);
  const docId = (detail.json.data as { credentials: { documents: { id: string }[] } }).credentials.documents[0]!.id;
  expect((await fetch(api(`/api/v1/practice/licence/documents/${docId}/file`))).status).toBe(401);
  const other = await token('therapist@example.com');
  expect((await call('GET', `/api/v1/practice/licence/documents/${docId}/file`, other)).status).toBe(404);
  expect((await fetch(api(`/media/practice/${docId}.png`))).status).toBe(404);
});

test('an admin cancels a paid booking with a full refund from the therapist details page', async ({ page }) => {
  const b = await paidBooking();
  await adminPage(page, `/admin-dashboard/therapist/therapist-details?id=${b.providerId}`, 1280);
  await expect(page.getByRole('heading', { name: b.username, level: 1 })).toBeVisible();

  const bookings = page.locator('#bookings');
  const row = bookings.getByRole('row').filter({ hasText: b.client });
  await expect(row).toContainText('Confirmed');
  await expect(row).toContainText('₦15,000.00');
  await check(page, 'provider-bookings');
  await row.getByRole('button', { name: new RegExp(`Open the booking of ${b.client}`) }).click();
  await expect(page).toHaveURL(new RegExp(`booking=${b.bookingId}`));

  const dialog = page.getByRole('dialog', { name: 'Counselling session' });
  await expect(dialog).toContainText(b.clientEmail);
  await expect(dialog.getByRole('heading', { name: 'History' })).toBeVisible();
  await expect(dialog).toContainText('Held, not paid → Confirmed');
  await check(page, 'booking-detail', dialog);

  await dialog.getByRole('button', { name: 'Cancel and refund' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel and refund “Counselling session”?' });
  await expect(confirm).toContainText(`₦15,000.00 goes back to ${b.client}'s Sojourn wallet in full`);
  // The reason is required, beside its field.
  await confirm.getByRole('button', { name: 'Cancel and refund' }).click();
  await expect(confirm.getByText('Say why, in at least 3 characters')).toBeVisible();
  await check(page, 'booking-cancel-confirm', confirm);
  await confirm.getByLabel('Reason').fill('The therapist is unavailable that week after a family emergency.');
  await confirm.getByRole('button', { name: 'Cancel and refund' }).click();
  await expect(page.getByText('Booking cancelled; ₦15,000.00 refunded.')).toBeVisible();
  const after = page.getByRole('dialog', { name: 'Counselling session' });
  await expect(after.getByText('Cancelled by Sojourn', { exact: true })).toBeVisible();
  await expect(after).toContainText('The therapist is unavailable that week');
  await expect(after.getByRole('button', { name: 'Cancel and refund' })).toHaveCount(0);
  await after.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect(bookings.getByRole('row').filter({ hasText: b.client })).toContainText('Cancelled by Sojourn');

  // The money is back in the client's wallet; at 375 px the bookings are cards.
  const ct = await token(b.clientEmail, 'quiet river evening walk');
  const wallet = await call('GET', '/api/v1/wallet?currency=NGN', ct);
  expect((wallet.json.data as { balance: number | null }).balance).toBe(1500000);
  await page.setViewportSize({ width: 375, height: 900 });
  await expect(bookings.getByRole('list', { name: 'Bookings of this provider' }).getByRole('listitem').filter({ hasText: b.client })).toContainText('Cancelled by Sojourn');
  await check(page, 'provider-bookings');
});

test('at 375 px the licence review and the provider’s own licence documents have no serious accessibility findings', async ({ page, browser }) => {
  const t = await therapistWithScan();
  await adminPage(page, `/admin-dashboard/therapist/therapist-details?id=${t.providerId}`, 375);
  await expect(page.locator('#licence').getByRole('img', { name: 'Licence document 1 of 1' })).toBeVisible();
  await check(page, 'licence-review');

  // The therapist's own screen: the scan beside the licence number, removable while not verified.
  const ctx = await browser.newContext({ viewport: { width: 375, height: 900 } });
  const own = await ctx.newPage();
  await own.goto(portal('therapy', `/login?redirect=${encodeURIComponent('/therapy-app/profile/editProfile')}`));
  await signIn(own, t.email, t.password);
  const docs = own.getByRole('list', { name: 'Your licence documents' });
  await expect(docs.getByRole('button', { name: 'View Licence document 1 of 1 full size' })).toBeVisible();
  await expect(docs.getByRole('button', { name: 'Remove Licence document 1 of 1' })).toBeVisible();
  await check(own, 'own-licence-documents');
  await own.setViewportSize({ width: 1280, height: 900 });
  await check(own, 'own-licence-documents');
  await ctx.close();
});
