import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, api, portal, registerViaApi, signIn, uniqueEmail } from './helpers';

/**
 * The provider's practice screens (issue 9) in the therapy portal: a fresh therapist fills the profile, creates an
 * offering, sets weekly hours and sees the dashboard follow; the demo therapist's screens with live data. Every main
 * screen is checked with axe at 375 and 1280 px.
 */

async function serious(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

async function axeAtBothWidths(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // No horizontal scrolling on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} width at ${width}px`).toBeLessThanOrEqual(width);
    expect(await serious(page), `${name} at ${width}px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function token(email: string, password = PASSWORD): Promise<string> {
  const res = await fetch(api('/api/auth/login'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A new account approved as a therapist through the API (apply, then an admin approves). */
async function freshTherapist(): Promise<{ email: string; password: string }> {
  const email = uniqueEmail('therapist');
  const username = `th_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const password = 'calm steady practice';
  await registerViaApi(username, email, password);
  const mine = await token(email, password);
  const applied = await fetch(api('/api/v1/role-applications'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${mine}` },
    body: JSON.stringify({ role: 'therapist', details: { licence_number: 'MDCN-E2E-1', years: 4 } }),
  });
  expect(applied.status).toBe(201);
  const { data } = (await applied.json()) as { data: { id: string } };
  const admin = await token('admin@example.com');
  const approved = await fetch(api(`/api/v1/admin/role-applications/${data.id}/approve`), { method: 'POST', headers: { Authorization: `Bearer ${admin}` } });
  expect(approved.ok).toBe(true);
  return { email, password };
}

test('a new therapist sets up the profile, an offering and hours, and the dashboard follows', async ({ page }) => {
  const { email, password } = await freshTherapist();
  await page.goto(portal('therapy', '/login'));
  await signIn(page, email, password);
  await expect(page).toHaveURL(portal('therapy', '/therapy-app/dashboard'));
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your profile is not in the directory yet' })).toBeVisible();
  const todo = page.getByRole('link', { name: 'Write a headline clients read first' });
  await expect(todo).toBeVisible();
  await axeAtBothWidths(page, 'dashboard (new therapist)');

  await test.step('edit the profile', async () => {
    await page.goto(portal('therapy', '/therapy-app/profile/editProfile'));
    await page.getByLabel('Headline').fill('Counselling psychologist for stress and sleep');
    await page.getByLabel('About you').fill('I work with adults who feel stretched thin, by video from Lagos, with practical tools from CBT.');
    const specialties = page.getByLabel('Specialties');
    await specialties.fill('stress');
    await specialties.press('Enter');
    await specialties.fill('sleep');
    await specialties.press('Enter');
    const languages = page.getByLabel('Languages you work in');
    await languages.fill('English');
    await languages.press('Enter');
    await page.getByLabel('City').fill('Lagos');
    await page.getByLabel('Country').selectOption('NG');
    await page.getByLabel('Time zone').selectOption('Africa/Lagos');
    await page.getByRole('checkbox', { name: 'Video (in Sojourn)' }).check();
    await page.getByLabel('Licence number').fill('MDCN-E2E-1');
    await page.getByLabel('Issuing body').fill('Medical and Dental Council of Nigeria');
    await axeAtBothWidths(page, 'edit profile');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page).toHaveURL(portal('therapy', '/therapy-app/profile'));
    await expect(page.getByRole('heading', { name: 'Practice profile', level: 1 })).toBeVisible();
    await expect(page.getByText('Waiting for verification').first()).toBeVisible();
    await expect(page.getByText('Counselling psychologist for stress and sleep')).toBeVisible();
  });

  await test.step('create an offering', async () => {
    await page.goto(portal('therapy', '/therapy-app/offerings'));
    await expect(page.getByText('No offerings yet')).toBeVisible();
    await axeAtBothWidths(page, 'offerings (empty)');
    await page.getByRole('button', { name: 'New offering' }).click();
    await page.getByLabel('Title').fill('Stress check-in');
    await page.getByLabel('Description').fill('Fifty minutes to untangle what is weighing on you and leave with one next step.');
    await page.getByLabel('Price', { exact: true }).fill('15000');
    await page.getByLabel('Free cancellation until').fill('48');
    await page.getByLabel('Fee after that').fill('25');
    await expect(page.getByText('What clients read: Clients can cancel free of charge until 2 days before the session. After that you keep 25% of the price and they get the rest back.')).toBeVisible();
    await page.getByRole('button', { name: 'Add a question' }).click();
    await page.getByLabel('Question 1', { exact: true }).fill('What would you like help with?');
    await axeAtBothWidths(page, 'offering form');
    await page.getByRole('button', { name: 'Create offering' }).click();
    const card = page.getByTestId('offering').filter({ hasText: 'Stress check-in' });
    await expect(card).toBeVisible();
    await expect(card.getByText(/15,000\.00 · 50 minutes · Video · one-to-one/)).toBeVisible();
    await expect(card.getByText('1 intake question: What would you like help with?')).toBeVisible();
    // The "created" toast fades in and out over the page; axe reads the page once it has gone.
    await expect(page.getByRole('region', { name: /^Notifications/ }).getByRole('alert')).toHaveCount(0, { timeout: 15_000 });
    await axeAtBothWidths(page, 'offerings');
  });

  await test.step('set weekly hours', async () => {
    await page.goto(portal('therapy', '/therapy-app/profile/schedulling'));
    await expect(page.getByRole('heading', { name: 'Hours and availability', level: 1 })).toBeVisible();
    await page.getByRole('group', { name: 'Monday' }).getByRole('button', { name: 'Add hours' }).click();
    await page.getByRole('group', { name: 'Wednesday' }).getByRole('button', { name: 'Add hours' }).click();
    await page.getByLabel('Wednesday: end of range 1').fill('11:00');
    await page.getByLabel('Most bookings in a day').fill('4');
    await axeAtBothWidths(page, 'schedule');
    await page.getByRole('button', { name: 'Save weekly hours' }).click();
    await expect(page.getByText('Weekly hours saved. Clients see the new times now.')).toBeVisible();
    await expect(page.getByText('5 open hours a week, in Africa/Lagos')).toBeVisible();
  });

  await test.step('the dashboard and setup follow', async () => {
    await page.goto(portal('therapy', '/therapy-app/dashboard'));
    await expect(page.getByText('Add a photo of you')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Write a headline clients read first' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Set your weekly hours' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Create your first offering' })).toHaveCount(0);
    await expect(page.getByText('Licence sent: waiting for an admin to verify it')).toBeVisible();
    await page.goto(portal('therapy', '/therapy-app/onboarding?step=publish'));
    await expect(page.getByText(/Your licence is waiting for an admin to verify it; you can publish as soon as it is verified/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Publish my profile' })).toBeDisabled();
  });

  await test.step('empty appointments and clients', async () => {
    await page.goto(portal('therapy', '/therapy-app/appointments'));
    await expect(page.getByText('No upcoming appointments')).toBeVisible();
    await axeAtBothWidths(page, 'appointments (empty)');
    await page.goto(portal('therapy', '/therapy-app/clients'));
    await expect(page.getByText('No clients yet')).toBeVisible();
    await axeAtBothWidths(page, 'clients (empty)');
  });
});

test('the demo therapist’s practice screens show live data', async ({ page }) => {
  await page.goto(portal('therapy', '/login?redirect=%2Ftherapy-app%2Fdashboard%2Ftest-dashboard'));
  await signIn(page, 'therapist@example.com');
  await expect(page).toHaveURL(portal('therapy', '/therapy-app/dashboard/test-dashboard'));
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Earned this month')).toBeVisible();
  await axeAtBothWidths(page, 'dashboard');

  await page.goto(portal('therapy', '/therapy-app/appointments'));
  await expect(page.getByTestId('appointment').first()).toBeVisible();
  await axeAtBothWidths(page, 'appointments');

  await page.goto(portal('therapy', '/therapy-app/patients/my-patients'));
  await expect(page.getByRole('heading', { name: 'My patients', level: 1 })).toBeVisible();
  const first = page.getByRole('table', { name: 'Your patients' }).getByRole('link').first();
  await expect(first).toBeVisible();
  await axeAtBothWidths(page, 'patients');
  await first.click();
  await expect(page).toHaveURL(/\/therapy-app\/patients\/single-patients\?id=/);
  await expect(page.getByText('Only you can see these notes.')).toBeVisible();
  const write = page.getByRole('button', { name: 'Write a note' });
  await expect(write.or(page.getByLabel('Subjective'))).toBeVisible();
  if (await write.isVisible()) await write.click();
  await expect(page.getByLabel('Subjective')).toBeVisible();
  await axeAtBothWidths(page, 'patient');

  await page.goto(portal('therapy', '/therapy-app/calendar-therapy'));
  await expect(page.getByRole('list', { name: 'Week' })).toBeVisible();
  await axeAtBothWidths(page, 'calendar');

  await page.goto(portal('therapy', '/therapy-app/offerings'));
  await expect(page.getByRole('heading', { name: 'Packages' })).toBeVisible();
  await axeAtBothWidths(page, 'offerings (demo)');
});
