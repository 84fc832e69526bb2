import { expect, test } from '@playwright/test';
import { api, checkA11y, portal, signIn } from './helpers';

/** A provider's public rating count (GET /api/v1/providers/{id}). */
async function reviewCount(providerId: string): Promise<number> {
  const res = await fetch(api(`/api/v1/providers/${providerId}`));
  expect(res.status).toBe(200);
  const { data } = (await res.json()) as { data: { rating: { count: number } } };
  return data.rating.count;
}

// The demo seed leaves the demo user's latest completed session with each demo provider unreviewed (its window open),
// so there is always one to review, also when this spec runs again on the same server.
test('the demo user reviews a completed session: five stars and a few words, shown on the booking and on the provider profile', async ({ page }) => {
  const words = `Warm, clear and practical: I left with three things to try before our next session (${Date.now().toString(36)}).`;

  await page.goto(portal('user', '/user-calendar?view=list'));
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await signIn(page, 'user@example.com');
  await expect(page).toHaveURL(portal('user', '/user-calendar?view=list'));
  await page.getByRole('tab', { name: 'Past' }).click();

  // The past list: sessions to review have the action beside them; reviewed ones say the rating given.
  const actions = page.getByRole('button', { name: /^Leave a review of / });
  await expect(actions.first()).toBeVisible();
  await expect(page.getByText(/^You rated \d out of 5$/).first()).toBeVisible();
  const before = await actions.count();
  const label = (await actions.first().getAttribute('aria-label'))!;
  const [, title, provider] = label.match(/^Leave a review of (.+) with (.+)$/)!;

  // The session's detail: the provider's profile link and the invitation to review.
  const row = page.getByRole('listitem').filter({ has: actions.first() });
  await row.getByRole('button').first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: title! })).toBeVisible();
  await expect(dialog.getByText('Completed', { exact: true })).toBeVisible();
  const profileHref = (await dialog.getByRole('link', { name: provider! }).getAttribute('href'))!;
  const providerId = new URL(profileHref, portal('user')).searchParams.get('id')!;
  const count = await reviewCount(providerId);
  const countText = (n: number) => `(${n} review${n === 1 ? '' : 's'})`;

  // A look at the provider's profile first (the portal keeps what it read), then back to the session.
  await dialog.getByRole('link', { name: provider! }).click();
  await expect(page.getByRole('heading', { name: provider!, level: 1 })).toBeVisible();
  if (count > 0) await expect(page.getByText(countText(count)).first()).toBeVisible();
  await page.goBack();
  await expect(dialog.getByText('How was your session?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Leave a review' }).click();

  // The form, in the address so it survives a reload; a rating is required.
  await expect(dialog.getByRole('heading', { name: 'Review your session' })).toBeVisible();
  await expect(page).toHaveURL(/[?&]review=1/);
  await dialog.getByRole('button', { name: 'Post review' }).click();
  await expect(dialog.getByText('Choose a rating from 1 to 5 stars.')).toBeVisible();
  await checkA11y(page, dialog.getByRole('radiogroup', { name: 'Your rating' }), '[role="dialog"]');

  await dialog.getByRole('radio', { name: /^5 stars/ }).check();
  await expect(dialog.getByRole('radio', { name: /^5 stars/ })).toBeChecked();
  await expect(dialog.getByText('Choose a rating from 1 to 5 stars.')).toBeHidden();
  await dialog.getByLabel('Your review (optional)').fill(words);
  await expect(dialog.getByText(`${[...words].length} of 2,000 characters`)).toBeVisible();
  await checkA11y(page, dialog.getByRole('button', { name: 'Post review' }), '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Post review' }).click();

  // Posted: a toast, and the booking shows the rating instead of the action.
  await expect(page.getByText(`Thank you. Your review is on ${provider}'s profile.`)).toBeVisible();
  const mine = dialog.getByTestId('booking-review');
  await expect(mine).toContainText('You rated 5 out of 5');
  await expect(dialog.getByRole('button', { name: 'Leave a review' })).toBeHidden();
  await expect(page).not.toHaveURL(/[?&]review=1/);
  await checkA11y(page, mine, '[role="dialog"]');

  // The provider's public profile: the review with five stars, and one more in the count.
  await mine.getByRole('link', { name: `See it on ${provider}'s profile` }).click();
  await expect(page.getByRole('heading', { name: provider!, level: 1 })).toBeVisible();
  const review = page.getByRole('listitem').filter({ hasText: words });
  await expect(review).toBeVisible();
  await expect(review.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
  await expect(page.getByText(countText(count + 1)).first()).toBeVisible();
  expect(await reviewCount(providerId)).toBe(count + 1);

  // The past list has one session fewer to review, and this one says the rating.
  await page.goto(portal('user', '/user-calendar?view=list'));
  await page.getByRole('tab', { name: 'Past' }).click();
  await expect(actions.first()).toBeVisible();
  await expect(actions).toHaveCount(before - 1);
});
