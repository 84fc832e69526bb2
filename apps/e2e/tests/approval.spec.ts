import { expect, test } from '@playwright/test';
import { portal, registerViaApi, signIn, uniqueEmail } from './helpers';

test('an admin approves a role application and the applicant’s portal opens', async ({ browser }) => {
  const email = uniqueEmail('coach');
  const username = `coach_${Date.now().toString(36)}`;
  const password = 'steady progress daily';
  await registerViaApi(username, email, password);

  // The applicant signs in on the coach portal's apply page and applies.
  const applicant = await (await browser.newContext()).newPage();
  await applicant.goto(portal('coach', '/coach-app/register'));
  await applicant.getByRole('tab', { name: 'I have an account' }).click();
  await signIn(applicant, email, password);
  await expect(applicant.getByRole('heading', { name: 'Apply as a life coach' })).toBeVisible();
  const areas = applicant.getByLabel('Coaching areas');
  await areas.fill('career change');
  await areas.press('Enter');
  await applicant.getByLabel('Years coaching').fill('6');
  await applicant.getByLabel('Your coaching style').fill('We start with where you want to be in a year and work back to this week.');
  await applicant.getByRole('button', { name: 'Submit application' }).click();
  await expect(applicant.getByRole('heading', { name: 'Your application is under review' })).toBeVisible();

  // Until approved, the coach portal's pages send them back to the apply page.
  await applicant.goto(portal('coach', '/coach-app'));
  await expect(applicant).toHaveURL(portal('coach', '/coach-app/register'));

  // An admin approves it from the queue.
  const admin = await (await browser.newContext()).newPage();
  await admin.goto(portal('admin', '/admin-dashboard/applications'));
  await signIn(admin, 'admin@example.com');
  await expect(admin.getByRole('heading', { name: 'Role applications' })).toBeVisible();
  const row = admin.getByRole('row').filter({ hasText: username });
  await row.getByRole('button', { name: 'Approve' }).click();
  // Approval grants the role at once, so it asks first.
  const confirm = admin.getByRole('dialog', { name: `Approve ${username} as life coach?` });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Approve application' }).click();
  await expect(admin.getByText(`${username} is now a life coach.`)).toBeVisible();

  // The applicant checks again and the portal opens.
  const check = applicant.getByRole('button', { name: 'Check status' });
  // The page may already have picked the approval up when it regained focus.
  if (await check.isVisible()) await check.click();
  await expect(applicant.getByRole('heading', { name: 'You are approved' })).toBeVisible();
  await applicant.getByRole('link', { name: 'Open your dashboard' }).click();
  await expect(applicant).toHaveURL(portal('coach', '/coach-app'));
  await expect(applicant.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});

test('an admin rejects an application with a reason the applicant sees', async ({ browser }) => {
  const email = uniqueEmail('dealer');
  const username = `dealer_${Date.now().toString(36)}`;
  const password = 'polished chrome bumpers';
  await registerViaApi(username, email, password);
  const token = await (
    await fetch(portal('user', '/api/auth/login'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) })
  ).json();
  const res = await fetch(portal('user', '/api/v1/role-applications'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token.access_token}` },
    body: JSON.stringify({ role: 'car_dealer', details: { business_name: 'Harbour Motors', licence_number: 'XX-0', base_city: 'Lagos' } }),
  });
  expect(res.status).toBe(201);

  const admin = await (await browser.newContext()).newPage();
  await admin.goto(portal('admin', '/admin-dashboard/applications'));
  await signIn(admin, 'admin@example.com');
  const row = admin.getByRole('row').filter({ hasText: username });
  await row.getByRole('button', { name: 'Reject' }).click();
  await admin.getByLabel('Reason').fill('The dealer licence number could not be found in the register.');
  await admin.getByRole('button', { name: 'Reject application' }).click();
  await expect(admin.getByText(`Application from ${username} rejected.`)).toBeVisible();

  const applicant = await (await browser.newContext()).newPage();
  await applicant.goto(portal('car-dealer', '/car-dealer/register'));
  await applicant.getByRole('tab', { name: 'I have an account' }).click();
  await signIn(applicant, email, password);
  await expect(applicant.getByText('could not be found in the register')).toBeVisible();
});
