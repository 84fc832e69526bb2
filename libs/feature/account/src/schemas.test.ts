import { describe, expect, it } from 'vitest';
import { applicationSchema, toDetails } from './application-fields';
import { loginProblems } from './login-rules';
import { changePasswordSchema, contactSchema, emailSchema, passwordProblem, profileSchema, registerSchema, rejectSchema } from './schemas';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('password rules', () => {
  it('needs 10 characters, not a common password, not the email', () => {
    expect(passwordProblem('short')).toMatch(/10 characters/);
    expect(passwordProblem('password123')).toMatch(/too common/);
    expect(passwordProblem('ada.lovelace-2026', 'ada.lovelace@example.com')).toMatch(/email/);
    expect(passwordProblem('correct horse battery', 'ada@example.com')).toBeNull();
  });
});

describe('login form', () => {
  it('requires a valid email and a password', () => {
    expect(loginProblems({ email: 'nope', password: '' })).toEqual({
      email: 'Enter a valid email address.',
      password: 'Enter your password.',
    });
    expect(loginProblems({ email: '  ', password: 'x' })).toEqual({ email: 'Enter your email address.' });
    expect(loginProblems({ email: ' ada@example.com ', password: 'x' })).toEqual({});
  });
  it('judges addresses as the zod email rule of the other forms does', () => {
    for (const email of ['ada@example.com', 'a.b+c@mail.example.co.uk', "o'neil@example.ng", 'x@y.zz', 'a..b@example.com', '.a@example.com',
      'a@example', 'a@-example.com', 'a b@example.com', 'a@example.c', 'ada@exa_mple.com']) {
      expect(loginProblems({ email, password: 'x' }).email === undefined, email).toBe(emailSchema.safeParse(email).success);
    }
  });
});

describe('register form', () => {
  const ok = { username: 'ada.l', email: 'ada@example.com', password: 'correct horse battery', confirm: 'correct horse battery', terms: true };
  it('accepts good input', () => expect(registerSchema.safeParse(ok).success).toBe(true));
  it('checks username characters and length', () => {
    expect(issues(registerSchema.safeParse({ ...ok, username: 'ad' })).username).toMatch(/at least 3/);
    expect(issues(registerSchema.safeParse({ ...ok, username: 'ada lovelace' })).username).toMatch(/letters, digits/);
  });
  it('checks the repeated password and the terms', () => {
    const r = issues(registerSchema.safeParse({ ...ok, confirm: 'different password', terms: false }));
    expect(r.confirm).toBe('The passwords do not match.');
    expect(r.terms).toMatch(/terms/);
  });
});

describe('change password form', () => {
  it('refuses the current password as the new one', () => {
    const r = changePasswordSchema('a@b.co').safeParse({ current: 'correct horse battery', password: 'correct horse battery', confirm: 'correct horse battery' });
    expect(issues(r).password).toMatch(/different/);
  });
});

describe('profile form', () => {
  const base = {
    username: 'ada.l', display_name: 'Ada', bio: '', phone: '', date_of_birth: null, gender: '' as const, city: '', country: '',
    languages: [], interests: [], business_name: '', licence_number: '', specialties: [],
  };
  it('accepts an empty profile', () => expect(profileSchema.safeParse(base).success).toBe(true));
  it('checks phone format, country code and age', () => {
    const r = issues(profileSchema.safeParse({ ...base, phone: '0801', country: 'Nigeria', date_of_birth: new Date().toISOString().slice(0, 10) }));
    expect(r.phone).toMatch(/international format/);
    expect(r.country).toMatch(/country/);
    expect(r.date_of_birth).toMatch(/13/);
    expect(profileSchema.safeParse({ ...base, phone: '+234 801 234 5678', country: 'NG', date_of_birth: '1990-04-02' }).success).toBe(true);
  });
});

describe('contact form', () => {
  it('needs a name, email, subject and a real message', () => {
    const r = issues(contactSchema.safeParse({ name: '', email: 'x', subject: '', message: 'hi' }));
    expect(Object.keys(r).sort()).toEqual(['email', 'message', 'name', 'subject']);
  });
});

describe('reject form', () => {
  it('needs a reason', () => {
    expect(rejectSchema.safeParse({ reason: '' }).success).toBe(false);
    expect(rejectSchema.safeParse({ reason: 'Licence number not found in the register.' }).success).toBe(true);
  });
});

describe('role application forms', () => {
  it('requires the fields of the role and sends numbers as numbers', () => {
    const schema = applicationSchema('therapist');
    const bad = issues(schema.safeParse({ licence_number: '', specialties: [], years_experience: 'ten', about: 'short' }));
    expect(Object.keys(bad).sort()).toEqual(['about', 'licence_number', 'specialties', 'years_experience']);
    const good = { licence_number: 'MDCN-1234', specialties: ['grief'], years_experience: '7', about: 'I work with adults through grief and loss, online and in Lagos.' };
    expect(schema.safeParse(good).success).toBe(true);
    expect(toDetails('therapist', good)).toEqual({ ...good, years_experience: 7 });
  });
});
