import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, api, newAccount, portal, registerViaApi, signIn } from './helpers';

/** Frames the page's realtime socket receives, by type. */
function socketFrames(page: Page) {
  const types: string[] = [];
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/api/v1/realtime?ticket=')) return;
    ws.on('framereceived', (f) => {
      try {
        types.push((JSON.parse(String(f.payload)) as { type: string }).type);
      } catch {
        // not a frame of ours
      }
    });
  });
  return types;
}

// Signing out everywhere from another device ends this tab's socket at once (session.ended), and the tab signs out.
test('every open tab connects to the realtime socket and is signed out when the session ends elsewhere', async ({ browser }) => {
  const { username, email } = newAccount('realtime');
  await registerViaApi(username, email, PASSWORD);
  const context = await browser.newContext();
  const first = await context.newPage();
  const firstFrames = socketFrames(first);
  await first.goto(portal('user', '/login'));
  await signIn(first, email);
  await expect(first).not.toHaveURL(/\/login/);
  // A new member lands in the onboarding journey (no portal shell there); the portal's pages hold the socket.
  await first.goto(portal('user', '/notifications'));
  await expect.poll(() => firstFrames.includes('ready')).toBe(true);

  // A second tab of the same browser opens its own socket.
  const second = await context.newPage();
  const secondFrames = socketFrames(second);
  await second.goto(portal('user', '/profile'));
  await expect.poll(() => secondFrames.includes('ready')).toBe(true);

  const token = await first.evaluate(() => (JSON.parse(localStorage.getItem('sojourn-auth') ?? '{}') as { state: { accessToken: string } }).state.accessToken);
  const res = await fetch(api('/api/auth/logout-all'), { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
  expect(res.status).toBe(204);

  await expect.poll(() => firstFrames.includes('session.ended')).toBe(true);
  await expect.poll(() => secondFrames.includes('session.ended')).toBe(true);
  await expect(first).toHaveURL(/\/login/);
  await context.close();
});
