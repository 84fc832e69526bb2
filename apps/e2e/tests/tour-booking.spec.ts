import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { newAccount, portal, registerViaApi, signIn } from './helpers';

const PASSWORD = 'a long walk by the lagoon';

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

test('a traveller finds a shared tour in Lagos, books two seats of a departure with their names and pays from the wallet', async ({ page }) => {
  const me = newAccount('traveller');
  await registerViaApi(me.username, me.email, PASSWORD);
  await page.goto(portal('user', '/user-wallet'));
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await signIn(page, me.email, PASSWORD);
  await expect(page).toHaveURL(portal('user', '/user-wallet'));
  // Fund the wallet through the Paystack sandbox.
  await page.getByRole('button', { name: 'Activate wallet' }).click();
  await expect(page.getByTestId('wallet-balance')).toHaveText('₦0.00');
  await page.getByRole('button', { name: 'Top up' }).click();
  await page.getByRole('dialog').getByLabel('Amount (NGN)').fill('50000');
  await page.getByRole('button', { name: 'Pay ₦50,000.00' }).click();
  await page.getByRole('button', { name: /payment succeeds/ }).click();
  await page.getByRole('link', { name: 'Back to your wallet' }).click();
  await expect(page.getByTestId('wallet-balance')).toHaveText('₦50,000.00');

  // Search Lagos with two travellers.
  await page.goto(portal('user', '/booking/tour-guide'));
  await page.getByLabel('City').fill('Lagos');
  await page.getByLabel('Travellers').fill('2');
  await page.getByRole('button', { name: 'Search tours' }).click();
  await expect(page).toHaveURL(/city=Lagos/);
  const result = page.getByRole('link', { name: /Lagos Island history walk/ });
  await checkA11y(page, result);
  await result.click();

  // The tour page: itinerary, meeting point, departures.
  await expect(page.getByRole('heading', { name: 'Lagos Island history walk', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Itinerary' })).toBeVisible();
  await expect(page.getByRole('img', { name: /Meeting point: Tinubu Square/ })).toBeVisible();
  await checkA11y(page, page.getByRole('link', { name: 'Book this tour' }));
  // The second address shows the same page.
  const id = new URL(page.url()).searchParams.get('id')!;
  await page.goto(portal('user', `/booking/tour-guide/tourdetails?id=${id}`));
  await expect(page.getByRole('heading', { name: 'Lagos Island history walk', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Book this tour' }).click();

  // Book: a later departure (inside the free cancellation window), two travellers with names.
  await expect(page).toHaveURL(/\/booking\/tour-guide\/OfferingDetails\?id=/);
  const departure = page.getByLabel('Departure');
  await expect(departure).toBeVisible();
  const options = departure.locator('option');
  await departure.selectOption({ index: Math.min(5, (await options.count()) - 1) });
  await page.getByLabel('Travellers', { exact: true }).fill('2');
  await page.getByLabel('Traveller 1').fill('Amaka Obi');
  await page.getByLabel('Traveller 2').fill('Tunde Obi');
  await expect(page.getByText('₦30,000.00').first()).toBeVisible();
  await checkA11y(page, page.getByRole('button', { name: 'Pay ₦30,000.00' }));
  await page.getByRole('button', { name: 'Pay ₦30,000.00' }).click();

  await expect(page.getByRole('heading', { name: 'You are booked' })).toBeVisible();
  await expect(page.getByText(/for 2 travellers \(Amaka Obi, Tunde Obi\)/)).toBeVisible();
  await checkA11y(page, page.getByRole('link', { name: 'See it in your calendar' }));
});
