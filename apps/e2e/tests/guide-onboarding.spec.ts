import { expect, test } from '@playwright/test';
import { api, checkA11y, portal, registerViaApi, signIn, uniqueEmail } from './helpers';

/**
 * The tour guide's ten-step set-up wizard (issue 10): progress is kept on the server, so a guide who fills two steps
 * at the stand-alone address, signs out and signs in again resumes at step three inside the portal, answers intact.
 */

async function token(email: string, password: string): Promise<string> {
  const res = await fetch(api('/api/auth/login'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A new account approved as a tour guide through the API (apply, then an admin approves). */
async function freshGuide(): Promise<{ email: string; password: string }> {
  const email = uniqueEmail('guide');
  const username = `tg_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const password = 'walks along the marina';
  await registerViaApi(username, email, password);
  const applied = await fetch(api('/api/v1/role-applications'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await token(email, password)}` },
    body: JSON.stringify({ role: 'tour_guide', details: { licence_number: 'LSTB-E2E-1', years: 3 } }),
  });
  expect(applied.status).toBe(201);
  const { data } = (await applied.json()) as { data: { id: string } };
  const approved = await fetch(api(`/api/v1/admin/role-applications/${data.id}/approve`), {
    method: 'POST',
    headers: { Authorization: `Bearer ${await token('admin@example.com', 'Passw0rd!demo')}` },
  });
  expect(approved.ok).toBe(true);
  return { email, password };
}

test('a new guide fills two steps, signs out and in, and resumes at step three', async ({ page }) => {
  const { email, password } = await freshGuide();
  await page.goto(portal('tour', '/login'));
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/tour-app/);

  // The dashboard offers the wizard until it is submitted.
  await expect(page.getByRole('heading', { name: 'Set up as a guide in ten steps' })).toBeVisible();

  // The stand-alone address opens at the first step.
  await page.goto(portal('tour', '/tourguide-onboarding'));
  await expect(page).toHaveURL(portal('tour', '/tourguide-onboarding/one'));
  const headline = page.getByLabel('Headline');
  await expect(headline).toBeVisible();
  await checkA11y(page, headline);

  // Check errors are placed under their fields.
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Write a headline travellers see first.')).toBeVisible();

  await headline.fill('Lagos Island on foot, with the stories behind it');
  await page.getByLabel('About you').fill('I grew up between Idumota and Broad Street and have walked its markets all my life.');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(portal('tour', '/tourguide-onboarding/two'));
  await page.getByRole('button', { name: '+ English' }).click();
  await page.getByRole('button', { name: '+ Yoruba' }).click();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(portal('tour', '/tourguide-onboarding/three'));
  await expect(page.getByLabel('Home city')).toBeVisible();

  // Sign out from the portal, then in again.
  await page.goto(portal('tour', '/tour-app/onboarding'));
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login\?signed_out=1/);
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/tour-app/);

  // The portal's address resumes at the first unsaved step, with the answers kept.
  await page.goto(portal('tour', '/tour-app/guide-onboarding'));
  await expect(page).toHaveURL(portal('tour', '/tour-app/guide-onboarding/three'));
  await expect(page.getByText('Step 3 of 10')).toBeVisible();
  await checkA11y(page, page.getByLabel('Home city'));
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(portal('tour', '/tour-app/guide-onboarding/two'));
  await expect(page.getByText('Yoruba', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page.getByLabel('Headline')).toHaveValue('Lagos Island on foot, with the stories behind it');
});
