import { expect, type Page } from '@playwright/test';
import { ymd } from './helpers';

/** Picks an airport in the flight search's autocomplete by typing a city and choosing the option with its code. */
export async function chooseAirport(page: Page, label: string, typed: string, code: string) {
  await page.getByRole('combobox', { name: label }).fill(typed);
  await page.getByRole('option', { name: new RegExp(`\\b${code}\\b`) }).first().click();
}

async function pick(page: Page, trigger: string, option: string) {
  await page.locator(trigger).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** On /booking/flight: a round trip for two adults from one city to another. */
export async function searchRoundTripForTwo(page: Page, from: [string, string], to: [string, string], out: Date, back: Date) {
  await chooseAirport(page, 'From', from[0], from[1]);
  await chooseAirport(page, 'To', to[0], to[1]);
  await page.getByLabel('Depart').fill(ymd(out));
  await page.getByLabel('Return').fill(ymd(back));
  await page.getByRole('button', { name: 'More adults' }).click();
  await page.getByRole('button', { name: 'Search flights' }).click();
}

export type Traveller = { title: 'Mr' | 'Ms'; given: string; family: string; born: string; gender: 'Female' | 'Male' };

/**
 * On the results: books the first offer the airline confirms for the travellers, paid from the wallet (the sandbox
 * sells some fares out at the last moment, refunded at once, so the next offer is tried). Ends on the confirmation.
 */
export async function bookFirstConfirmed(page: Page, travellers: readonly Traveller[], email: string, onReview?: () => Promise<void>) {
  const select = page.getByRole('region', { name: 'Flights found' }).getByRole('link', { name: /^Select / });
  await expect(select.first()).toBeVisible();
  const count = await select.count();
  for (let i = 0; i < count; i++) {
    await select.nth(i).click();
    await expect(page.getByRole('heading', { name: 'Review and book' })).toBeVisible();
    await onReview?.();
    for (const [p, t] of travellers.entries()) {
      await pick(page, `#p${p}-title`, t.title);
      await page.locator(`#p${p}-given`).fill(t.given);
      await page.locator(`#p${p}-family`).fill(t.family);
      await page.locator(`#p${p}-born`).fill(t.born);
      await pick(page, `#p${p}-gender`, t.gender);
    }
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('+2348012345678');
    await page.getByRole('button', { name: 'Pay from wallet' }).click();
    await expect(page).toHaveURL(/\/booking\/FlightDetails\?order=/);
    const outcome = page.getByRole('heading', { name: /^(Confirmed|Not booked)$/ });
    await expect(outcome).toBeVisible({ timeout: 20_000 });
    if ((await outcome.textContent()) === 'Confirmed') break;
    await page.goBack();
    await page.goBack();
  }
  await expect(page.getByRole('heading', { name: 'Confirmed' })).toBeVisible();
  await expect(page.getByTestId('booking-reference')).toHaveText(/^[A-Z0-9]{6}$/);
}
