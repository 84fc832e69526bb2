import { parseMoney } from '@sojourn/util';
import { z } from 'zod';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_LINE = /[\u0000-\u001f\u007f]/;

/** Whether multi-line text holds control characters (the API refuses them). */
export const hasControlChars = (v: string) => CONTROL.test(v);

/** A line of text: trimmed, at most `max` characters, no control characters. */
export const line = (max: number, required = false) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .refine((v) => !CONTROL_LINE.test(v), 'Remove the special characters.')
    .refine((v) => !required || v.length > 0, 'Required.');

/** Several lines of text (newlines allowed). */
export const text = (max: number) =>
  z
    .string()
    .max(max, `At most ${max} characters.`)
    .refine((v) => !CONTROL.test(v), 'Remove the special characters.');

/** A whole number typed in a field, between min and max. */
export const int = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'Enter a whole number.')
    .refine((v) => Number(v) >= min && Number(v) <= max, `Between ${min} and ${max}.`);

export const CURRENCIES = ['NGN', 'GHS', 'KES', 'ZAR', 'USD'] as const;
/** The API's largest price (minor units). */
export const MAX_PRICE = 1_000_000_000_000;

export const intakeQuestionSchema = z
  .object({
    id: z.string().max(40).optional(),
    label: line(200, true),
    required: z.boolean(),
    kind: z.enum(['text', 'choice']),
    choices: z.string(),
  })
  .superRefine((q, ctx) => {
    if (q.kind !== 'choice') return;
    const list = q.choices
      .split('\n')
      .map((c) => c.trim())
      .filter(Boolean);
    if (list.length < 2 || list.length > 10) ctx.addIssue({ code: 'custom', path: ['choices'], message: 'Give 2 to 10 choices, one a line.' });
    else if (list.some((c) => c.length > 100 || CONTROL_LINE.test(c))) ctx.addIssue({ code: 'custom', path: ['choices'], message: 'Each choice at most 100 characters.' });
  });

export const offeringSchema = z
  .object({
    title: line(120, true),
    description: text(4000),
    format: z.enum(['video', 'in_person', 'phone']),
    duration_min: int(15, 240),
    price: z.string().trim(),
    currency: z.enum(CURRENCIES),
    capacity: int(1, 50),
    requires_confirmation: z.boolean(),
    buffer_before_min: int(0, 120),
    buffer_after_min: int(0, 120),
    min_notice_hours: int(0, 168),
    max_advance_days: int(1, 365),
    free_cancel_hours: int(0, 720),
    late_cancel_fee_pct: int(0, 100),
    intake_questions: z.array(intakeQuestionSchema).max(10, 'At most 10 questions.'),
    active: z.boolean(),
  })
  .superRefine((v, ctx) => {
    const minor = parseMoney(v.price, v.currency);
    if (minor === null || minor < 0) ctx.addIssue({ code: 'custom', path: ['price'], message: 'Enter a price, e.g. 15000 or 150.50.' });
    else if (minor > MAX_PRICE) ctx.addIssue({ code: 'custom', path: ['price'], message: 'That price is too high.' });
  });
export type OfferingValues = z.infer<typeof offeringSchema>;

export const packageSchema = z.object({
  offering_id: z.string().min(1, 'Choose the offering it is for.'),
  title: line(120, true),
  description: text(1000),
  sessions: int(2, 50),
  valid_days: int(7, 365),
  price: z.string().trim().min(1, 'Enter a price.'),
  active: z.boolean(),
});
export type PackageValues = z.infer<typeof packageSchema>;

const TZ_OK = (tz: string) => {
  if (!tz) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

export const profileSchema = z
  .object({
    business_name: line(100),
    headline: line(120),
    bio: text(4000),
    specialties: z.array(line(60, true)).max(20, 'At most 20.'),
    languages: z.array(line(40, true)).max(10, 'At most 10.'),
    city: line(80),
    country: z.string().regex(/^([A-Z]{2})?$/, 'Choose a country.'),
    time_zone: z.string().max(64).refine(TZ_OK, 'Choose a time zone from the list.'),
    video: z.boolean(),
    phone: z.boolean(),
    in_person: z.boolean(),
    address: line(200),
    intro_video_url: line(500).refine((v) => !v || /^https:\/\/[^\s]+$/.test(v), 'An https:// address, or leave it empty.'),
    licence_number: line(40),
    issuing_body: line(120),
  })
  .superRefine((v, ctx) => {
    if (v.in_person && !v.address) ctx.addIssue({ code: 'custom', path: ['address'], message: 'Where do you see clients in person?' });
    if (v.licence_number && !v.issuing_body) ctx.addIssue({ code: 'custom', path: ['issuing_body'], message: 'Which body issued the licence?' });
  });
export type ProfileValues = z.infer<typeof profileSchema>;
