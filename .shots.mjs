// Screenshots and axe of the catalogue pages against the demo server (not committed).
import { chromium } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
const BASE = 8102;
const url = (p, path) => `http://${p === 'user' ? '' : p + '.'}localhost:${BASE}${path}`;
const api = (path) => fetch(`http://127.0.0.1:${BASE}${path}`).then((r) => r.json());
const only = process.argv[2] ? new RegExp(process.argv[2]) : null;
const prods = (await api('/api/v1/shop/products?limit=50&sort=price_asc')).data;
const multi = prods[0];
const lux = (await api('/api/v1/shop/products?luxury=true&limit=1')).data[0];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-background-networking'] });
async function login(portal, email) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(url(portal, '/login'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Passw0rd!demo');
  await page.getByRole('button', { name: /^Sign in/ }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 20000 });
  return page;
}
const results = [];
async function shoot(page, portal, path, name, ready) {
  if (only && !only.test(name)) return;
  for (const w of [1280, 375]) {
    await page.setViewportSize({ width: w, height: 900 });
    await page.goto(url(portal, path));
    try {
      await page.waitForLoadState('networkidle', { timeout: 15000 });
    } catch {}
    if (ready) await ready(page).catch((e) => console.log('ready failed', name, e.message));
    await page.waitForTimeout(400);
    await page.screenshot({ path: `/tmp/catalog_web/shots/${name}-${w}.png`, fullPage: true });
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const bad = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    results.push(`${name}@${w}: ${bad.length ? bad.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`).join(' | ') : 'axe clean'}`);
  }
}
const anon = await (await browser.newContext()).newPage();
await shoot(anon, 'user', '/shop/Listing?q=coffee', 'listing');
await shoot(anon, 'user', `/shop/ProductDetails?id=${multi.id}`, 'product');
await shoot(anon, 'user', `/shop/ProductDetails?id=${lux.id}`, 'product-luxury');
await shoot(anon, 'user', '/shop/multivendor', 'sellers');
await shoot(anon, 'user', '/vendor', 'sell');
const user = await login('user', 'user@example.com');
await shoot(user, 'user', '/shop', 'home');
await shoot(user, 'user', '/shop/Luxury', 'luxury');
await shoot(user, 'user', `/shop/Vendor?id=${multi.store.id}`, 'storefront');
const vendor = await login('vendor', 'vendor@example.com');
const token = await vendor.evaluate(() => Object.values(localStorage).join(' '));
void token;
await shoot(vendor, 'vendor', '/vendor-app/offerings', 'v-products');
await shoot(vendor, 'vendor', '/vendor-app/create-products', 'v-editor-new');
await vendor.goto(url('vendor', '/vendor-app/offerings'));
await vendor.waitForLoadState('networkidle');
const href = await vendor.locator('a[href*="ProductDetails?id="]').first().getAttribute('href');
const vid = new URL(href, 'http://x').searchParams.get('id');
await shoot(vendor, 'vendor', `/vendor-app/create-products?id=${vid}`, 'v-editor-edit');
await shoot(vendor, 'vendor', `/vendor-app/products/ProductDetails?id=${vid}`, 'v-product');
await shoot(vendor, 'vendor', `/vendor-app/products/Successful?id=${vid}`, 'v-submitted');
const admin = await login('admin', 'admin@example.com');
await shoot(admin, 'admin', '/admin-dashboard/products', 'a-queue');
await shoot(admin, 'admin', '/admin-dashboard/products?tab=catalogue', 'a-catalogue');
await shoot(admin, 'admin', '/admin-dashboard/products?tab=certificates', 'a-certs', async (p) => {
  await p.getByRole('button', { name: /^Review / }).first().click();
  await p.getByRole('dialog').getByRole('img', { name: /Certificate/ }).waitFor({ timeout: 10000 });
});
await shoot(admin, 'admin', '/admin-dashboard/products/categories', 'a-categories', async (p) => p.getByRole('button', { name: 'Expand all' }).click());
await shoot(admin, 'admin', '/admin-dashboard/products/add-product', 'a-add', async (p) => {
  const v = await p.locator('#add-category option').nth(2).getAttribute('value');
  await p.getByLabel('Category').selectOption(v);
});
console.log(results.join('\n'));
await browser.close();
