import { expect, test, type Browser, type Page } from '@playwright/test';
import { PNG_1PX, api, checkA11y, newAccount, portal, registerViaApi, signIn } from './helpers';

const PASSWORD = 'two people who might match';

async function bearer(email: string): Promise<string> {
  const res = await fetch(api('/api/auth/login'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A fresh adult in Lagos who speaks `language` (a word only this test's pair uses, so they are each other's only candidate). */
async function person(prefix: string, name: string, gender: 'woman' | 'man', language: string) {
  const acct = newAccount(prefix);
  await registerViaApi(acct.username, acct.email, PASSWORD);
  const token = await bearer(acct.email);
  const res = await fetch(api('/api/v1/profile'), {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      display_name: name,
      bio: 'Weekend hikes, long lunches and a camera on every trip.',
      phone: '+2348012345678',
      date_of_birth: '1992-05-14',
      gender,
      city: 'Lagos',
      country: 'NG',
      languages: [language],
    }),
  });
  expect(res.status).toBe(200);
  // A complete profile (matchmaking asks for one): the photo too.
  const form = new FormData();
  form.append('avatar', new Blob([PNG_1PX], { type: 'image/png' }), 'me.png');
  const photo = await fetch(api('/api/v1/profile/avatar'), { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  expect(photo.ok).toBe(true);
  return { ...acct, name };
}

async function signedIn(browser: Browser, email: string, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(portal('user', path));
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(portal('user', path));
  return page;
}

/** Picks the choice labelled `text` in the group (fieldset) named `group`. */
async function choose(page: Page, group: string, ...texts: string[]) {
  const g = page.getByRole('group', { name: group, exact: true });
  for (const t of texts) await g.locator('label').filter({ hasText: new RegExp(`^${t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).click();
}

async function next(page: Page, to: string) {
  await page.getByRole('button', { name: /^Save and (continue|finish)$/ }).click();
  await expect(page).toHaveURL(portal('user', to));
}

/** Opts in from the welcome page and walks the eleven steps and eight questions through the screens. */
async function walkPreferences(page: Page, language: string, lookingFor: string[], a11y: boolean) {
  await expect(page.getByRole('heading', { name: 'Meet people who travel and live like you' })).toBeVisible();
  if (a11y) await checkA11y(page, page.getByRole('button', { name: 'Opt in and start' }));
  await page.getByRole('button', { name: 'Opt in and start' }).click();
  await expect(page).toHaveURL(portal('user', '/user-preferences/one'));

  await expect(page.getByText('Step 1 of 11')).toBeVisible();
  await choose(page, 'I am looking for', 'Dating');
  if (a11y) await checkA11y(page, page.getByRole('heading', { name: 'What you are looking for' }));
  await next(page, '/user-preferences/two');
  await page.getByLabel('From').fill('25');
  await page.getByLabel('To', { exact: true }).fill('45');
  await next(page, '/user-preferences/three');
  await choose(page, 'Home cities at most', 'Anywhere');
  await next(page, '/user-preferences/four');
  await choose(page, 'I would like to meet', ...lookingFor);
  await next(page, '/user-preferences/five');
  const langs = page.getByRole('textbox', { name: /^Languages/ });
  await langs.fill(language);
  await langs.press('Enter');
  await next(page, '/user-preferences/six');
  await choose(page, 'I smoke', 'Never');
  await choose(page, 'I drink', 'Socially');
  await choose(page, 'I eat', 'Anything');
  await choose(page, 'How active I am', 'Active');
  await next(page, '/user-preferences/seven');
  await choose(page, 'My faith', 'Spiritual');
  await next(page, '/user-preferences/eight');
  await choose(page, 'I have children', 'No');
  await choose(page, 'Children in the future', 'Open to it');
  await next(page, '/user-preferences/nine');
  await choose(page, 'My travel style', 'Light');
  await choose(page, 'I travel', 'Every few months');
  await next(page, '/user-preferences/ten');
  const interests = page.getByRole('textbox', { name: /^Interests/ });
  await interests.fill('hiking');
  await interests.press('Enter');
  await next(page, '/user-preferences/eleven');
  await choose(page, 'A match must share', 'Speaks one of my languages');
  await next(page, '/user-preferences/preference-one');

  const words = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'];
  for (let i = 0; i < 8; i++) {
    await expect(page.getByText(`Question ${i + 1} of 8`)).toBeVisible();
    await page.getByRole('group', { name: 'My answer', exact: true }).locator('label').first().click();
    const accepted = page.getByRole('group', { name: /^Answers I accept/ }).locator('label');
    for (let k = 0; k < (await accepted.count()); k++) await accepted.nth(k).click();
    await choose(page, 'How much it matters to me', 'Somewhat');
    if (a11y && i === 0) await checkA11y(page, page.getByRole('button', { name: 'Save and continue' }));
    await next(page, i < 7 ? `/user-preferences/preference-${words[i + 1]}` : '/user-preferences');
  }
  await expect(page.getByText('19 of 19 answered. Everything is answered.')).toBeVisible();
}

test('two people with compatible preferences walk the journey, see each other with the same accuracy, match and open the conversation', async ({ browser }) => {
  test.setTimeout(240_000);
  const language = `lingo${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const ada = await person('mm_ada', 'Ada Mm', 'woman', language);
  const bayo = await person('mm_bayo', 'Bayo Mm', 'man', language);

  const a = await signedIn(browser, ada.email, '/user-preferences/onboard');
  await walkPreferences(a, language, ['Men'], true);
  await checkA11y(a, a.getByRole('heading', { name: 'Matchmaking preferences', level: 1 }));

  const b = await signedIn(browser, bayo.email, '/user-preferences/onboard');
  await walkPreferences(b, language, ['Women'], false);

  // Each sees the other (their only candidate, by the shared made-up language as a dealbreaker), with the same accuracy.
  await a.goto(portal('user', '/matchmaking'));
  const bCard = a.getByTestId('candidate').filter({ hasText: bayo.name });
  await expect(bCard).toBeVisible();
  const accuracy = (await bCard.getByTestId('accuracy').textContent())!;
  expect(accuracy).toMatch(/^\d{1,3}% match$/);
  await expect(bCard.getByRole('list', { name: `Why ${bayo.name} is suggested` })).toBeVisible();
  await checkA11y(a, bCard);

  await b.goto(portal('user', '/matchmaking'));
  const aCard = b.getByTestId('candidate').filter({ hasText: ada.name });
  await expect(aCard).toBeVisible();
  await expect(aCard.getByTestId('accuracy')).toHaveText(accuracy);

  // Ada likes first: no match yet. Bayo likes back: it is a match, and "Send a message" opens their conversation.
  await bCard.getByRole('button', { name: `Like ${bayo.name}` }).click();
  await expect(bCard).toHaveCount(0);
  await expect(a.getByRole('dialog')).toHaveCount(0);

  await aCard.getByRole('button', { name: `Like ${ada.name}` }).click();
  const dialog = b.getByRole('dialog', { name: 'It’s a match!' });
  await expect(dialog).toBeVisible();
  await checkA11y(b, dialog, '[role="dialog"]');
  await dialog.getByRole('link', { name: 'Send a message' }).click();
  await expect(b).toHaveURL(/\/messaging\?c=[^&]+$/);

  // Ada finds Bayo among her matches, with the same accuracy and the way to the conversation.
  await a.goto(portal('user', '/matchmaking?tab=matches'));
  const row = a.getByTestId('match').filter({ hasText: bayo.name });
  await expect(row).toBeVisible();
  await expect(row.getByText(accuracy)).toBeVisible();
  await checkA11y(a, row);
  await row.getByRole('link', { name: `Message ${bayo.name}` }).click();
  await expect(a).toHaveURL(/\/messaging\?c=[^&]+$/);
});
