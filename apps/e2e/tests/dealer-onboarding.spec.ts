import { expect, test } from '@playwright/test';
import { api, checkA11y, portal, registerViaApi, signIn, uniqueEmail } from './helpers';

const PASSWORD = 'showroom on ogui road';

async function token(email: string, password: string): Promise<string> {
  const res = await fetch(api('/api/auth/login'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A new account approved as a car dealer through the API (apply, then an admin approves). */
async function freshDealer(): Promise<string> {
  const email = uniqueEmail('dealer');
  await registerViaApi(`cd_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`, email, PASSWORD);
  const applied = await fetch(api('/api/v1/role-applications'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await token(email, PASSWORD)}` },
    body: JSON.stringify({ role: 'car_dealer', details: { business_name: 'Okonkwo Autos', licence_number: 'EN-4471' } }),
  });
  expect(applied.status).toBe(201);
  const { data } = (await applied.json()) as { data: { id: string } };
  const approved = await fetch(api(`/api/v1/admin/role-applications/${data.id}/approve`), { method: 'POST', headers: { Authorization: `Bearer ${await token('admin@example.com', 'Passw0rd!demo')}` } });
  expect(approved.ok).toBe(true);
  return email;
}

test('a new car dealer saves two set-up steps, signs out and in, and resumes at step three', async ({ page }) => {
  test.setTimeout(120_000);
  const email = await freshDealer();
  await page.goto(portal('car-dealer', '/login'));
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(portal('car-dealer', '/car-dealer'));

  // The base address opens the first unsaved step.
  await page.goto(portal('car-dealer', '/car-dealer/onboarding'));
  await expect(page).toHaveURL(portal('car-dealer', '/car-dealer/onboarding/one'));
  await expect(page.getByRole('heading', { name: 'Dealership', level: 2 })).toBeVisible();
  await checkA11y(page, page.getByLabel('Tagline'));
  // The name starts as the business name the dealer applied with.
  await expect(page.getByLabel('Dealership name')).toHaveValue('Okonkwo Autos');

  // Required fields are named before anything is saved.
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Tell buyers about your dealership')).toBeVisible();
  await page.getByLabel('Tagline').fill('Inspected Japanese cars with their papers');
  await page.getByLabel('About the dealership').fill('A family dealership in Enugu since 2009. Every car is inspected and comes with its papers.');
  await page.getByLabel('City').fill('Enugu');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page).toHaveURL(portal('car-dealer', '/car-dealer/onboarding/two'));
  await page.getByLabel('Dealer licence number').fill('EN-4471');
  await page.getByLabel('Issued by').fill('Enugu State Motor Dealers Board');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(portal('car-dealer', '/car-dealer/onboarding/three'));
  await expect(page.getByLabel('Showroom address')).toBeVisible();

  // Sign out and in: the wizard resumes at step three with the saved answers kept.
  await page.goto(portal('car-dealer', '/logout'));
  await expect(page).toHaveURL(/\/login\?signed_out=1/);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(portal('car-dealer', '/car-dealer'));
  await page.goto(portal('car-dealer', '/car-dealer/onboarding'));
  await expect(page).toHaveURL(portal('car-dealer', '/car-dealer/onboarding/three'));
  await expect(page.getByText('2 saved')).toBeVisible();
  await checkA11y(page, page.getByLabel('Showroom address'));

  // A later step is not reachable before step three is saved; an earlier one keeps its answers.
  await page.goto(portal('car-dealer', '/car-dealer/onboarding/six'));
  await expect(page).toHaveURL(portal('car-dealer', '/car-dealer/onboarding/three'));
  await page.goto(portal('car-dealer', '/car-dealer/onboarding/one'));
  await expect(page.getByLabel('City')).toHaveValue('Enugu');
});
