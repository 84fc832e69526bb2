import { expect, test } from '@playwright/test';
import { bookFirstConfirmed, searchRoundTripForTwo } from './flight-steps';
import { checkA11y, fundWallet, newAccount, portal, registerViaApi, signIn, ymd } from './helpers';

const PASSWORD = 'wheels up over the lagoon';

test('a traveller searches Lagos to Accra, books a round trip for two adults from the wallet and sees the booking reference', async ({ page }) => {
  const me = newAccount('flyer');
  await registerViaApi(me.username, me.email, PASSWORD);
  await page.goto(portal('user', '/user-wallet'));
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await signIn(page, me.email, PASSWORD);
  await expect(page).toHaveURL(portal('user', '/user-wallet'));
  await fundWallet(page, '1000000', '₦1,000,000.00');

  const out = new Date();
  out.setDate(out.getDate() + 30 + Math.floor(Math.random() * 200));
  const back = new Date(out);
  back.setDate(back.getDate() + 7);
  await page.goto(portal('user', '/booking/flight'));
  await expect(page.getByRole('heading', { name: 'Book a flight', level: 1 })).toBeVisible();
  await searchRoundTripForTwo(page, ['Lagos', 'LOS'], ['Accra', 'ACC'], out, back);
  await expect(page).toHaveURL(new RegExp(`/booking/FlightResult\\?from=LOS&to=ACC&depart=${ymd(out)}&return=${ymd(back)}&adults=2`));

  const results = page.getByRole('region', { name: 'Flights found' });
  const select = results.getByRole('link', { name: /^Select / });
  await expect(select.first()).toBeVisible();
  await expect(page.getByText(/These fares hold for/)).toBeVisible();
  await checkA11y(page, select.first());
  // the search lives in the address: a reload shows the same flights
  const count = await select.count();
  await page.reload();
  await expect(select).toHaveCount(count);

  // Book: the first offer the airline confirms; its review page shows the outbound itinerary.
  await bookFirstConfirmed(
    page,
    [
      { title: 'Ms', given: 'Amina', family: 'Mensah', born: '1990-03-14', gender: 'Female' },
      { title: 'Mr', given: 'Kwame', family: 'Mensah', born: '1987-11-02', gender: 'Male' },
    ],
    me.email,
    () => expect(page.getByRole('region', { name: 'Outbound' })).toBeVisible(),
  );
  const stay = page.getByRole('link', { name: 'Book a stay in Accra' });
  await expect(stay).toHaveAttribute('href', new RegExp(`/booking/hotel\\?city=Accra&check_in=${ymd(out)}&check_out=${ymd(back)}&rooms=1&adults=2`));
  await checkA11y(page, page.getByTestId('booking-reference'));
  await page.getByRole('link', { name: 'My flights' }).click();
  await expect(page.getByRole('link', { name: 'Lagos to Accra' }).first()).toBeVisible();
});
