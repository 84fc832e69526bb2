import { formatMoney, parseMoney } from '@sojourn/util';
import { z } from 'zod';

export interface WithdrawLimits {
  currency: string;
  available: number;
  minPayout: number;
  fee: number;
}

/** The withdraw form: an amount in major units, at least the minimum payout and at most what is available. */
export function withdrawSchema({ currency, available, minPayout, fee }: WithdrawLimits) {
  return z.object({
    amount: z
      .string()
      .trim()
      .min(1, 'Enter how much to withdraw.')
      .superRefine((value, ctx) => {
        const minor = parseMoney(value, currency);
        if (minor === null) {
          ctx.addIssue({ code: 'custom', message: `Enter an amount such as 25,000 or 25,000.50.` });
          return;
        }
        const floor = Math.max(minPayout, fee + 1);
        if (minor < floor) ctx.addIssue({ code: 'custom', message: `The smallest withdrawal is ${formatMoney(floor, currency)}.` });
        else if (minor > available)
          ctx.addIssue({
            code: 'custom',
            message: available > 0 ? `You can withdraw up to ${formatMoney(available, currency)}.` : 'You have no available earnings to withdraw yet.',
          });
      }),
  });
}
export type WithdrawValues = z.infer<ReturnType<typeof withdrawSchema>>;

/** A Nigerian account number is a 10-digit NUBAN; elsewhere bank and mobile-money numbers run 6 to 20 digits. */
export function accountNumberRule(currency: string): { pattern: RegExp; message: string; hint: string; maxLength: number } {
  return currency === 'NGN'
    ? { pattern: /^\d{10}$/, message: 'Enter the 10-digit account number (NUBAN).', hint: 'The 10-digit NUBAN of your account.', maxLength: 10 }
    : {
        pattern: /^\d{6,20}$/,
        message: 'Enter the account number: 6 to 20 digits, without spaces.',
        hint: 'Your bank account number, or your mobile-money number for a mobile-money wallet.',
        maxLength: 20,
      };
}

export const bankAccountSchema = (currency = 'NGN') =>
  z.object({
  bank_code: z.string().min(1, 'Choose your bank.'),
  account_number: z
    .string()
    .trim()
    .regex(accountNumberRule(currency).pattern, accountNumberRule(currency).message),
  account_name: z
    .string()
    .trim()
    .min(2, 'Enter the name on the account.')
    .max(100, 'Keep the account name under 100 characters.'),
});
export type BankAccountValues = z.infer<ReturnType<typeof bankAccountSchema>>;
