import { formatMoney, parseMoney } from '@sojourn/util';
import { z } from 'zod';
import { normalizeGiftCode } from './money';

/** Top-up bounds (minor units), as the API enforces them: NGN 100 to NGN 1,000,000. */
export const TOPUP_MIN = 10_000;
export const TOPUP_MAX = 100_000_000;
export const NOTE_MAX = 140;
export const GIFT_MESSAGE_MAX = 500;
/* The API takes gift messages as plain text: line breaks and tabs, but no other control characters and no
   invisible direction overrides (the same rule as giftcards.plainText). */
// eslint-disable-next-line no-control-regex
const NOT_PLAIN_TEXT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufeff]/;
// eslint-disable-next-line no-control-regex
const NOT_PLAIN_LINE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufeff]/;

/** An amount typed in major units, checked and bounded in minor units. */
export function amountField(opts: { min: number; max?: number | undefined; currency?: string; label?: string }) {
  const currency = opts.currency ?? 'NGN';
  return z
    .string()
    .trim()
    .min(1, `Enter ${opts.label ?? 'an amount'}.`)
    .superRefine((value, ctx) => {
      const minor = parseMoney(value);
      if (minor === null) {
        ctx.addIssue({ code: 'custom', message: 'Enter an amount like 5000 or 5000.50.' });
      } else if (minor < opts.min) {
        ctx.addIssue({ code: 'custom', message: `The smallest amount is ${formatMoney(opts.min, currency)}.` });
      } else if (opts.max !== undefined && minor > opts.max) {
        ctx.addIssue({ code: 'custom', message: `The largest amount is ${formatMoney(opts.max, currency)}.` });
      }
    });
}

export const topUpSchema = z.object({ amount: amountField({ min: TOPUP_MIN, max: TOPUP_MAX }) });
export type TopUpValues = z.infer<typeof topUpSchema>;

const emailLike = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const usernameLike = /^@?[A-Za-z0-9_.]{3,30}$/;

export function transferSchema(self: { email?: string | null | undefined; username?: string | null | undefined } = {}) {
  return z.object({
    to: z
      .string()
      .trim()
      .min(1, 'Enter the email or username of the person you are paying.')
      .refine((v) => emailLike.test(v) || usernameLike.test(v), 'Enter an email address or a username (letters, digits, dots, underscores).')
      .refine((v) => {
        const t = v.replace(/^@/, '').toLowerCase();
        return t !== (self.email ?? '').toLowerCase() && t !== (self.username ?? '').toLowerCase();
      }, 'You cannot send money to yourself.'),
    amount: amountField({ min: 1 }),
    note: z.string().trim().max(NOTE_MAX, `Keep the note to ${NOTE_MAX} characters.`),
  });
}
export type TransferValues = z.infer<ReturnType<typeof transferSchema>>;

export const redeemSchema = z.object({
  code: z
    .string()
    .min(1, 'Enter the gift card code.')
    .refine((v) => /^[0-9A-Z]{20}$/.test(normalizeGiftCode(v)), 'A gift card code has 20 letters and digits, like ABCD-EFGH-JKMN-PQRS-TVWX.'),
});
export type RedeemValues = z.infer<typeof redeemSchema>;

export interface AmountRules {
  amount_type: 'fixed' | 'custom';
  denominations: number[];
  min_amount: number | null;
  max_amount: number | null;
  currency: string;
}

/** The gift-card purchase form for one product: a listed denomination, or a custom amount within its limits. */
export function giftCardSchema(product: AmountRules) {
  return z
    .object({
      denomination: z.string(),
      custom: z.string().trim(),
      recipient_name: z
        .string()
        .trim()
        .min(1, 'Enter the name of the person receiving the card.')
        .max(100, 'Keep the name to 100 characters.')
        .refine((v) => !NOT_PLAIN_LINE.test(v), 'Write the name on one line, as plain text.'),
      recipient_email: z.string().trim().min(1, 'Enter their email address: the card is sent there.').email('Enter a valid email address.'),
      message: z
        .string()
        .trim()
        .max(GIFT_MESSAGE_MAX, `Keep the message to ${GIFT_MESSAGE_MAX} characters.`)
        .refine((v) => !NOT_PLAIN_TEXT.test(v), 'Write the message as plain text: line breaks are fine, other control characters are not.'),
      pay_with: z.enum(['wallet', 'paystack']),
    })
    .superRefine((v, ctx) => {
      if (product.amount_type === 'fixed') {
        const n = Number(v.denomination);
        if (!v.denomination || !product.denominations.includes(n)) {
          ctx.addIssue({ code: 'custom', path: ['denomination'], message: 'Choose an amount.' });
        }
        return;
      }
      const min = product.min_amount ?? 1;
      const max = product.max_amount ?? undefined;
      const result = amountField({ min, max, currency: product.currency }).safeParse(v.custom);
      if (!result.success) {
        ctx.addIssue({ code: 'custom', path: ['custom'], message: result.error.issues[0]?.message ?? 'Enter an amount.' });
      }
    });
}
export type GiftCardValues = z.infer<ReturnType<typeof giftCardSchema>>;

/** The amount (minor units) a valid gift-card form buys. */
export function giftCardAmount(product: AmountRules, v: Pick<GiftCardValues, 'denomination' | 'custom'>): number {
  return product.amount_type === 'fixed' ? Number(v.denomination) : (parseMoney(v.custom) ?? 0);
}
