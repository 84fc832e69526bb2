import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { portal, signIn } from './helpers';

/**
 * Accessibility of every portal's main pages: its sign-in page, then, signed in as the portal's demo account, every
 * page its sidebar links to (so the pages the domain issues add are covered as they arrive), each at 375 and 1280 px
 * once its data has loaded, with no serious or critical axe finding.
 */
const PORTALS: [string, string][] = [
  ['user', 'user@example.com'],
  ['vendor', 'vendor@example.com'],
  ['therapy', 'therapist@example.com'],
  ['coach', 'coach@example.com'],
  ['tour', 'guide@example.com'],
  ['car-rental', 'rental@example.com'],
  ['car-dealer', 'dealer@example.com'],
  ['affiliate', 'affiliate@example.com'],
  ['writer', 'writer@example.com'],
  ['admin', 'admin@example.com'],
];

async function findings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** The page has its heading and nothing in it is still loading (no skeleton, no spinner). */
async function settled(page: Page) {
  await expect(page.locator('main h1, main [role="heading"][aria-level="1"]').first()).toBeVisible();
  await expect(page.locator('main .animate-pulse, main .animate-spin')).toHaveCount(0);
  // Colour transitions (a button fading to its hover or current-step colour) have ended: axe reads computed colours.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

async function checkBothWidths(page: Page, what: string) {
  const problems: string[] = [];
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    problems.push(...(await findings(page)).map((f) => `${what} at ${width}px: ${f}`));
  }
  return problems;
}

for (const [name, email] of PORTALS) {
  test(`${name} portal: sign-in and every sidebar page pass axe at 375 and 1280 px`, async ({ page }) => {
    test.setTimeout(300_000);
    const problems: string[] = [];
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(portal(name, '/login'));
    await expect(page.getByLabel('Email')).toBeVisible();
    problems.push(...(await checkBothWidths(page, '/login')));

    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, email);
    await expect(page).not.toHaveURL(/\/login/);
    await settled(page);
    const nav = page.getByRole('navigation', { name: 'Portal' });
    const hrefs = [...new Set(await nav.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? '')))]
      .filter((h) => h.startsWith('/'));
    expect(hrefs.length, 'the sidebar lists the portal pages').toBeGreaterThan(1);
    for (const href of hrefs) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(portal(name, href));
      await expect(page).not.toHaveURL(/\/login|page-not-found/);
      problems.push(...(await checkBothWidths(page, href)));
    }
    expect(problems).toEqual([]);
  });
}
