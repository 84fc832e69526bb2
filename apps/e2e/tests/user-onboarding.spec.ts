import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, checkA11y, newAccount, portal, signIn } from './helpers';

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();

test('a visitor answers the first steps, creates the account midway, finishes and lands on a personalised home', async ({ page, browser }) => {
  const me = newAccount('onb');

  // The welcome page asks what they are here for; answers stay in the browser while signed out.
  await page.goto(portal('user', '/onboarding'));
  const welcome = page.getByRole('heading', { name: 'Welcome to Sojourn' });
  await checkA11y(page, welcome);
  await page.getByRole('button', { name: 'Start my journey' }).click();
  await expect(page.getByText('Choose at least one.')).toBeVisible();
  await page.getByText('Wellness', { exact: true }).click();
  await page.getByText('Meeting people', { exact: true }).click();
  await page.getByRole('button', { name: 'Start my journey' }).click();

  await expect(page).toHaveURL(portal('user', '/user-onboarding/one'));
  await expect(page.getByRole('progressbar')).toBeVisible();
  await page.getByLabel('Your name').fill('Ama Mensah');
  await checkA11y(page, page.getByRole('heading', { name: 'Your name and photo' }));
  await next(page);

  await page.getByLabel('Date of birth').fill(`${new Date().getFullYear() - 10}-01-01`);
  await next(page);
  await expect(page.getByText('You must be at least 13 years old.')).toBeVisible();
  await page.getByLabel('Date of birth').fill('1995-08-17');
  await next(page);

  // Back keeps the answer given.
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page.getByLabel('Date of birth')).toHaveValue('1995-08-17');
  await next(page);
  await page.getByLabel('Woman').check();
  await next(page);

  // Midway: create the account (the account lib's own form); the answers so far go to the server.
  await expect(page).toHaveURL(portal('user', '/user-onboarding/createAccount'));
  await checkA11y(page, page.getByRole('heading', { name: 'Create your account' }));
  await page.getByLabel('Username').fill(me.username);
  await page.getByLabel('Email').fill(me.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat password').fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();

  // The journey goes on where the browser left it, on the server now.
  await expect(page).toHaveURL(portal('user', '/user-onboarding/four'));
  await page.getByLabel('Home city').fill('Accra');
  await page.getByLabel('Country').selectOption('GH');
  await page.getByLabel('Time zone').selectOption('Africa/Accra');
  await checkA11y(page, page.getByRole('heading', { name: 'Home city and time zone' }));
  await next(page);
  await page.getByRole('button', { name: '+ English' }).click();
  await page.getByRole('button', { name: '+ Twi' }).click();
  await next(page);

  // Another device (a second sign-in) resumes at the same step with the same answers.
  const other = await browser.newPage();
  await other.goto(portal('user', '/login'));
  await signIn(other, me.email);
  await expect(other).toHaveURL(portal('user', '/user-onboarding/six'));
  await other.getByRole('link', { name: 'Back' }).click();
  await expect(other.getByRole('listitem').filter({ hasText: 'Twi' }).first()).toBeVisible();
  await other.close();

  await page.getByRole('button', { name: '+ yoga' }).click();
  await next(page);
  await page.getByText('Relaxation').click();
  await next(page);
  await page.getByText('Sleep better').click();
  await page.getByText('Mindfulness').click();
  await next(page);
  await checkA11y(page, page.getByRole('heading', { name: 'What to hear about' }));
  await next(page);
  await page.getByRole('group', { name: 'Who sees your new posts' }).getByLabel('Only me').check();
  await checkA11y(page, page.getByRole('heading', { name: 'Your privacy' }));
  await next(page);

  // The review (also at /user-onboarding/index11) shows every answer and finishes.
  await expect(page).toHaveURL(portal('user', '/user-onboarding/eleven'));
  await page.goto(portal('user', '/user-onboarding/index11'));
  const review = page.getByRole('heading', { name: 'Review your answers' });
  await expect(page.getByText('Wellness, Meeting people')).toBeVisible();
  await expect(page.getByText('Accra, Ghana · Africa/Accra')).toBeVisible();
  await checkA11y(page, review);
  await page.getByRole('button', { name: 'Finish and go to my Sojourn' }).click();

  await expect(page).toHaveURL(portal('user', '/user-onboarding/onboard-successful'));
  const done = page.getByRole('heading', { name: 'You are all set' });
  await expect(page.getByRole('heading', { name: 'Look after yourself' })).toBeVisible();
  await checkA11y(page, done);

  // The home puts wellness first, then meeting people (pointing to matchmaking), with the incomplete-profile banner.
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page).toHaveURL(portal('user', '/user-dashboard'));
  const sections = page.locator('main section > h2');
  await expect(sections.first()).toContainText('Wellness');
  await expect(sections.nth(1)).toContainText('Meet people');
  await expect(page.getByRole('link', { name: 'See your matches' })).toHaveAttribute('href', '/matchmaking');
  await expect(page.getByText(/Your profile is \d+% complete/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'a photo' })).toHaveAttribute('href', '/profile?tab=photo&field=avatar_url');
  await checkA11y(page, page.getByRole('heading', { name: 'Welcome, Ama Mensah' }));
});

test('a demo account signs in straight to its dashboard, never to the onboarding', async ({ page }) => {
  await page.goto(portal('user', '/login'));
  await signIn(page, 'user@example.com');
  await expect(page).toHaveURL(portal('user', '/user-dashboard'));
});
