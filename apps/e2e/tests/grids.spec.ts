import { expect, test } from '@playwright/test';
import { checkA11y, portal, signIn } from './helpers';

// The signed-in grid (/grids): one list across tours, rental cars, cars for sale and practitioners. Reads only.
test('the grid mixes the inventory, filters by kind, loads more and opens a card', async ({ page }) => {
  await page.goto(portal('user', '/grids'));
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await signIn(page, 'user@example.com');
  await expect(page.getByRole('heading', { name: 'Discover', level: 1 })).toBeVisible();

  const results = page.getByRole('region', { name: 'Results' });
  const cards = results.getByRole('listitem');
  await expect(cards).toHaveCount(12);
  // Every kind is on the first page.
  for (const badge of ['Tour', 'Rental car', 'Car for sale', 'Therapist', 'Life coach']) {
    await expect(results.getByText(badge, { exact: true }).first()).toBeVisible();
  }
  await checkA11y(page, results.getByRole('listitem').first());

  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(cards).toHaveCount(24);

  // One kind: cars for sale only, and the choice lives in the address.
  await page.getByRole('button', { name: 'Cars for sale', exact: true }).click();
  await expect(page).toHaveURL(/[?&]kind=car_for_sale/);
  await expect(page.getByRole('button', { name: 'Cars for sale', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(cards).toHaveCount(12);
  await expect(results.getByText('Car for sale', { exact: true })).toHaveCount(12);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(cards).toHaveCount(24);
  await expect(results.getByText('Car for sale', { exact: true })).toHaveCount(24);

  // A place: only Lagos cards.
  await page.getByLabel('Where').fill('Lagos');
  await page.getByLabel('Where').press('Enter');
  await expect(page).toHaveURL(/[?&]city=Lagos/);
  await expect(results.getByText('Lagos', { exact: true }).first()).toBeVisible();
  const places = await results.locator('li p:has(svg.lucide-map-pin)').allInnerTexts();
  expect(places.length).toBeGreaterThan(0);
  for (const p of places) expect(p.trim()).toMatch(/^Lagos/);

  // The card opens the car's own page.
  const first = results.getByRole('listitem').first().getByRole('heading', { level: 2 });
  const title = (await first.innerText()).trim();
  await first.getByRole('link').click();
  await expect(page).toHaveURL(/\/cars\/[0-9a-f-]{36}$/);
  const [, make] = title.split(' ');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(make!);
});
