import { chromium } from '@playwright/test';
const [portal, email, ...paths] = process.argv.slice(2);
const base = `http://${portal}.localhost:18201`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-background-networking'] });
const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
const page = await ctx.newPage();
const errors = [];
page.on('pageerror', (e) => errors.push(String(e)));
page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
await page.goto(`${base}/login`);
await page.getByLabel('Email').fill(email);
await page.getByLabel('Password', { exact: true }).fill('Passw0rd!demo');
await page.getByRole('button', { name: /^Sign in/ }).click();
await page.waitForURL((u) => !u.pathname.startsWith('/login'));
for (const p of paths) {
  for (const w of [1280, 375]) {
    await page.setViewportSize({ width: w, height: 900 });
    await page.goto(`${base}${p}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(400);
    const name = `${portal}${p.replace(/[/?=&]/g, '_')}-${w}.png`;
    await page.screenshot({ path: `/tmp/helperP/shots/${name}`, fullPage: true });
    const h1 = await page.locator('h1').first().textContent().catch(() => null);
    console.log(name, 'h1=', h1);
  }
}
console.log('errors:', errors.slice(0, 10));
await browser.close();
