import { expect, test, type Page } from '@playwright/test';
import { portal, registerViaApi, signIn } from './helpers';

const PASSWORD = 'a quiet walk along the marina';

/**
 * Every Content-Security-Policy violation the page reports: Chromium logs each refused script, style, frame or
 * connection to the console (a blocked inline theme script would show here as "Refused to execute inline script").
 */
function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  return violations;
}

// Issue 8, finding 5: the portals run under a strict Content-Security-Policy (no inline script but the hashed theme
// script, Paystack only where it pays). A top-up walks the sandbox's checkout page and comes back; nothing is refused.
test('the user portal tops up through the sandbox checkout under its Content-Security-Policy without a violation', async ({ page }) => {
  const violations = watchCsp(page);
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `csp.${id}@example.com`;
  await registerViaApi(`csp_${id}`, email, PASSWORD);

  const res = await page.goto(portal('user', '/user-wallet'));
  const csp = res?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self' 'sha256-");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  await expect(page).toHaveURL(/\/login\?redirect=/);

  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(portal('user', '/user-wallet'));
  await page.getByRole('button', { name: 'Activate wallet' }).click();
  await expect(page.getByTestId('wallet-balance')).toHaveText('₦0.00');
  await page.getByRole('button', { name: 'Top up' }).click();
  await page.getByRole('dialog').getByLabel('Amount (NGN)').fill('5000');
  await page.getByRole('button', { name: 'Pay ₦5,000.00' }).click();
  await expect(page).toHaveURL(/\/_sandbox\/paystack\/checkout\//);
  await page.getByRole('button', { name: /payment succeeds/ }).click();
  await expect(page).toHaveURL(/\/payments\/callback\?/);
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to your wallet' }).click();
  await expect(page.getByTestId('wallet-balance')).toHaveText('₦5,000.00');

  // The admin portal (no Paystack) and a provider portal load their sign-in pages cleanly too.
  for (const [name, path] of [['admin', '/login'], ['vendor', '/login']] as const) {
    const r = await page.goto(portal(name, path));
    expect(r?.headers()['content-security-policy'] ?? '').toContain("frame-ancestors 'none'");
    await expect(page.getByLabel('Email')).toBeVisible();
  }
  expect(violations).toEqual([]);
});
