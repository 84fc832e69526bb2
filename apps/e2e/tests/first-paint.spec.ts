import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, portal } from './helpers';

/**
 * The first pages of a visit are pre-rendered at build time (tools/vite-prerender.ts): they show before the portal's
 * script runs, the portal then renders over them without moving anything, and what a visitor does on the page before
 * the script has run (type, focus, press "Sign in") is not lost.
 */

const KEY_PARTS = ['h1', 'input[name=email]', 'input[name=password]', 'button[type=submit]'];

async function boxes(page: Page, selectors: string[]) {
  return Promise.all(selectors.map(async (s) => ({ s, box: await page.locator(s).first().boundingBox() })));
}

for (const [name, path, parts] of [
  ['therapy', '/login', KEY_PARTS],
  ['user', '/register', ['h1', 'input[name=email]', 'button[type=submit]']],
  ['user', '/', ['h1']],
] as const) {
  for (const width of [375, 1280]) {
    test(`${name} ${path} at ${width} px paints before its script, and the live page lands on the same pixels`, async ({ browser }) => {
      const still = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } });
      const before = await still.newPage();
      await before.goto(portal(name, path));
      await expect(before.locator('h1')).toBeVisible();
      await expect(before.locator('#root')).toHaveAttribute('data-prerendered', path);
      const title = await before.title();
      const a = await boxes(before, [...parts]);
      await still.close();

      const live = await browser.newContext({ viewport: { width, height: 900 } });
      const after = await live.newPage();
      await after.goto(portal(name, path));
      await expect(after.locator('#root')).not.toHaveAttribute('data-prerendered');
      expect(await after.title()).toBe(title);
      expect(await boxes(after, [...parts])).toEqual(a);
      await live.close();
    });
  }
}

test('a visitor who signs in before the script has loaded is signed in once it has', async ({ page }) => {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto(portal('coach', '/login'), { waitUntil: 'commit' });
  await page.locator('input[name=email]').fill('coach@example.com');
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.locator('input[name=password]').press('Enter');
  // Held back by the page's guard: still here, and the password never went into an address.
  await expect(page.locator('#root')).toHaveAttribute('data-submit', '');
  expect(page.url()).toBe(portal('coach', '/login'));
  release();
  await page.waitForURL(/\/coach-app/);
  expect(page.url()).not.toContain('password');
});

test('a signed-in visitor who opens the sign-in page goes on to their dashboard', async ({ page }) => {
  await page.goto(portal('vendor', '/login'));
  await page.locator('input[name=email]').fill('vendor@example.com');
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.getByRole('button', { name: /^Sign in/ }).click();
  await page.waitForURL(/\/vendor-app\//);
  await page.goto(portal('vendor', '/login'));
  await page.waitForURL(/\/vendor-app\//);
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
});

test('a pre-rendered link into the public site points at it before the script has loaded', async ({ page }) => {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto(portal('writer', '/login'), { waitUntil: 'commit' });
  const link = page.getByRole('link', { name: 'Create a Sojourn account' });
  await expect(link).toHaveAttribute('href', portal('user', '/register'));
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', '/login');
  release();
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  await expect(link).toHaveAttribute('href', portal('user', '/register'));
});
