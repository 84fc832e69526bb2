import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { fundWallet, newAccount, portal, registerViaApi, signIn } from './helpers';

const PASSWORD = 'a long walk by the lagoon';
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

/** Sign in as a new user on a portal page (the login page sends them back to it). */
async function signInAt(page: Page, email: string, path: string, password = PASSWORD) {
  await page.goto(portal('user', path));
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await signIn(page, email, password);
  await expect(page).toHaveURL(portal('user', path));
}

/**
 * In the booking panel: choose the session, go `weeksAhead` weeks on (so the slot is well inside the free cancellation
 * window) and take the first free time, then hold it and go to the checkout.
 */
async function holdFirstSlot(page: Page, session: string, weeksAhead: number) {
  const panel = page.locator('#booking-panel');
  const choice = panel.getByRole('radio', { name: new RegExp(session) });
  await choice.click(); // the choice goes into the address (?offering=), then shows checked
  await expect(choice).toBeChecked();
  for (let i = 0; i < weeksAhead; i++) await panel.getByRole('button', { name: 'Next week' }).click();
  const times = panel.getByRole('group', { name: /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) / }).first().getByRole('button');
  await expect(times.first()).toBeVisible();
  await times.first().click();
  await expect(times.first()).toHaveAttribute('aria-pressed', 'true');
  await panel.getByRole('button', { name: /^Hold .* and continue$/ }).click();
  await expect(page).toHaveURL(/\/checkout\?booking=/);
  return new URL(page.url()).searchParams.get('booking')!;
}

test('a user finds a therapist, books and pays from the wallet, the therapist confirms, the user cancels in the free window and is refunded', async ({ page, browser }) => {
  const me = newAccount('wellness');
  await registerViaApi(me.username, me.email, PASSWORD);
  await signInAt(page, me.email, '/user-wallet');
  await fundWallet(page, '20000', '₦20,000.00');

  // Find: the directory, searched by a specialty, with the filters in the address.
  await page.goto(portal('user', '/user-therapy'));
  await expect(page.getByRole('heading', { name: 'Find a therapist', level: 1 })).toBeVisible();
  await page.getByLabel('Search').fill('postpartum');
  await expect(page).toHaveURL(/[?&]q=postpartum/);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Dr. Folake Adeyemi' }) });
  await expect(card).toBeVisible();
  await expect(card.getByText('Verified licence')).toBeVisible();
  await expect(card.getByText(/^Next free: /)).toBeVisible();
  await checkA11y(page, card);
  await card.getByRole('link', { name: /View Dr\. Folake Adeyemi's profile and book/ }).click();

  // The profile, its sessions and policy, and the booking panel in the viewer's time zone.
  await expect(page).toHaveURL(/\/user-therapy\/therapist-details\?id=/);
  await expect(page.getByRole('heading', { name: 'Dr. Folake Adeyemi', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'New parents support group' })).toBeVisible();
  await expect(page.getByText(/Times in your time zone: /)).toBeVisible();
  await checkA11y(page, page.getByRole('heading', { name: 'Book a session' }));
  const bookingId = await holdFirstSlot(page, 'New parents support group', 2);

  // Checkout: the hold's countdown, a required intake answer, the policy before paying, the wallet balance.
  await expect(page.getByRole('heading', { name: 'Check out', level: 1 })).toBeVisible();
  await expect(page.getByTestId('hold-countdown')).toHaveText(/^(10:00|9:[0-5]\d)$/);
  await expect(page.getByText('Free cancellation until 24 hours before the session starts. After that, 50% of the price is kept and the rest refunded.')).toBeVisible();
  await expect(page.getByTestId('checkout-balance')).toHaveText('Balance ₦20,000.00');
  await checkA11y(page, page.getByRole('button', { name: 'Pay ₦10,000.00 from wallet' }));
  await page.getByRole('button', { name: 'Pay ₦10,000.00 from wallet' }).click();
  await expect(page.getByText('Please answer this question.')).toBeVisible();
  await page.getByLabel(/What would you like to work on\?/).fill('Sleep and feeling alone since the baby came.');
  await page.getByRole('radio', { name: 'No' }).check();
  await page.getByRole('button', { name: 'Pay ₦10,000.00 from wallet' }).click();

  // The offering needs the therapist's confirmation: the request waits for her.
  await expect(page.getByRole('heading', { name: 'Request sent', level: 1 })).toBeVisible();
  await expect(page.getByText('Waiting for the provider', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('download', /\.ics$/);

  // The calendar lists it.
  await page.getByRole('link', { name: 'See it in your calendar' }).click();
  await expect(page).toHaveURL(new RegExp(`/user-calendar\\?booking=${bookingId}`));
  const detail = page.getByRole('dialog');
  await expect(detail.getByRole('heading', { name: 'New parents support group' })).toBeVisible();
  await detail.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('tab', { name: 'List' }).click();
  const row = page.getByRole('button', { name: /New parents support group.*Dr\. Folake Adeyemi/ });
  await expect(row).toContainText('Waiting for the provider');
  await checkA11y(page, row);

  // The therapist confirms the request on her dashboard (or on the full list of requests when the dashboard's short
  // list is already full of other people's requests).
  const therapist = await browser.newPage();
  await therapist.goto(portal('therapy', '/login?redirect=%2Ftherapy-app%2Fdashboard'));
  await signIn(therapist, 'folake.adeyemi@example.com', DEMO_PASSWORD);
  await expect(therapist).toHaveURL(portal('therapy', '/therapy-app/dashboard'));
  const waiting = therapist.getByRole('list', { name: 'Requests waiting for confirmation' });
  await expect(therapist.getByRole('heading', { name: 'Requests waiting for you' })).toBeVisible();
  const confirmMine = therapist.getByRole('button', { name: new RegExp(`^Confirm New parents support group with ${me.username}`) });
  await expect(waiting.or(therapist.getByText('No requests to answer'))).toBeVisible();
  if ((await waiting.getByRole('button', { name: new RegExp(`^Confirm New parents support group with ${me.username}`) }).count()) === 0) {
    await therapist.getByRole('link', { name: /^See all \d+/ }).click();
  }
  await confirmMine.click();
  await expect(therapist.getByText(new RegExp(`Confirmed\\. ${me.username} has been told\\.`))).toBeVisible();
  await therapist.close();

  // The user sees it confirmed, cancels inside the free window and is told the refund before confirming.
  await page.goto(portal('user', `/user-calendar?view=list&booking=${bookingId}`));
  await expect(detail.getByText('Confirmed', { exact: true })).toBeVisible();
  await detail.getByRole('button', { name: 'Cancel session' }).click();
  await expect(detail.getByTestId('refund-preview')).toHaveText('You get ₦10,000.00 back in your wallet: the full amount you paid.');
  await detail.getByRole('button', { name: 'Cancel the session' }).click();
  await expect(detail.getByText('Cancelled by you', { exact: true })).toBeVisible();
  await expect(detail.getByTestId('booking-refunded')).toHaveText('₦10,000.00');

  await page.goto(portal('user', '/user-wallet'));
  await expect(page.getByTestId('wallet-balance')).toHaveText('₦20,000.00');
  await expect(page.getByRole('region', { name: 'Recent transactions' })).toContainText(/Refund/);
});

test("a user books a coach's session and pays by card through the sandbox", async ({ page }) => {
  const me = newAccount('coachee');
  await registerViaApi(me.username, me.email, PASSWORD);
  await signInAt(page, me.email, '/user-coach');

  await expect(page.getByRole('heading', { name: 'Find a life coach', level: 1 })).toBeVisible();
  await page.getByLabel('Language').fill('Igbo');
  await page.getByLabel('Language').press('Enter');
  await expect(page).toHaveURL(/[?&]language=Igbo/);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Chiamaka Eze' }) });
  await card.getByRole('link', { name: /View Chiamaka Eze's profile and book/ }).click();
  await expect(page).toHaveURL(/\/user-coach\/coach-details\?id=/);
  await expect(page.getByRole('heading', { name: 'Chiamaka Eze', level: 1 })).toBeVisible();
  const bookingId = await holdFirstSlot(page, 'Career coaching session', 1);

  await expect(page).toHaveURL(/\/user-coach\/checkout\?booking=/);
  await page.getByLabel(/What would you like to work on\?/).fill('Moving from banking into product management.');
  // No activated wallet: card is the way to pay.
  await expect(page.getByText(/Your NGN wallet is not activated/)).toBeVisible();
  await page.getByRole('radio', { name: 'Card' }).check();
  await page.getByRole('button', { name: 'Pay ₦25,000.00 by card' }).click();
  await expect(page).toHaveURL(/\/_sandbox\/paystack\/checkout\//);
  await page.getByRole('button', { name: /payment succeeds/ }).click();
  await expect(page).toHaveURL(/\/payments\/callback\?/);
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue' }).click();

  await expect(page).toHaveURL(new RegExp(`/user-calendar\\?booking=${bookingId}`));
  const detail = page.getByRole('dialog');
  await expect(detail.getByRole('heading', { name: 'Career coaching session' })).toBeVisible();
  await expect(detail.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(detail.getByText('₦25,000.00 by card')).toBeVisible();

  // Inside the free window the session can be moved to another free time; the payment stays as it is.
  const before = await detail.getByRole('heading', { name: 'Career coaching session' }).locator('xpath=following-sibling::p').textContent();
  await detail.getByRole('button', { name: 'Reschedule' }).click();
  await expect(detail.getByRole('heading', { name: 'Move this session' })).toBeVisible();
  await detail.getByRole('button', { name: 'Next week' }).click();
  const slot = detail.getByRole('group', { name: /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) / }).first().getByRole('button').first();
  await slot.click();
  await detail.getByRole('button', { name: /^Move to / }).click();
  await expect(detail.getByRole('heading', { name: 'Career coaching session' })).toBeVisible();
  await expect(detail.getByRole('heading', { name: 'Career coaching session' }).locator('xpath=following-sibling::p')).not.toHaveText(before ?? '');
  await expect(detail.getByText('Confirmed', { exact: true })).toBeVisible();
});
