import { expect, test, type Page } from '@playwright/test';
import { api, portal, signIn } from './helpers';

// The e2e server issues 20-second access tokens (SOJOURN_ACCESS_TTL=20s); the API allows 5 s of clock leeway.
test('an access token the server stops accepting mid-session is refreshed without the user noticing', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(portal('user', '/login?redirect=%2Fprofile%3Ftab%3Dedit'));
  await signIn(page, 'user@example.com');
  await expect(page.getByLabel('Bio')).toBeVisible();
  const tokens = () =>
    page.evaluate(() => JSON.parse(localStorage.getItem('sojourn-auth') ?? '{}').state as { accessToken: string; refreshToken: string });
  const before = await tokens();

  // The page stays open until its access token is stale; then the person saves without navigating. Rather than wait
  // out the token's lifetime (the server's expiry is covered by the Go tests), the first save goes out with the token's
  // signature spoiled, which the real server refuses with the same 401 an expired token gets.
  let spoiled = false;
  await page.route('**/api/v1/profile', async (route) => {
    const auth = route.request().headers()['authorization'] ?? '';
    if (spoiled || route.request().method() !== 'PATCH' || !auth.startsWith('Bearer ')) return route.continue();
    spoiled = true;
    await route.continue({ headers: { ...route.request().headers(), authorization: `${auth.slice(0, -4)}${auth.endsWith('AAAA') ? 'BBBB' : 'AAAA'}` } });
  });
  const rejected: string[] = [];
  const refreshes: number[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/api/v1/profile') && r.status() === 401) rejected.push(r.request().method());
    if (r.url().endsWith('/api/auth/refresh')) refreshes.push(r.status());
  });
  await page.getByLabel('Bio').fill(`Updated after the token expired at ${Date.now()}.`);
  await page.getByRole('button', { name: 'Save profile' }).click();

  await expect(page.getByText('Profile saved.')).toBeVisible();
  await expect(page).toHaveURL(/\/profile/);
  expect(rejected).toEqual(['PATCH']);
  expect(refreshes).toEqual([200]);
  const after = await tokens();
  expect(after.accessToken).not.toBe(before.accessToken);
  expect(after.refreshToken).not.toBe(before.refreshToken);
});

type Stored = { accessToken: string; refreshToken: string; expiresAt: number };
const stored = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('sojourn-auth') ?? '{}').state as Stored);

/** Make the stored access token look about to expire, so the next page load refreshes before it shows anything. */
const expireSoon = (page: Page) =>
  page.evaluate(() => {
    const saved = JSON.parse(localStorage.getItem('sojourn-auth') ?? '{}') as { state: Stored };
    saved.state.expiresAt = Date.now();
    localStorage.setItem('sojourn-auth', JSON.stringify(saved));
  });

// The server rotates the refresh token but the page reloads before the reply arrives: the next load presents the
// spent token again, which the server's reuse grace answers with a new pair instead of revoking the session.
test('reloading while a refresh is in flight keeps the person signed in', async ({ page }) => {
  await page.goto(portal('user', '/login?redirect=%2Fprofile%3Ftab%3Dedit'));
  await signIn(page, 'user@example.com');
  await expect(page.getByLabel('Bio')).toBeVisible();
  const before = await stored(page);
  await expireSoon(page);

  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/auth/refresh')) sent.push((r.postDataJSON() as { refresh_token: string }).refresh_token);
  });
  // The first refresh reaches the server, which spends the token; its reply is held back and never delivered.
  let deliver: (token: string) => void = () => undefined;
  const lostReply = new Promise<string>((resolve) => (deliver = resolve));
  await page.route(
    '**/api/auth/refresh',
    async (route) => {
      const res = await route.fetch();
      expect(res.status()).toBe(200);
      deliver(((await res.json()) as { refresh_token: string }).refresh_token);
    },
    { times: 1 },
  );
  await page.reload({ waitUntil: 'commit' });
  const lost = await lostReply;

  // Reload mid-refresh: the new page still holds the spent token and refreshes with it.
  const answers: number[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/api/auth/refresh')) answers.push(r.status());
  });
  await page.reload();
  await expect(page.getByLabel('Bio')).toBeVisible();
  await expect(page).toHaveURL(/\/profile/);
  expect(sent).toEqual([before.refreshToken, before.refreshToken]);
  expect(answers).toEqual([200]);
  const after = await stored(page);
  expect(after.refreshToken).not.toBe(before.refreshToken);
  expect(after.refreshToken).not.toBe(lost);

  // The successor whose reply was lost was replaced: whoever presents it is not the page, and the session ends.
  const replaced = await page.request.post(api('/api/auth/refresh'), { data: { refresh_token: lost } });
  expect(replaced.status()).toBe(401);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

// Two tabs whose access token is about to expire load at once. The Web Lock runs their refreshes one after the other
// and the tab that waited normally takes the pair the first one stored. localStorage reaches another tab's process a
// moment later, though, so now and then it has not seen the new pair yet and sends the spent token again; the server's
// reuse grace answers that too. Either way both tabs stay signed in and end on one refresh token, the session's live one.
test('two tabs refreshing at once stay signed in on one live refresh token', async ({ context, page }) => {
  await page.goto(portal('user', '/login?redirect=%2Fprofile%3Ftab%3Dedit'));
  await signIn(page, 'user@example.com');
  await expect(page.getByLabel('Bio')).toBeVisible();
  const other = await context.newPage();
  await other.goto(portal('user', '/profile?tab=edit'));
  await expect(other.getByLabel('Bio')).toBeVisible();
  const before = await stored(page);
  await expireSoon(page);

  const sent: string[] = [];
  const answers: number[] = [];
  context.on('request', (r) => {
    if (r.url().endsWith('/api/auth/refresh')) sent.push((r.postDataJSON() as { refresh_token: string }).refresh_token);
  });
  context.on('response', (r) => {
    if (r.url().endsWith('/api/auth/refresh')) answers.push(r.status());
  });
  await Promise.all([page.reload(), other.reload()]);
  // A tab in the background may not paint; each is brought to the front to be looked at.
  for (const tab of [page, other]) {
    await tab.bringToFront();
    await expect(tab.getByLabel('Bio')).toBeVisible();
  }
  expect(sent.length).toBeGreaterThanOrEqual(1);
  expect(sent.length).toBeLessThanOrEqual(2);
  expect(sent[0]).toBe(before.refreshToken);
  expect(answers).toEqual(sent.map(() => 200));

  let final = '';
  await expect
    .poll(async () => {
      const [a, b] = [await stored(page), await stored(other)];
      final = a.refreshToken;
      return a.refreshToken === b.refreshToken && a.refreshToken !== before.refreshToken;
    })
    .toBe(true);
  const live = await page.request.post(api('/api/auth/refresh'), { data: { refresh_token: final } });
  expect(live.status()).toBe(200);
});
