import { expect, test } from '@playwright/test';
import { PASSWORD, checkA11y, newAccount, portal, registerViaApi, signIn } from './helpers';

const TRAVELLER_PASSWORD = 'a long walk by the lagoon';

test('a traveller messages the guide from a tour page; the guide replies in another browser and the traveller sees "Seen"', async ({ page, browser }) => {
  const me = newAccount('asker');
  await registerViaApi(me.username, me.email, TRAVELLER_PASSWORD);
  await page.goto(portal('user', '/booking/tour-guide'));
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await signIn(page, me.email, TRAVELLER_PASSWORD);
  await page.getByLabel('City').fill('Lagos');
  await page.getByRole('button', { name: 'Search tours' }).click();
  await page.getByRole('link', { name: /Lagos Island history walk/ }).click();
  await expect(page.getByRole('heading', { name: 'Lagos Island history walk', level: 1 })).toBeVisible();

  // Message the guide: the conversation about this tour opens with its card.
  await page.getByRole('link', { name: 'Message the guide' }).click();
  await expect(page).toHaveURL(/\/messaging\?c=/);
  await expect(page.getByRole('region', { name: 'About' })).toContainText('Lagos Island history walk');
  const question = `Is Tinubu Square easy to reach by bus? (${me.username})`;
  await page.getByLabel('Message', { exact: true }).fill(question);
  await page.getByRole('button', { name: 'Send' }).click();
  const mine = page.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: question });
  await expect(mine.getByTestId('receipt')).toHaveText('· Sent');
  await checkA11y(page, mine);

  // The guide, in a second browser context, opens the conversation and replies.
  const guideCtx = await browser.newContext();
  const guide = await guideCtx.newPage();
  await guide.goto(portal('tour', '/tour-app/messages'));
  await signIn(guide, 'bisi.guides@example.com', PASSWORD);
  await expect(guide).toHaveURL(/\/tour-app\/messages/);
  await guide.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: new RegExp(me.username) }).click();
  await expect(guide.getByRole('list', { name: 'Messages' }).getByText(question)).toBeVisible();
  const reply = 'Yes: take any BRT bus to CMS, it is a five-minute walk from there.';
  await guide.getByLabel('Message', { exact: true }).fill(reply);
  await guide.getByRole('button', { name: 'Send' }).click();
  await expect(guide.getByRole('list', { name: 'Messages' }).getByText(reply)).toBeVisible();

  // The traveller sees the reply and "Seen" under their message (live through realtime; a reload fetches the same).
  const answer = page.getByRole('list', { name: 'Messages' }).getByText(reply);
  await expect(async () => {
    if (!(await answer.isVisible())) await page.reload();
    await expect(answer).toBeVisible({ timeout: 2000 });
    await expect(mine.getByTestId('receipt')).toHaveText('· Seen', { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await guideCtx.close();

  // The open conversation is remembered (the user state's chat room id): messaging reopens on it, until it is closed.
  const url = page.url();
  await page.goto(portal('user', '/user-dashboard'));
  await page.goto(portal('user', '/messaging'));
  await expect(page).toHaveURL(url);
  await expect(page.getByRole('list', { name: 'Messages' }).getByText(reply)).toBeVisible();
});
