import { expect, test } from '@playwright/test';
import { bookFirstConfirmed, searchRoundTripForTwo } from './flight-steps';
import { checkA11y, fundWallet, newAccount, portal, registerViaApi, signIn, ymd } from './helpers';

const PASSWORD = 'one trip, three bookings';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "HH:MM" an hour before hh:mm, never before midnight. */
function hourBefore(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const total = Math.max(0, h * 60 + m - 60);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

// The journey of the travel issue: a round trip Lagos to Accra for two paid from the wallet, a hotel in Accra for those
// dates booked from the flight's confirmation, both in one trip with no conflict; then a car picked up after landing,
// moved to before the landing, and the trip warns.
test('a traveller flies Lagos to Accra, books a hotel and a car from the confirmation, and the trip warns when the pick-up is before landing', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const me = newAccount('journey');
  await registerViaApi(me.username, me.email, PASSWORD);
  await page.goto(portal('user', '/user-wallet'));
  await signIn(page, me.email, PASSWORD);
  await expect(page).toHaveURL(portal('user', '/user-wallet'));
  await fundWallet(page, '1000000', '₦1,000,000.00');
  // A second top-up (one is at most ₦1,000,000): flights, a hotel and a car with its deposit.
  await page.getByRole('button', { name: 'Top up' }).click();
  await page.getByRole('dialog').getByLabel('Amount (NGN)').fill('1000000');
  await page.getByRole('button', { name: 'Pay ₦1,000,000.00' }).click();
  await page.getByRole('button', { name: /payment succeeds/ }).click();
  await page.getByRole('link', { name: 'Back to your wallet' }).click();
  await expect(page.getByTestId('wallet-balance')).toHaveText('₦2,000,000.00');

  const out = new Date();
  out.setDate(out.getDate() + 30 + Math.floor(Math.random() * 250));
  const back = new Date(out);
  back.setDate(back.getDate() + 4);

  // The flights: LOS to ACC and back, two adults.
  await page.goto(portal('user', '/booking/flight'));
  await searchRoundTripForTwo(page, ['Lagos', 'LOS'], ['Accra', 'ACC'], out, back);
  await bookFirstConfirmed(
    page,
    [
      { title: 'Ms', given: 'Efua', family: 'Boateng', born: '1991-06-21', gender: 'Female' },
      { title: 'Mr', given: 'Kojo', family: 'Boateng', born: '1989-01-30', gender: 'Male' },
    ],
    me.email,
  );
  const flightURL = page.url();

  // A hotel in Accra for those dates, from the confirmation: the search arrives filled in.
  await page.getByRole('link', { name: 'Book a stay in Accra' }).click();
  await expect(page).toHaveURL(new RegExp(`/booking/hotel\\?city=Accra&check_in=${ymd(out)}&check_out=${ymd(back)}&rooms=1&adults=2&trip=`));
  await expect(page.getByRole('heading', { name: 'Hotels in Accra', level: 1 })).toBeVisible();
  const hotel = page.getByRole('region', { name: 'Hotels' }).getByRole('article').first();
  const name = (await hotel.getByRole('heading', { level: 2 }).textContent())?.trim() ?? '';
  await hotel.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const reserve = page.getByRole('button', { name: /^Reserve / });
  const panel = page.getByRole('region', { name: /^Book / });
  for (let i = 0; i < 4 && !(await panel.isVisible()); i++) {
    await reserve.nth(i).click();
    await expect(panel.or(page.getByText('That room was just taken'))).toBeVisible();
  }
  await panel.getByLabel('Given name').fill('Efua');
  await panel.getByLabel('Family name').fill('Boateng');
  await panel.getByRole('button', { name: /from wallet$/ }).click();
  await expect(page.getByRole('heading', { name: /Your stay is booked/ })).toBeVisible();

  // One trip holds both, with nothing to check.
  await page.getByRole('link', { name: 'See your trip' }).click();
  await expect(page).toHaveURL(/\/booking\/trips\/[^/?]+$/);
  const tripURL = page.url();
  const timeline = page.getByRole('list', { name: 'Timeline' });
  const flight = timeline.getByTestId('trip-item-flight');
  await expect(flight).toBeVisible();
  await expect(timeline.getByTestId('trip-item-stay')).toContainText(name);
  await expect(page.getByText('No conflicts between these bookings.')).toBeVisible();
  await checkA11y(page, timeline);
  // The landing in Accra, in Accra's time ("LOS Thu 10 Dec, 07:00 → ACC Thu 10 Dec, 08:05").
  const [, landDay, landMonth, landing] = (await flight.textContent())!.match(/→ ACC [A-Z][a-z]{2} (\d{1,2}) ([A-Z][a-z]{2}), (\d{2}:\d{2})/)!;
  const landed = new Date(out.getFullYear(), MONTHS.indexOf(landMonth!), Number(landDay));
  if (landed < new Date(out.getFullYear(), out.getMonth(), out.getDate())) landed.setFullYear(landed.getFullYear() + 1); // the year turned on the way

  // A car from the flight's confirmation: picked up after landing, back before the flight home.
  await page.goto(flightURL);
  await page.getByRole('link', { name: 'Rent a car in Accra' }).click();
  // (picked up an hour after landing: the next day when the plane lands late in the evening)
  const dayAfter = new Date(out);
  dayAfter.setDate(dayAfter.getDate() + 1);
  await expect(page).toHaveURL(new RegExp(`/booking/car-rentals\\?city=Accra&from=(${ymd(out)}|${ymd(dayAfter)})&ft=`));
  const car = page.getByRole('region', { name: 'Cars' }).getByRole('link', { name: /^View and book the / }).first();
  await car.click();
  await expect(page.getByRole('heading', { name: 'Book this car' })).toBeVisible();
  await expect(page.getByLabel('Pick-up date')).toHaveValue(new RegExp(`^(${ymd(out)}|${ymd(dayAfter)})$`));
  await page.getByLabel('Full name (as on the licence)').fill('Efua Boateng');
  await page.getByLabel('Date of birth').fill('1991-06-21');
  await page.getByLabel('Driving licence number').fill('GH-DL-5520317');
  await page.getByRole('button', { name: /^Pay .* and hold / }).click();
  await expect(page.getByRole('heading', { name: 'Your car is booked', level: 1 })).toBeVisible();

  // The car joined the trip; still nothing to check.
  await page.goto(tripURL);
  const rental = timeline.getByTestId('trip-item-rental');
  await expect(rental).toBeVisible();
  await expect(page.getByText('No conflicts between these bookings.')).toBeVisible();

  // The pick-up moved to an hour before the plane lands: the trip says so.
  await rental.getByRole('button', { name: 'Change pick-up time' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change pick-up time' });
  await dialog.getByLabel('Pick-up date').fill(ymd(landed));
  await dialog.getByLabel('Pick-up time').fill(hourBefore(landing!));
  await dialog.getByRole('button', { name: 'Move the pick-up' }).click();
  await expect(dialog).toBeHidden();
  await expect(rental.getByRole('alert')).toContainText('is before the flight lands in Accra');
  await expect(page.getByRole('heading', { name: /^\d+ things? to check$/ })).toBeVisible();
});
