import { expect, test, type Browser, type Page } from '@playwright/test';
import { PASSWORD as DEMO_PASSWORD, api, checkA11y, newAccount, portal, registerViaApi, signIn } from './helpers';

// Chromium's fake camera and microphone, granted without a prompt; host candidates as plain addresses so the
// contexts reach each other on this machine (as in video-session.spec.ts).
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

const PASSWORD = 'four people one evening';

async function bearer(email: string, password = PASSWORD): Promise<string> {
  const res = await fetch(api('/api/auth/login'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
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
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

type Person = { key: 'W1' | 'W2' | 'M1' | 'M2'; name: string; email: string };

/** A fresh adult taking part in matchmaking, seeking the other gender, any age and distance. */
async function person(key: Person['key'], tag: string): Promise<Person> {
  const woman = key.startsWith('W');
  const acct = newAccount(`sd_${key.toLowerCase()}`);
  const name = `${woman ? (key === 'W1' ? 'Amara' : 'Bisi') : key === 'M1' ? 'Chidi' : 'Dayo'} ${tag}`;
  await registerViaApi(acct.username, acct.email, PASSWORD);
  const token = await bearer(acct.email);
  const profile = await call('PATCH', '/api/v1/profile', token, {
    display_name: name,
    bio: 'Sunday markets, long walks and a good playlist.',
    date_of_birth: woman ? '1994-03-02' : '1991-08-19',
    gender: woman ? 'woman' : 'man',
    city: 'Lagos',
    country: 'NG',
    languages: ['English'],
  });
  expect(profile.status, JSON.stringify(profile.json)).toBe(200);
  const optIn = await call('POST', '/api/v1/matchmaking/opt-in', token);
  expect(optIn.status, JSON.stringify(optIn.json)).toBeLessThan(300);
  for (const [step, body] of [
    ['genders', { genders: [woman ? 'man' : 'woman'] }],
    ['age', { age_min: 18, age_max: 99 }],
    ['distance', { max_distance_km: 20000 }],
  ] as const) {
    const saved = await call('PUT', `/api/v1/matchmaking/preferences/${step}`, token, body);
    expect(saved.status, `${step}: ${JSON.stringify(saved.json)}`).toBe(200);
  }
  return { key, name, email: acct.email };
}

/** Who says yes to whom: W1-M1 and W1-M2 are mutual; W2 likes M2 and M1 likes W2, neither back. */
const YES: Record<Person['key'], Person['key'][]> = { W1: ['M1', 'M2'], W2: ['M2'], M1: ['W1', 'W2'], M2: ['W1'] };
const MATCHES: Record<Person['key'], Person['key'][]> = { W1: ['M1', 'M2'], W2: [], M1: ['W1'], M2: ['W1'] };

/** What the partner's <video> plays. */
async function remoteMedia(page: Page) {
  return page.getByTestId('remote-video').evaluate((v: HTMLVideoElement) => {
    const s = v.srcObject as MediaStream | null;
    const live = (ts: MediaStreamTrack[]) => ts.filter((t) => t.readyState === 'live').length;
    return { audio: s ? live(s.getAudioTracks()) : 0, video: s ? live(s.getVideoTracks()) : 0, frames: v.videoWidth > 0 };
  });
}

async function openAs(browser: Browser, email: string, path: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(portal('user', `/login?redirect=${encodeURIComponent(path)}`));
  await signIn(page, email, password);
  await expect(page).toHaveURL(portal('user', path));
  return page;
}

test('four people meet in two video rounds hosted from the console, vote in private and see exactly their mutual matches', async ({ browser }) => {
  test.setTimeout(150_000);
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const admin = await bearer('admin@example.com', DEMO_PASSWORD);

  // Four fresh people and a free event for them starting in six minutes (check-in opens 15 minutes before).
  const people = await Promise.all((['W1', 'W2', 'M1', 'M2'] as const).map((k) => person(k, tag)));
  const byKey = Object.fromEntries(people.map((p) => [p.key, p])) as Record<Person['key'], Person>;
  const title = `Sunset speed dating ${tag}`;
  const created = await call('POST', '/api/v1/admin/speed-dating/events', admin, {
    title,
    description: 'A relaxed evening of short video dates.',
    starts_at: new Date(Date.now() + 6 * 60_000).toISOString(),
    time_zone: 'Africa/Lagos',
    rounds: 2,
    round_seconds: 60,
    changeover_seconds: 10,
    audience: 'women_men',
    age_min: 18,
    age_max: 99,
    capacity: 4,
    min_participants: 4,
    price: { amount: 0, currency: 'NGN' },
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const eventId = ((created.json.data as { event: { id: string } }).event).id;
  const eventPath = `/speed-dating?event=${eventId}`;

  // Each person opens the event, takes a free ticket and checks in: four browsers with fake cameras.
  const pages = {} as Record<Person['key'], Page>;
  await Promise.all(
    people.map(async (p) => {
      const page = await openAs(browser, p.email, eventPath, PASSWORD);
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      await page.getByRole('button', { name: 'Get a free ticket' }).click();
      await expect(page.getByRole('heading', { name: 'Check-in is open' })).toBeVisible();
      await page.getByRole('button', { name: 'Check in' }).click();
      await expect(page.getByRole('heading', { name: 'You’re checked in' })).toBeVisible();
      pages[p.key] = page;
    }),
  );
  await checkA11y(pages.W1, pages.W1.getByRole('heading', { name: 'You’re checked in' }));

  // The host starts from the console.
  const host = await (await browser.newContext()).newPage();
  await host.goto(portal('admin', `/login?redirect=${encodeURIComponent(`/admin-dashboard/speed-dating/${eventId}`)}`));
  await signIn(host, 'admin@example.com', DEMO_PASSWORD);
  await expect(host.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(host.getByText('4 checked in of 4 confirmed.', { exact: false })).toBeVisible();
  await checkA11y(host, host.getByRole('heading', { name: 'Host console' }));
  await host.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(host.getByTestId('console-round')).toHaveText('Round 1 of 2');

  /** One round: everyone sees a partner of the other group, the video connects both ways, and each votes. */
  const met = new Map<Person['key'], Person['key'][]>(people.map((p) => [p.key, []]));
  const round = async (n: number, voteNow: boolean) => {
    await Promise.all(
      people.map(async (p) => {
        const page = pages[p.key];
        await expect(page.getByTestId('round-label')).toHaveText(`Round ${n} of 2`);
        const partnerName = (await page.getByTestId('partner-name').textContent())?.trim() ?? '';
        const partner = people.find((x) => x.name === partnerName);
        expect(partner, `${p.key} has a partner in round ${n}`).toBeTruthy();
        expect(partner!.key[0], 'a woman meets a man').not.toBe(p.key[0]);
        expect(met.get(p.key), 'a new partner each round').not.toContain(partner!.key);
        met.get(p.key)!.push(partner!.key);
        await expect.poll(() => remoteMedia(page), { timeout: 30_000 }).toEqual({ audio: 1, video: 1, frames: true });
        if (voteNow) {
          const yes = YES[p.key].includes(partner!.key);
          const group = page.getByRole('group', { name: `Your vote on ${partnerName}` });
          await group.getByRole('button', { name: yes ? 'Yes' : 'No' }).click();
          await expect(group.getByRole('button', { name: yes ? 'Yes' : 'No' })).toHaveAttribute('aria-pressed', 'true');
        }
      }),
    );
  };

  await round(1, true);
  await checkA11y(pages.M1, pages.M1.getByTestId('partner-name'));
  await expect(host.getByTestId('votes-cast')).toHaveText('4');

  // The bell: round 2 with the other partner.
  await host.getByRole('button', { name: 'Next round' }).click();
  await expect(host.getByTestId('console-round')).toHaveText('Round 2 of 2');
  await round(2, false);

  // The last bell opens voting; each says yes or no about their second partner, and the last vote closes it.
  await host.getByRole('button', { name: 'Next round' }).click();
  await expect(host.getByTestId('console-round')).toHaveText('Voting');
  for (const p of people) {
    const page = pages[p.key];
    await expect(page.getByRole('heading', { name: 'The dates are over' })).toBeVisible();
    const second = byKey[met.get(p.key)![1]!];
    const yes = YES[p.key].includes(second.key);
    const group = page.getByRole('group', { name: `Your vote on ${second.name}` });
    await group.getByRole('button', { name: yes ? 'Yes' : 'No' }).click();
    // The last vote closes voting at once, and that page moves on to the matches.
    if (p !== people[people.length - 1]) await expect(group.getByRole('button', { name: yes ? 'Yes' : 'No' })).toHaveAttribute('aria-pressed', 'true');
  }
  await checkA11y(pages.W2, pages.W2.getByRole('heading', { name: /The dates are over|No matches this time/ }));

  // Exactly the mutual yeses became matches, each with its conversation.
  for (const p of people) {
    const page = pages[p.key];
    const want = MATCHES[p.key];
    await expect(page.getByRole('heading', { name: want.length === 0 ? 'No matches this time' : want.length === 1 ? 'You have a match!' : `You have ${want.length} matches!` })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('speed-match')).toHaveCount(want.length);
    for (const k of want) await expect(page.getByRole('link', { name: `Message ${byKey[k].name}` })).toHaveAttribute('href', /\/messaging\?(c|to)=/);
  }
  await checkA11y(pages.W1, pages.W1.getByRole('heading', { name: 'You have 2 matches!' }));
  await expect(host.getByTestId('matches-made')).toHaveText('2');
  await expect(host.getByTestId('console-round')).toHaveText('Ended');

  await pages.W1.getByRole('link', { name: `Message ${byKey.M1.name}` }).click();
  await expect(pages.W1).toHaveURL(/\/messaging\?/);
});
