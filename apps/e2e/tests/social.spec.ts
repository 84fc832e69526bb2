import { expect, test, type Browser, type Page } from '@playwright/test';
import { checkA11y, newAccount, portal, registerViaApi, signIn } from './helpers';

const PASSWORD = 'friends across two browsers';

async function signedIn(browser: Browser, email: string, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(portal('user', path));
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(portal('user', path));
  return page;
}

/** Counts full page loads, so a test can prove a change arrived without a reload. */
function loads(page: Page) {
  const n = { count: 0 };
  page.on('load', () => n.count++);
  return n;
}

test('a friend request sent in one browser and accepted in another shows at once in both, without a reload', async ({ browser }) => {
  const ada = newAccount('ada');
  const bola = newAccount('bola');
  await registerViaApi(ada.username, ada.email, PASSWORD);
  await registerViaApi(bola.username, bola.email, PASSWORD);

  const b = await signedIn(browser, bola.email, '/friendrequest');
  const bLoads = loads(b);
  await expect(b.getByText('No friend requests', { exact: true })).toBeVisible();

  const a = await signedIn(browser, ada.email, '/friendrequest?tab=friends');
  const aLoads = loads(a);
  await expect(a.getByText('No friends yet', { exact: true })).toBeVisible();

  // Ada finds Bola and asks; Bola's open Requests tab shows it at once.
  await a.getByRole('textbox', { name: 'Find people by username or email' }).fill(bola.username);
  await a.getByRole('button', { name: 'Search' }).click();
  await a.getByRole('button', { name: `Add friend: ${bola.username}` }).click();
  await expect(a.getByText('Request sent', { exact: true })).toBeVisible();
  await expect(b.getByRole('button', { name: `Accept ${ada.username}` })).toBeVisible();
  await expect(b.getByTestId('requests-waiting')).toHaveText('1');

  // Bola accepts; Ada's open Friends tab shows Bola at once, with no reload in either browser.
  await b.getByRole('button', { name: `Accept ${ada.username}` }).click();
  await expect(b.getByText('No friend requests', { exact: true })).toBeVisible();
  await expect(a.getByRole('button', { name: `Unfriend ${bola.username}` })).toBeVisible();
  expect(aLoads.count).toBe(0);
  expect(bLoads.count).toBe(0);

  await checkA11y(a, a.getByRole('heading', { name: 'Friends', level: 1 }));

  // Ada posts to friends; Bola sees it in the feed, likes and comments.
  await a.goto(portal('user', '/feed'));
  await a.getByLabel('Share something with your friends').fill('First post across two browsers');
  await a.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(a.getByTestId('post').filter({ hasText: 'First post across two browsers' })).toBeVisible();
  await checkA11y(a, a.getByRole('heading', { name: 'Feed', level: 1 }));

  await b.goto(portal('user', '/feed'));
  const post = b.getByTestId('post').filter({ hasText: 'First post across two browsers' });
  await expect(post).toBeVisible();
  await post.getByRole('button', { name: /Like$/ }).click();
  await expect(post.getByRole('button', { name: /Liked$/ })).toHaveAttribute('aria-pressed', 'true');
  await post.getByRole('button', { name: /0 comments/ }).click();
  await post.getByLabel(/Write a comment/).fill('Looks great!');
  await post.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(post.getByText('Looks great!')).toBeVisible();
  await expect(post.getByRole('button', { name: /1 comment/ })).toBeVisible();

  // With Bola's feed open, Ada posts again: Bola is offered it at once and chooses when to show it.
  const bFeedLoads = loads(b);
  await a.getByLabel('Share something with your friends').fill('Second post, live');
  await a.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(a.getByTestId('post').filter({ hasText: 'Second post, live' })).toBeVisible();
  const offer = b.getByRole('button', { name: 'Show 1 new post' });
  await expect(offer).toBeVisible();
  await expect(b.getByTestId('post').filter({ hasText: 'Second post, live' })).toHaveCount(0);
  await offer.click();
  await expect(b.getByTestId('post').filter({ hasText: 'Second post, live' })).toBeVisible();
  await expect(offer).toBeHidden();
  expect(bFeedLoads.count).toBe(0);
});
