import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

export const PASSWORD = 'Passw0rd!demo';

export function port(): number {
  const p = Number(process.env.SOJOURN_E2E_PORT);
  if (!p) throw new Error('SOJOURN_E2E_PORT is not set; run through playwright.config.ts.');
  return p;
}

/** Origin of a portal: the user portal on the apex, the others on their subdomain of localhost. */
export function portal(name: string, path = '/'): string {
  return `http://${name === 'user' ? '' : `${name}.`}localhost:${port()}${path}`;
}

export const api = (path: string) => `http://127.0.0.1:${port()}${path}`;

export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^Sign in/ }).click();
}

/** The newest development email to an address (GET /_dev/outbox), waiting for it to arrive. */
export async function latestMail(to: string, subject: RegExp): Promise<{ subject: string; body: string }> {
  let found: { subject: string; body: string } | undefined;
  await expect
    .poll(async () => {
      const res = await fetch(api(`/_dev/outbox?to=${encodeURIComponent(to)}`));
      const { data } = (await res.json()) as { data: { to: string; subject: string; body: string }[] };
      found = data.find((m) => m.to === to && subject.test(m.subject));
      return Boolean(found);
    }, { timeout: 15_000 })
    .toBe(true);
  return found!;
}

export function linkIn(body: string, path: string): string {
  const m = body.match(new RegExp(`https?://[^\\s"<>]+${path.replace('/', '\\/')}\\?token=[^\\s"<>]+`));
  if (!m) throw new Error(`No ${path} link in: ${body}`);
  return m[0];
}

export async function registerViaApi(username: string, email: string, password: string) {
  const res = await fetch(api('/api/auth/register'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, email, password }),
  });
  expect(res.status).toBe(201);
}

/** Confirms an address with the token of the verification email registering sent (gift cards need it). */
export async function verifyEmailViaApi(email: string) {
  const mail = await latestMail(email, /Confirm your email address/);
  const token = new URL(linkIn(mail.body, '/verification')).searchParams.get('token');
  const res = await fetch(api('/api/auth/verify-email'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  expect(res.status).toBe(200);
}

/** A tiny valid PNG (1x1). */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * axe at 375 and 1280 px on what `ready` belongs to (the whole page, or only `include`, e.g. a dialog): no serious or
 * critical findings under WCAG 2.1 A and AA. Leaves the page at 1280 px.
 */
export async function checkA11y(page: Page, ready: Locator, include?: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(ready).toBeVisible();
    let axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
    if (include) axe = axe.include(include);
    const results = await axe.analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} at ${width}px: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    expect(serious).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A fresh username and email (unique per run and call). */
export function newAccount(prefix: string) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return { username: `${prefix}_${id}`, email: `${prefix}.${id}@example.com` };
}

/** YYYY-MM-DD of a local date (what date inputs and the portals' addresses take). */
export const ymd = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** On the wallet page: activate the wallet and top it up through the server's Paystack sandbox checkout. */
export async function fundWallet(page: Page, naira: string, shown: string) {
  await page.getByRole('button', { name: 'Activate wallet' }).click();
  await expect(page.getByTestId('wallet-balance')).toHaveText('₦0.00');
  await page.getByRole('button', { name: 'Top up' }).click();
  await page.getByRole('dialog').getByLabel('Amount (NGN)').fill(naira);
  await page.getByRole('button', { name: `Pay ${shown}` }).click();
  await expect(page).toHaveURL(/\/_sandbox\/paystack\/checkout\//);
  await page.getByRole('button', { name: /payment succeeds/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to your wallet' }).click();
  await expect(page.getByTestId('wallet-balance')).toHaveText(shown);
}
