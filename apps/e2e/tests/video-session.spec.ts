import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { api, portal, registerViaApi, signIn, uniqueEmail } from './helpers';

// Chromium's fake camera and microphone, granted without a prompt; host candidates as plain addresses so the two
// contexts reach each other on this machine.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-gpu',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
      '--disable-features=WebRtcHideLocalIpsWithMdns',
    ],
  },
});

const SHOTS = process.env.SCREENSHOT_DIR;

async function token(email: string, password: string): Promise<string> {
  const res = await fetch(api('/api/auth/login'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function call(method: string, path: string, bearer: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(api(path), {
    method,
    headers: { Authorization: `Bearer ${bearer}`, ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function userId(admin: string, username: string): Promise<string> {
  const found = await call('GET', `/api/v1/admin/users?q=${encodeURIComponent(username)}`, admin);
  const u = (found.json.data as { id: string; username: string }[]).find((x) => x.username === username);
  expect(u, `${username} is listed`).toBeTruthy();
  return u!.id;
}

/** Local wall time and weekday of an instant in a zone. */
function localParts(d: Date, zone: string) {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', weekday: 'long', hourCycle: 'h23' }).formatToParts(d).map((p) => [p.type, p.value]));
  return { hhmm: `${parts['hour']}:${parts['minute']}`, weekday: String(parts['weekday']).toLowerCase(), hour: Number(parts['hour']) };
}

/**
 * Through the real API: a new therapist (role granted and licence verified by the admin) whose practice opens a
 * couple of minutes from now, a video offering, and a new client who books and pays for the first slot, so the
 * session's room is open now (it opens 10 minutes before the start).
 */
async function sessionStartingNow() {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const admin = await token('admin@example.com', 'Passw0rd!demo');
  const therapist = { username: `vt_${tag}`, email: uniqueEmail('vtherapist'), password: 'calm harbour morning light' };
  await registerViaApi(therapist.username, therapist.email, therapist.password);
  const therapistId = await userId(admin, therapist.username);
  expect((await call('PATCH', `/api/v1/admin/users/${therapistId}`, admin, { roles: ['therapist'], reason: 'End-to-end video session' })).status).toBe(200);
  let own = await token(therapist.email, therapist.password);
  // A zone where the next hour does not cross midnight.
  const zone = localParts(new Date(), 'UTC').hour < 22 ? 'UTC' : 'Asia/Tokyo';
  const saved = await call('PUT', '/api/v1/practice/profile?kind=therapist', own, {
    headline: 'Counselling for anxiety and change',
    bio: 'Short-term counselling for people going through a move, a loss or a new job.',
    specialties: ['anxiety'],
    languages: ['English'],
    city: 'Lagos',
    country: 'NG',
    time_zone: zone,
    formats: [{ kind: 'video' }],
    licence_number: `NACP-${tag.toUpperCase()}`,
    issuing_body: 'Nigerian Association of Clinical Psychologists',
  });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  const providerId = (saved.json.data as { id: string }).id;
  expect((await call('POST', `/api/v1/admin/providers/${providerId}/verification`, admin, { decision: 'verified' })).status).toBe(200);
  const offering = await call('POST', '/api/v1/practice/offerings?kind=therapist', own, {
    title: 'Video counselling',
    format: 'video',
    duration_min: 45,
    price: { amount: 1500000, currency: 'NGN' },
    min_notice_min: 0,
    max_advance_days: 30,
  });
  expect(offering.status, JSON.stringify(offering.json)).toBe(201);
  const offeringId = (offering.json.data as { id: string }).id;
  // Today's hours start two minutes from now, so the first slot starts then.
  const opens = localParts(new Date(Date.now() + 2 * 60_000), zone);
  const weekly = { [opens.weekday]: [{ start: opens.hhmm, end: '24:00' }] };
  const sched = await call('PUT', '/api/v1/practice/schedule?kind=therapist', own, { weekly });
  expect(sched.status, JSON.stringify(sched.json)).toBe(200);
  own = await token(therapist.email, therapist.password);
  const published = await call('POST', '/api/v1/practice/profile/publish?kind=therapist', own);
  expect(published.status, JSON.stringify(published.json)).toBe(200);

  const client = { username: `vc_${tag}`, email: uniqueEmail('vclient'), password: 'quiet river evening walk' };
  await registerViaApi(client.username, client.email, client.password);
  const clientId = await userId(admin, client.username);
  const credit = await call('POST', '/api/v1/admin/ledger/adjustments', admin, { user_id: clientId, amount: 1500000, currency: 'NGN', reason: 'End-to-end test: money to book a video session' }, { 'Idempotency-Key': `e2e-video-${tag}` });
  expect(credit.status, JSON.stringify(credit.json)).toBe(201);
  const ct = await token(client.email, client.password);
  const day = new Date().toISOString().slice(0, 10);
  const next = new Date(Date.now() + 2 * 86400_000).toISOString().slice(0, 10);
  const slots = await call('GET', `/api/v1/offerings/${offeringId}/slots?from=${day}&to=${next}&tz=UTC`, ct);
  expect(slots.status, JSON.stringify(slots.json)).toBe(200);
  const start = (slots.json.data as { slots: { start: string }[] }).slots[0]!.start;
  expect(new Date(start).getTime() - Date.now(), 'the first slot starts within 10 minutes').toBeLessThan(10 * 60_000);
  const held = await call('POST', '/api/v1/bookings/holds', ct, { offering_id: offeringId, start });
  expect(held.status, JSON.stringify(held.json)).toBe(201);
  const bookingId = (held.json.data as { id: string }).id;
  const paid = await call('POST', '/api/v1/bookings', ct, { hold_id: bookingId, pay_with: 'wallet' }, { 'Idempotency-Key': `e2e-video-pay-${tag}` });
  expect(paid.status, JSON.stringify(paid.json)).toBe(201);
  expect((paid.json.data as { booking: { status: string } }).booking.status).toBe('confirmed');
  return { therapist, client, bookingId };
}

/** What the remote <video> plays: its live audio and video tracks and whether frames arrive. */
async function remoteMedia(page: Page) {
  return page.getByTestId('remote-video').evaluate((v: HTMLVideoElement) => {
    const s = v.srcObject as MediaStream | null;
    const live = (ts: MediaStreamTrack[]) => ts.filter((t) => t.readyState === 'live').length;
    return { audio: s ? live(s.getAudioTracks()) : 0, video: s ? live(s.getVideoTracks()) : 0, frames: v.videoWidth > 0 };
  });
}

async function axe(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} at ${width}px: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    expect(serious, name).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a therapist admits a client from the lobby and both see and hear each other', async ({ browser }) => {
  // Two browsers, two accounts made through the API and two WebRTC negotiations.
  test.setTimeout(180_000);
  const s = await sessionStartingNow();
  const tctx = await browser.newContext();
  const cctx = await browser.newContext();
  const therapist = await tctx.newPage();
  const client = await cctx.newPage();

  // The therapist's list of rooms.
  await therapist.goto(portal('therapy', `/login?redirect=${encodeURIComponent('/therapy-app/video-chat')}`));
  await signIn(therapist, s.therapist.email, s.therapist.password);
  await expect(therapist.getByRole('heading', { name: 'Video sessions', level: 1 })).toBeVisible();
  const row = therapist.getByRole('listitem').filter({ hasText: s.client.username });
  await expect(row.getByText('Open now')).toBeVisible();

  // The client opens the room from the link and waits in the lobby.
  await client.goto(portal('user', `/login?redirect=${encodeURIComponent(`/video-chat?room=${s.bookingId}`)}`));
  await signIn(client, s.client.email, s.client.password);
  await expect(client.getByRole('heading', { name: `Session with ${s.therapist.username}` })).toBeVisible();
  await expect(client.getByTestId('local-video')).toBeVisible();
  await axe(client, 'video-prejoin');
  await client.getByRole('button', { name: 'Join now' }).click();
  await expect(client.getByText(`Waiting for ${s.therapist.username} to let you in`)).toBeVisible();
  await axe(client, 'video-lobby');

  // The therapist sees the client waiting (pushed), opens the room and admits from it.
  await expect(row.getByText('Waiting in the lobby')).toBeVisible();
  await axe(therapist, 'video-provider-list');
  await row.getByRole('link', { name: /Join the room with/ }).click();
  await expect(therapist.getByText(`${s.client.username} is waiting in the lobby.`)).toBeVisible();
  await therapist.getByRole('button', { name: `Admit ${s.client.username}` }).click();

  // Both receive the other's audio and video.
  for (const p of [therapist, client]) {
    await expect.poll(() => remoteMedia(p), { timeout: 30_000 }).toEqual({ audio: 1, video: 1, frames: true });
    await expect(p.getByTestId('connection-quality')).toBeVisible();
  }
  await expect(client.getByText(/Waiting for .* to let you in/)).toHaveCount(0);
  await axe(therapist, 'video-call');

  // Mute and camera off are toggles; leaving ends the client's side and the therapist sees them gone.
  const mute = client.getByRole('button', { name: 'Mute microphone' });
  await mute.click();
  await expect(client.getByRole('button', { name: 'Unmute microphone' })).toHaveAttribute('aria-pressed', 'true');
  await client.getByRole('button', { name: 'Turn camera off' }).click();
  await expect(client.getByRole('button', { name: 'Turn camera on' })).toHaveAttribute('aria-pressed', 'true');
  await client.getByRole('button', { name: 'Leave' }).click();
  await expect(client.getByText('You left the session.')).toBeVisible();
  await expect(therapist.getByText(`Waiting for ${s.client.username} to join…`)).toBeVisible();

  // Coming back needs no second admission.
  await client.getByRole('button', { name: 'Rejoin' }).click();
  await expect.poll(() => remoteMedia(therapist), { timeout: 30_000 }).toEqual({ audio: 1, video: 1, frames: true });
  await expect.poll(() => remoteMedia(client), { timeout: 30_000 }).toEqual({ audio: 1, video: 1, frames: true });

  // Someone else is told the room does not exist.
  const other = await call('GET', `/api/v1/video/rooms/${s.bookingId}`, await token('user@example.com', 'Passw0rd!demo'));
  expect(other.status).toBe(404);
  await tctx.close();
  await cctx.close();
});
