import { z } from 'zod';

/** A short list of passwords people pick first; the server holds the full list and has the final word. */
const COMMON_PASSWORDS = new Set([
  'password', 'password1', 'password12', 'password123', 'password1234', 'passw0rd', 'qwerty', 'qwertyuiop', 'qwerty123',
  '123456', '1234567', '12345678', '123456789', '1234567890', '0987654321', 'iloveyou', 'letmein', 'welcome', 'welcome1',
  'welcome123', 'admin', 'admin123', 'administrator', 'football', 'baseball', 'sunshine', 'princess', 'dragon',
  'monkey', 'abc123', 'abcdefghij', '1q2w3e4r5t', 'trustno1', 'superman', 'starwars', 'changeme', 'changeme123',
]);

export const PASSWORD_MIN = 10;

export const emailSchema = z.string().trim().min(1, 'Enter your email address.').email('Enter a valid email address.');

export const usernameSchema = z
  .string()
  .trim()
  .min(3, 'Use at least 3 characters.')
  .max(30, 'Use at most 30 characters.')
  .regex(/^[A-Za-z0-9_.]+$/, 'Use only letters, digits, underscores and dots.');

/** Password rules shared with the API: 10+ characters, not a common password, not containing the email. */
export function passwordProblem(password: string, email?: string): string | null {
  if (password.length < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters.`;
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return 'That password is too common. Choose something less guessable.';
  const e = email?.trim().toLowerCase();
  if (e) {
    const local = e.split('@')[0] ?? '';
    const p = password.toLowerCase();
    if (p.includes(e) || (local.length >= 3 && p.includes(local))) return 'Your password must not contain your email address.';
  }
  return null;
}

const newPasswordFields = {
  password: z.string().min(1, 'Choose a password.'),
  confirm: z.string().min(1, 'Repeat the password.'),
};


export const registerSchema = z
  .object({
    username: usernameSchema,
    email: emailSchema,
    ...newPasswordFields,
    terms: z.boolean().refine((v) => v, 'Accept the terms of use to continue.'),
  })
  .superRefine((v, ctx) => {
    const problem = passwordProblem(v.password, v.email);
    if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
    if (v.password !== v.confirm) ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'The passwords do not match.' });
  });
export type RegisterValues = z.infer<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

export function resetPasswordSchema(email?: string) {
  return z.object(newPasswordFields).superRefine((v, ctx) => {
    const problem = passwordProblem(v.password, email);
    if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
    if (v.password !== v.confirm) ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'The passwords do not match.' });
  });
}
export type ResetPasswordValues = z.infer<ReturnType<typeof resetPasswordSchema>>;

export function changePasswordSchema(email?: string) {
  return z
    .object({ current: z.string().min(1, 'Enter your current password.'), ...newPasswordFields })
    .superRefine((v, ctx) => {
      const problem = passwordProblem(v.password, email);
      if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
      else if (v.password === v.current)
        ctx.addIssue({ code: 'custom', path: ['password'], message: 'Choose a password different from the current one.' });
      if (v.password !== v.confirm) ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'The passwords do not match.' });
    });
}
export type ChangePasswordValues = z.infer<ReturnType<typeof changePasswordSchema>>;

export const verificationSchema = z.object({
  token: z.string().trim().min(16, 'Paste the whole code from the email.'),
});

const optionalText = (max: number, label: string) => z.string().trim().max(max, `${label} is limited to ${max} characters.`);

export const profileSchema = z.object({
  username: usernameSchema,
  display_name: optionalText(80, 'Display name'),
  bio: optionalText(1000, 'Bio'),
  phone: z
    .string()
    .trim()
    .refine((v) => {
      if (v === '') return true;
      const digits = v.replace(/[\s-]/g, '');
      return /^\+\d{7,15}$/.test(digits);
    }, 'Enter the number in international format, e.g. +234 801 234 5678.'),
  date_of_birth: z
    .string()
    .nullable()
    .refine((v) => {
      if (!v) return true;
      const d = new Date(`${v}T00:00:00Z`);
      if (Number.isNaN(d.getTime())) return false;
      const age = (Date.now() - d.getTime()) / (365.25 * 24 * 3600 * 1000);
      return age >= 13 && age <= 120;
    }, 'You must be at least 13 years old (and at most 120).'),
  gender: z.enum(['', 'woman', 'man', 'non_binary', 'prefer_not_to_say']),
  city: optionalText(100, 'City'),
  country: z.string().regex(/^([A-Z]{2})?$/, 'Pick a country from the list.'),
  languages: z.array(z.string().trim().min(1).max(40, 'Keep each entry under 40 characters.')).max(20, 'List at most 20 languages.'),
  interests: z.array(z.string().trim().min(1).max(40, 'Keep each entry under 40 characters.')).max(20, 'List at most 20 interests.'),
  business_name: optionalText(120, 'Business name'),
  licence_number: optionalText(60, 'Licence number'),
  specialties: z.array(z.string().trim().min(1).max(40, 'Keep each entry under 40 characters.')).max(20, 'List at most 20 specialties.'),
});
export type ProfileValues = z.infer<typeof profileSchema>;

export const contactSchema = z.object({
  name: z.string().trim().min(2, 'Tell us your name.').max(100, 'Keep your name under 100 characters.'),
  email: emailSchema,
  subject: z.string().trim().min(3, 'Add a short subject.').max(150, 'Keep the subject under 150 characters.'),
  message: z.string().trim().min(20, 'Tell us a little more (at least 20 characters).').max(5000, 'Keep the message under 5,000 characters.'),
});
export type ContactValues = z.infer<typeof contactSchema>;

export const rejectSchema = z.object({
  reason: z.string().trim().min(3, 'Give the applicant a reason (at least 3 characters).').max(500, 'Keep the reason under 500 characters.'),
});
