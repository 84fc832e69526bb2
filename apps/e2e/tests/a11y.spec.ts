import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { portal, signIn } from './helpers';

const widths = [375, 1280];

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

for (const width of widths) {
  test(`login page has no serious accessibility violations at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(portal('user', '/login'));
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test(`profile page has no serious accessibility violations at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(portal('user', '/login?redirect=%2Fprofile'));
    await signIn(page, 'user@example.com');
    await expect(page.getByRole('heading', { name: 'Amara Okafor', level: 1 })).toBeVisible();
    await expect(page.getByText(/Profile \d+% complete/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Edit profile' }).click();
    await expect(page.getByLabel('Display name')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
