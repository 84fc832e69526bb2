import { expect, test } from '@playwright/test';
import { checkA11y, fundWallet, newAccount, portal, registerViaApi, signIn, ymd } from './helpers';

const PASSWORD = 'a long drive along the coast';
const DEMO_PASSWORD = 'Passw0rd!demo';

test('a user rents a car for three days with an extra, pays from the wallet and sees the deposit held; the company sees the booking', async ({ page, browser }) => {
  const me = newAccount('renter');
  await registerViaApi(me.username, me.email, PASSWORD);
  await page.goto(portal('user', '/user-wallet'));
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await signIn(page, me.email, PASSWORD);
  await expect(page).toHaveURL(portal('user', '/user-wallet'));
  await fundWallet(page, '300000', '₦300,000.00');

  // Search: Mombasa, economy cars with a manual gearbox, three days somewhere in the next year (a day of its own per
  // run, so parallel runs rarely want the same car on the same days; the search shows only cars free for the dates).
  const start = new Date();
  start.setDate(start.getDate() + 60 + Math.floor(Math.random() * 250));
  const end = new Date(start);
  end.setDate(end.getDate() + 3);
  await page.goto(portal('user', '/booking/car-rentals'));
  await expect(page.getByRole('heading', { name: 'Rent a car', level: 1 })).toBeVisible();
  await page.getByLabel('Where').fill('Mombasa');
  await page.getByLabel('Where').press('Enter');
  await expect(page).toHaveURL(/[?&]city=Mombasa/);
  await page.getByLabel('Pick-up date').fill(ymd(start));
  await page.getByLabel('Drop-off date').fill(ymd(end));
  await expect(page).toHaveURL(new RegExp(`[?&]to=${ymd(end)}`));
  await expect(page).toHaveURL(new RegExp(`[?&]from=${ymd(start)}`));
  await page.goto(`${page.url()}&category=economy&transmission=manual`);
  const results = page.getByRole('region', { name: 'Cars' });
  const firstCar = results.getByRole('link', { name: /^View and book the / }).first();
  await expect(firstCar).toBeVisible();
  await checkA11y(page, firstCar);

  // The car: an extra, the driver, the live price with the deposit apart, then pay from the wallet.
  await firstCar.click();
  await expect(page).toHaveURL(/\/booking\/car-rentals\/OfferingDetails\?id=/);
  await expect(page.getByRole('heading', { name: 'Book this car' })).toBeVisible();
  await expect(page.getByLabel('Pick-up date')).toHaveValue(ymd(start));
  await expect(page.getByLabel('Drop-off date')).toHaveValue(ymd(end));
  const price = page.getByRole('region', { name: 'Price' });
  await expect(price.getByText('Total to pay')).toBeVisible();
  await page.getByLabel('Child seat').check();
  await expect(price.getByText('Child seat · 3 days')).toBeVisible();
  await expect(price.getByText('Refundable deposit')).toBeVisible();
  await page.getByLabel('Full name (as on the licence)').fill('Amina Wanjiru');
  await page.getByLabel('Date of birth').fill('1990-05-14');
  await page.getByLabel('Driving licence number').fill('KE-DL-4471902');
  await checkA11y(page, page.getByRole('heading', { name: 'Book this car' }));
  await page.getByRole('button', { name: /^Pay .* and hold / }).click();

  // The confirmation: everything the counter needs, the deposit held.
  await expect(page).toHaveURL(/\/booking\/car-rentals\/company\/fleet\/BookSuccessful\?id=/);
  const id = new URL(page.url()).searchParams.get('id')!;
  await expect(page.getByRole('heading', { name: 'Your car is booked', level: 1 })).toBeVisible();
  const refLine = page.getByText(/^Booking reference [0-9A-F]{8}$/);
  await expect(refLine).toBeVisible();
  const ref = (await refLine.textContent())!.replace('Booking reference', '').trim();
  await expect(page.getByText('Amina Wanjiru', { exact: true })).toBeVisible();
  await expect(page.getByText('Deposit held', { exact: true })).toBeVisible();
  await expect(page.getByText(/Held apart from the price until the car is back/)).toBeVisible();
  await checkA11y(page, page.getByRole('heading', { name: 'Your car is booked' }));

  // The renter's rentals list shows it with its deposit.
  await page.getByRole('link', { name: 'All my rentals' }).click();
  await expect(page.getByRole('heading', { name: 'My rentals', level: 1 })).toBeVisible();
  const row = page.getByRole('listitem').filter({ has: page.locator(`a[href*="${id}"]`) });
  await expect(row.getByText('Confirmed')).toBeVisible();
  await expect(row.getByText('Deposit held')).toBeVisible();
  await checkA11y(page, row);

  // The company (rental@example.com runs Coastline Rentals in Mombasa) sees the booking.
  const companyContext = await browser.newContext();
  const company = await companyContext.newPage();
  await company.goto(portal('car-rental', `/login?redirect=${encodeURIComponent(`/car-rentals/bookings?id=${id}`)}`));
  await signIn(company, 'rental@example.com', DEMO_PASSWORD);
  await expect(company).toHaveURL(portal('car-rental', `/car-rentals/bookings?id=${id}`));
  // A renter without a display name is shown by the driver's name.
  await expect(company.getByRole('heading', { name: /Amina Wanjiru/, level: 1 })).toBeVisible();
  await expect(company.getByText(new RegExp(`^Reference ${ref} `))).toBeVisible();
  await expect(company.getByText('Deposit held', { exact: true }).first()).toBeVisible();
  await checkA11y(company, company.getByRole('heading', { name: 'Handover' }));
  await company.getByRole('link', { name: 'Bookings', exact: true }).click();
  await expect(company.locator(`a[href$="bookings?id=${id}"]`)).toContainText('Amina Wanjiru');
  await checkA11y(company, company.getByRole('heading', { name: 'Bookings', level: 1 }));
  await companyContext.close();
});

test('a user rents a car by card through the Paystack sandbox; the confirmation shows the deposit held; the company page shows its reviews', async ({ page }) => {
  const me = newAccount('cardrenter');
  await registerViaApi(me.username, me.email, PASSWORD);
  const start = new Date();
  start.setDate(start.getDate() + 60 + Math.floor(Math.random() * 250));
  const end = new Date(start);
  end.setDate(end.getDate() + 2);
  await page.goto(portal('user', `/booking/car-rentals?city=Lagos&from=${ymd(start)}&to=${ymd(end)}`));
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await signIn(page, me.email, PASSWORD);
  const firstCar = page.getByRole('region', { name: 'Cars' }).getByRole('link', { name: /^View and book the / }).first();
  await firstCar.click();
  await expect(page.getByRole('heading', { name: 'Book this car' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Price' }).getByText('Total to pay')).toBeVisible();
  await page.getByLabel('Full name (as on the licence)').fill('Ngozi Eze');
  await page.getByLabel('Date of birth').fill('1988-02-03');
  await page.getByLabel('Driving licence number').fill('NG-LAG-99120-NE');
  // The wallet is empty: the card pays the price and the deposit in one payment.
  await page.getByRole('radio', { name: /^Card/ }).check();
  await page.getByRole('button', { name: /^Pay .* by card$/ }).click();
  await expect(page).toHaveURL(/\/_sandbox\/paystack\/checkout\//);
  await page.getByRole('button', { name: /payment succeeds/ }).click();
  await expect(page).toHaveURL(/\/payments\/callback\?/);
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/booking\/car-rentals\/company\/fleet\/BookSuccessful\?id=/);
  await expect(page.getByRole('heading', { name: 'Your car is booked', level: 1 })).toBeVisible();
  await expect(page.getByText(/deposit you paid by card is held apart/)).toBeVisible();
  await checkA11y(page, page.getByRole('heading', { name: 'Your car is booked', level: 1 }));

  // The car's company: its rating and its renters' reviews (demo data), with its replies.
  await page.goto(portal('user', '/booking/car-rentals/company'));
  await page.getByRole('link', { name: 'Eko Drive Rentals' }).first().click();
  const reviews = page.getByTestId('company-reviews');
  await expect(reviews.getByRole('listitem').first()).toBeVisible();
  await expect(page.getByText(/\(\d+ reviews?\)/).first()).toBeVisible();
  await expect(reviews.getByText('Reply from Eko Drive Rentals').first()).toBeVisible();
  await checkA11y(page, page.getByRole('heading', { name: 'Reviews from renters' }));
});
