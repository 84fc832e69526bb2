import { expect, test } from '@playwright/test';
import { api, checkA11y, newAccount, portal, registerViaApi, signIn } from './helpers';

const PASSWORD = 'bells ring across browsers';

async function login(email: string): Promise<{ token: string; id: string }> {
  const res = await fetch(api('/api/auth/login'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { access_token: string; user: { id: string } };
  return { token: body.access_token, id: body.user.id };
}

test('a notification reaches the bell at once; opening the bell marks it seen, the centre marks it read', async ({ browser }) => {
  const ada = newAccount('ada');
  const bola = newAccount('bola');
  await registerViaApi(ada.username, ada.email, PASSWORD);
  await registerViaApi(bola.username, bola.email, PASSWORD);

  const page = await (await browser.newContext()).newPage();
  let loads = 0;
  await page.goto(portal('user', '/feed'));
  await signIn(page, bola.email, PASSWORD);
  await expect(page).toHaveURL(portal('user', '/feed'));
  await expect(page.getByRole('heading', { name: 'Feed', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notifications, none new' })).toBeVisible();
  page.on('load', () => loads++);

  // Ada asks Bola to be friends from elsewhere: the notification is written with the request and pushed.
  const a = await login(ada.email);
  const b = await login(bola.email);
  const res = await fetch(api('/api/v1/social/requests'), {
    method: 'POST',
    headers: { Authorization: `Bearer ${a.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ user_id: b.id }),
  });
  expect(res.status).toBe(200);

  // Bola's open page shows it on the bell without a reload.
  await expect(page.getByRole('button', { name: 'Notifications, 1 new' })).toBeVisible();
  expect(loads).toBe(0);

  // Opening the bell shows it and marks it seen; it stays unread until it is read.
  await page.getByRole('button', { name: 'Notifications, 1 new' }).click();
  const dropdown = page.getByRole('dialog', { name: 'Latest notifications' });
  await expect(dropdown.getByRole('link', { name: `${ada.username} sent you a friend request` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Notifications, none new' })).toBeVisible();

  await page.goto(portal('user', '/notifications'));
  await expect(page.getByRole('link', { name: `${ada.username} sent you a friend request` })).toBeVisible();
  await expect(page.getByText('1 unread', { exact: true })).toBeVisible();
  await checkA11y(page, page.getByRole('heading', { name: 'Notifications', level: 1 }));
  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(page.getByText('You are all caught up.', { exact: true })).toBeVisible();
});
