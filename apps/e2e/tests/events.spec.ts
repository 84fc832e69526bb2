import { expect, test } from '@playwright/test';
import { PASSWORD as DEMO_PASSWORD, api, fundWallet, newAccount, portal, registerViaApi, signIn, verifyEmailViaApi } from './helpers';

const PASSWORD = 'two tickets to the festival';

async function bearer(email: string, password: string): Promise<string> {
  const res = await fetch(api('/api/auth/login'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/**
 * A fresh buyer pays two tickets to a fresh Sojourn event from the wallet and sees them with their QR codes; at the
 * admin's check-in page the first code (typed, as a door scanner's keyboard wedge would) is admitted, and the same
 * code again is refused. Signs in as the demo admin, so it runs in the flows lane.
 */
test('a user buys two tickets and one is checked in once', async ({ browser }) => {
  const admin = await bearer('admin@example.com', DEMO_PASSWORD);
  const start = new Date(Date.now() + 14 * 24 * 3600 * 1000);
  const title = `Harbour Lights Concert ${Date.now().toString(36)}`;
  const created = await fetch(api('/api/v1/admin/ticketing/events'), {
    method: 'POST',
    headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      title,
      description: 'An evening of highlife by the water.',
      category: 'music',
      venue: 'Tarkwa Bay Beach',
      city: 'Lagos',
      starts_at: start.toISOString(),
      ends_at: new Date(start.getTime() + 3 * 3600 * 1000).toISOString(),
      time_zone: 'Africa/Lagos',
      refund_days: 2,
      quotas: [{ name: 'Beach', size: 10 }],
      ticket_types: [{ name: 'Standing', quota: 'Beach', price: 100000, max_per_order: 4 }],
    }),
  });
  expect(created.status).toBe(201);
  const eventId = ((await created.json()) as { data: { id: string } }).data.id;

  const acct = newAccount('evt');
  await registerViaApi(acct.username, acct.email, PASSWORD);
  await verifyEmailViaApi(acct.email);
  const buyer = await (await browser.newContext()).newPage();
  await buyer.goto(portal('user', '/user-wallet'));
  await expect(buyer).toHaveURL(/\/login\?redirect=/);
  await signIn(buyer, acct.email, PASSWORD);
  await expect(buyer).toHaveURL(portal('user', '/user-wallet'));
  await fundWallet(buyer, '5000', '₦5,000.00');

  await buyer.goto(portal('user', `/events/${eventId}`));
  await expect(buyer.getByRole('heading', { name: title })).toBeVisible();
  await buyer.getByLabel('How many Standing').selectOption('2');
  await buyer.getByLabel('Attendee 1').fill('Ada Lovelace');
  await buyer.getByLabel('Attendee 2').fill('Grace Hopper');
  await buyer.getByRole('button', { name: /Hold seats/ }).click();
  await expect(buyer.getByText(/Seats held for \d+:\d\d/)).toBeVisible();
  await buyer.getByRole('button', { name: 'Pay with wallet' }).click();
  await expect(buyer.getByRole('heading', { name: 'You’re going!' })).toBeVisible();
  await buyer.getByRole('link', { name: 'See my tickets' }).click();

  const tickets = buyer.getByTestId('event-ticket').filter({ hasText: title });
  await expect(tickets).toHaveCount(2);
  await expect(tickets.first().getByRole('img', { name: /QR code of the ticket for/ })).toBeVisible();
  const code = (await tickets.first().getByTestId('ticket-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[\w-]+\.1\.[\w-]+$/);

  const door = await (await browser.newContext()).newPage();
  await door.goto(portal('admin', `/login?redirect=${encodeURIComponent(`/admin-dashboard/events/${eventId}/check-in`)}`));
  await signIn(door, 'admin@example.com', DEMO_PASSWORD);
  await expect(door.getByRole('heading', { name: 'Check-in' })).toBeVisible();
  await door.getByLabel('Type the code').fill(code);
  await door.getByRole('button', { name: 'Check in' }).click();
  await expect(door.getByTestId('scan-result')).toContainText('Admitted');
  await door.getByLabel('Type the code').fill(code);
  await door.getByRole('button', { name: 'Check in' }).click();
  await expect(door.getByTestId('scan-result')).toContainText('Already used');
  await expect(door.getByRole('list').getByText('Already used')).toBeVisible();
});
