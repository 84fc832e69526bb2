import { expect, test } from '@playwright/test';
import { PASSWORD, api, portal, signIn } from './helpers';

/** A member tops up ₦15,000 through the sandbox checkout, so there is a paid card payment to refund. */
async function paidTopUp(): Promise<string> {
  const login = await fetch(api('/api/auth/login'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'user@example.com', password: PASSWORD }),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const auth = { Authorization: `Bearer ${access_token}` };
  await fetch(api('/api/v1/wallet'), { method: 'POST', headers: auth });
  const res = await fetch(api('/api/v1/wallet/topups'), {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json', 'Idempotency-Key': `e2e-topup-${Date.now()}` },
    body: JSON.stringify({ amount: 1_500_000 }),
  });
  expect(res.status).toBe(201);
  const { data } = (await res.json()) as { data: { reference: string; authorization_url: string } };
  const checkout = api(new URL(data.authorization_url).pathname);
  const paid = await fetch(checkout, { method: 'POST', body: new URLSearchParams({ outcome: 'success' }), redirect: 'manual' });
  expect(paid.status).toBe(302);
  return data.reference;
}

test('an admin adjusts a provider’s earnings and partly refunds a card payment, each confirmed and audit-logged', async ({ page }) => {
  const reference = await paidTopUp();
  const booking = `Booking ${Date.now().toString(36)}`;
  await page.goto(portal('admin', '/admin-dashboard/ledger'));
  await signIn(page, 'admin@example.com');

  await test.step('credit a therapist’s available earnings', async () => {
    await page.getByLabel('Find a user by email or username').fill('therapist@example.com');
    await page.getByRole('button', { name: 'Choose therapist@example.com' }).click();
    await page.getByLabel('Available earnings').check();
    await page.getByLabel('Amount (NGN)').fill('1,250');
    await page.getByRole('button', { name: 'Review adjustment' }).click();
    await expect(page.getByText('Give a reason of at least 3 characters; it is kept in the audit log.')).toBeVisible();
    await page.getByLabel('Reason').fill(`${booking} was paid outside the platform by mistake`);
    await page.getByRole('button', { name: 'Review adjustment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm the adjustment' });
    await expect(dialog).toContainText('+₦1,250.00');
    await dialog.getByRole('button', { name: 'Confirm adjustment' }).click();
    await expect(page.getByText(/Credited ₦1,250.00 \(SJ-ADJ-/)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: booking })).toContainText('+₦1,250.00');
  });

  await test.step('refund part of a card payment', async () => {
    await page.getByRole('link', { name: 'Payments' }).click();
    await page.getByLabel('Search by reference or payer email').fill(reference);
    const row = page.getByRole('row').filter({ hasText: reference });
    await expect(row).toContainText('₦15,000.00');
    await row.getByRole('button', { name: `Refund ${reference}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Part of it').check();
    await dialog.getByLabel('Amount to refund (NGN)').fill('20000');
    await dialog.getByLabel('Reason').fill('Member asked for part of the top-up back');
    await dialog.getByRole('button', { name: 'Review refund' }).click();
    await expect(dialog.getByText('At most ₦15,000.00 is left to refund.')).toBeVisible();
    await dialog.getByLabel('Amount to refund (NGN)').fill('5000');
    await dialog.getByRole('button', { name: 'Review refund' }).click();
    await dialog.getByRole('button', { name: 'Refund ₦5,000.00' }).click();
    await expect(page.getByText('Refund of ₦5,000.00 to user@example.com started.')).toBeVisible();
    await expect(row).toContainText('−₦5,000.00 refunded');
    await expect(row.getByText('Partly refunded')).toBeVisible();
  });

  await test.step('both are in the audit log', async () => {
    await page.getByRole('link', { name: 'Audit log' }).click();
    await expect(page.getByRole('row').filter({ hasText: 'Payment refund' }).first()).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Ledger adjustment' }).first()).toBeVisible();
  });
});
