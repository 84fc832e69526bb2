import { expect, test } from '@playwright/test';
import { checkA11y, portal, signIn } from './helpers';

// The demo trip "Accra long weekend" (seed/trips.go): a tour in Accra and a car picked up at Kotoka airport two hours
// after the tour ends. Moving the pick-up into the tour shows the conflict on the timeline; moving it back clears it.
test('a traveller moves the car pick-up of a seeded trip into a tour, sees the conflict, and moves it back', async ({ page }) => {
  await page.goto(portal('user', '/booking/trips'));
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await signIn(page, 'user@example.com');
  await expect(page.getByRole('heading', { name: 'Your trips' })).toBeVisible();
  await page.getByRole('link', { name: /Accra long weekend/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Accra long weekend' })).toBeVisible();
  const timeline = page.getByRole('list', { name: 'Timeline' });
  const tour = timeline.getByTestId('trip-item-tour');
  const car = timeline.getByTestId('trip-item-rental');
  await expect(tour).toBeVisible();
  await expect(car).toContainText('Kotoka International Airport');
  await expect(page.getByText('No conflicts between these bookings.')).toBeVisible();
  await checkA11y(page, timeline);

  // The tour's local start ("Wed 25 Nov, 08:30 to 11:00 Accra (GMT+0)").
  const tourStart = (await tour.textContent())!.match(/(\d{2}:\d{2}) to/)![1]!;

  await car.getByRole('button', { name: 'Change pick-up time' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change pick-up time' });
  await expect(dialog).toContainText('Accra (GMT+0)');
  const time = dialog.getByLabel('Pick-up time');
  const original = await time.inputValue();
  await time.fill(tourStart);
  await dialog.getByRole('button', { name: 'Move the pick-up' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: '1 thing to check' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Conflicts' }).first()).toContainText(`The car pick-up (`);
  await expect(car.getByRole('alert')).toContainText('is during the tour');
  await expect(car).toContainText(`${tourStart} to`);

  await car.getByRole('button', { name: 'Change pick-up time' }).click();
  await expect(time).toHaveValue(tourStart);
  await time.fill(original);
  await dialog.getByRole('button', { name: 'Move the pick-up' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('No conflicts between these bookings.')).toBeVisible();
  await expect(car.getByRole('alert')).toHaveCount(0);
  await expect(car).toContainText(`${original} to`);
});
