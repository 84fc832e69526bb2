import { expect, test } from '@playwright/test';
import { PASSWORD, api, checkA11y, portal, signIn } from './helpers';

// The blog's editorial flow: the demo writer drafts a post with an image in the writer portal and submits it; an
// admin approves and publishes it; it is on /user-blog, and its page's raw HTML carries the post's own <title> and
// OpenGraph tags (filled by the server, not by the app). A second post is approved for a time two seconds ahead and
// goes live through the server's River job (polled, never slept on). Titles are unique per run, so the spec is safe
// beside other runs; it signs in as demo accounts, so it runs in the flows lane.

async function bearer(email: string): Promise<string> {
  const res = await fetch(api('/api/auth/login'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function call(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(api(path), {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : {}) as { data: Record<string, unknown> } };
}

const IMAGE = '/media/blog/seed/cape-town-lions-head-first-light.jpg';

test('a writer drafts a post with an image, an admin publishes it, readers and link previews see it', async ({ browser }) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const title = `Sunrise over Table Mountain ${tag}`;

  // The writer: the portal's own sign-in address, then the editor.
  const writer = await browser.newContext();
  const w = await writer.newPage();
  await w.goto(portal('writer', '/blog-cms/login'));
  await signIn(w, 'writer@example.com');
  await expect(w.getByRole('heading', { name: 'Your writing desk' })).toBeVisible();
  await w.goto(portal('writer', '/blog-cms/blog/create'));
  await w.getByLabel('Title', { exact: true }).fill(title);
  const editor = w.getByRole('textbox', { name: 'Story' });
  await editor.click();
  await w.keyboard.type('We climbed in the dark and watched the city wake up below us.');
  await w.getByRole('button', { name: 'Image' }).click();
  const dialog = w.getByRole('dialog');
  await dialog.getByLabel('Image address').fill(IMAGE);
  await dialog.getByRole('button', { name: 'Insert' }).click();
  await expect(dialog.getByRole('alert')).toContainText('alt text is required');
  await dialog.getByLabel('Alt text (required)').fill('Table Mountain at sunrise');
  await dialog.getByRole('button', { name: 'Insert' }).click();
  await expect(editor.locator('img[alt="Table Mountain at sunrise"]')).toBeVisible();
  await w.getByLabel('Excerpt').fill('A dawn hike above Cape Town.');
  await expect(w.getByTestId('save-state')).toHaveText('Saved', { timeout: 15_000 });
  await expect(w).toHaveURL(/\/blog-cms\/blog\/[0-9a-f-]{36}$/);
  const id = w.url().split('/').pop()!;
  const slug = await w.getByLabel('Slug').inputValue();
  expect(slug).toMatch(/^sunrise-over-table-mountain-/);
  await w.getByRole('button', { name: 'Submit for review' }).click();
  await expect(w.getByText('In review', { exact: true })).toBeVisible();
  await checkA11y(w, w.getByRole('heading', { name: 'Edit post' }));

  // The admin: the review queue, then approve and publish now.
  const admin = await browser.newContext();
  const a = await admin.newPage();
  await a.goto(portal('admin', '/login'));
  await signIn(a, 'admin@example.com');
  await a.waitForURL(/admin-dashboard/);
  await a.goto(portal('admin', '/admin-dashboard/blog?status=in_review'));
  await a.getByRole('link', { name: title }).click();
  await expect(a.getByRole('heading', { name: 'Decision' })).toBeVisible();
  await checkA11y(a, a.getByRole('heading', { name: 'Decision' }));
  await a.getByRole('button', { name: 'Approve and publish now' }).click();
  await expect(a.getByText('Published', { exact: true })).toBeVisible();

  // Readers: the blog lists it, its page shows the image with its alt text.
  const reader = await browser.newContext();
  const r = await reader.newPage();
  await r.goto(portal('user', `/user-blog?q=${encodeURIComponent(tag)}`));
  await expect(r.getByRole('link', { name: title })).toBeVisible();
  await r.getByRole('link', { name: title }).click();
  await expect(r.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(r.locator('article img[alt="Table Mountain at sunrise"]')).toBeVisible();
  await checkA11y(r, r.getByRole('heading', { level: 1, name: title }));

  // Link previews: the raw HTML of both addresses carries the post's own head.
  for (const path of [`/blog/${slug}`, `/user-blog/blog/${id}`]) {
    const html = await (await fetch(portal('user', path))).text();
    expect(html).toContain(`<title>${title} · Sojourn</title>`);
    expect(html).toContain(`<meta property="og:title" content="${title}">`);
    expect(html).toContain('<meta name="description" content="A dawn hike above Cape Town.">');
    expect(html).toContain(`/blog/${slug}">`);
  }

  // Scheduled: approved for two seconds from now, published by the server's blog.publish job.
  const wt = await bearer('writer@example.com');
  const at = await bearer('admin@example.com');
  const later = await call('POST', '/api/v1/blog/my/posts', wt, { title: `Scheduled notes ${tag}`, excerpt: 'A short walk along the Lagos lagoon at dawn.' });
  expect(later.status).toBe(201);
  const laterId = later.json.data['id'] as string;
  expect((await call('POST', `/api/v1/blog/my/posts/${laterId}/submit`, wt)).status).toBe(200);
  const approved = await call('POST', `/api/v1/admin/blog/posts/${laterId}/approve`, at, { version: 1, publish_at: new Date(Date.now() + 2000).toISOString() });
  expect(approved.status).toBe(200);
  expect(approved.json.data['status']).toBe('scheduled');
  expect((await fetch(api(`/api/v1/blog/posts/${laterId}`))).status).toBe(404);
  await expect.poll(async () => (await fetch(api(`/api/v1/blog/posts/${laterId}`))).status, { timeout: 30_000 }).toBe(200);

  await writer.close();
  await admin.close();
  await reader.close();
});

test('the writer desk, the public blog and the review queue have their states and pass axe', async ({ browser }) => {
  const writer = await browser.newContext();
  const w = await writer.newPage();
  await w.goto(portal('writer', '/blog-cms/login'));
  await signIn(w, 'writer@example.com');
  await expect(w.getByRole('heading', { name: 'Your writing desk' })).toBeVisible();
  await checkA11y(w, w.getByText('Drafts'));
  await w.goto(portal('writer', '/blog-cms/blog'));
  await checkA11y(w, w.getByRole('link', { name: /Cape Town before breakfast/ }));
  await w.goto(portal('writer', '/blog-cms/blog?q=no-such-post-anywhere'));
  await expect(w.getByText('No posts here')).toBeVisible();
  await w.goto(portal('writer', '/blog-cms/categories'));
  await checkA11y(w, w.getByText(/published · \/destinations/));
  await writer.close();

  const reader = await browser.newContext();
  const r = await reader.newPage();
  await r.goto(portal('user', '/user-blog'));
  await checkA11y(r, r.getByRole('heading', { name: 'Latest' }));
  await r.goto(portal('user', '/user-blog?q=no-such-post-anywhere'));
  await expect(r.getByText('No posts match')).toBeVisible();
  await r.goto(portal('user', '/blog/no-such-post-anywhere'));
  await expect(r.getByText('This post is not here')).toBeVisible();
  const rss = await fetch(portal('user', '/blog/rss.xml'));
  expect(rss.headers.get('content-type')).toContain('application/rss+xml');
  expect(await rss.text()).toContain('Cape Town before breakfast');
  expect(await (await fetch(portal('user', '/sitemap.xml'))).text()).toContain('/blog/cape-town-lions-head-first-light</loc>');
  await reader.close();

  const admin = await browser.newContext();
  const a = await admin.newPage();
  await a.goto(portal('admin', '/login'));
  await signIn(a, 'admin@example.com');
  await a.waitForURL(/admin-dashboard/);
  await a.goto(portal('admin', '/admin-dashboard/blog?status=scheduled'));
  await checkA11y(a, a.getByRole('link', { name: /slow train from Nairobi/ }));
  await admin.close();
});
