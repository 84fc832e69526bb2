import { describe, expect, it } from 'vitest';
import { giftCardAmount, giftCardSchema, redeemSchema, topUpSchema, transferSchema } from './schemas';

const firstError = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }, path?: string) =>
  r.error?.issues.find((i) => (path ? i.path[0] === path : true))?.message;

describe('top-up form', () => {
  it('accepts NGN 100 to NGN 1,000,000', () => {
    expect(topUpSchema.safeParse({ amount: '100' }).success).toBe(true);
    expect(topUpSchema.safeParse({ amount: '1,000,000' }).success).toBe(true);
  });
  it('explains what is wrong', () => {
    expect(firstError(topUpSchema.safeParse({ amount: '' }))).toBe('Enter an amount.');
    expect(firstError(topUpSchema.safeParse({ amount: '99.99' }))).toBe('The smallest amount is ₦100.00.');
    expect(firstError(topUpSchema.safeParse({ amount: '1000000.01' }))).toBe('The largest amount is ₦1,000,000.00.');
    expect(firstError(topUpSchema.safeParse({ amount: '12.345' }))).toBe('Enter an amount like 5000 or 5000.50.');
  });
});

describe('transfer form', () => {
  const schema = transferSchema({ email: 'me@example.com', username: 'me.here' });
  it('takes an email or a username, an amount and an optional note', () => {
    expect(schema.safeParse({ to: 'friend@example.com', amount: '2500', note: '' }).success).toBe(true);
    expect(schema.safeParse({ to: '@tobi_k', amount: '0.5', note: 'Lunch' }).success).toBe(true);
  });
  it('refuses an unknown shape, yourself, a zero amount and a long note', () => {
    expect(firstError(schema.safeParse({ to: 'a b', amount: '1', note: '' }), 'to')).toMatch(/email address or a username/);
    expect(firstError(schema.safeParse({ to: 'ME@example.com', amount: '1', note: '' }), 'to')).toBe('You cannot send money to yourself.');
    expect(firstError(schema.safeParse({ to: '@me.here', amount: '1', note: '' }), 'to')).toBe('You cannot send money to yourself.');
    expect(firstError(schema.safeParse({ to: 'tobi', amount: '0', note: '' }), 'amount')).toBe('The smallest amount is ₦0.01.');
    expect(firstError(schema.safeParse({ to: 'tobi', amount: '5', note: 'x'.repeat(141) }), 'note')).toBe('Keep the note to 140 characters.');
  });
});

describe('redeem form', () => {
  it('is tolerant of dashes, spaces and case', () => {
    expect(redeemSchema.safeParse({ code: 'abcd efgh-jkmn pqrs-tvwx' }).success).toBe(true);
    expect(redeemSchema.safeParse({ code: 'ABCD-EFGH-JKMN-PQRS-TVWX' }).success).toBe(true);
  });
  it('refuses a code of the wrong length', () => {
    expect(firstError(redeemSchema.safeParse({ code: 'ABCD-EFGH' }))).toMatch(/20 letters and digits/);
    expect(firstError(redeemSchema.safeParse({ code: '' }))).toBe('Enter the gift card code.');
  });
});

describe('gift-card form', () => {
  const base = { custom: '', recipient_name: 'Chiamaka', recipient_email: 'chi@example.com', message: '', pay_with: 'wallet' as const };
  const fixed = { amount_type: 'fixed' as const, denominations: [500000, 1000000], min_amount: null, max_amount: null, currency: 'NGN' };
  const custom = { amount_type: 'custom' as const, denominations: [], min_amount: 100000, max_amount: 5000000, currency: 'NGN' };

  it('a fixed product sells only its denominations', () => {
    expect(giftCardSchema(fixed).safeParse({ ...base, denomination: '500000' }).success).toBe(true);
    expect(firstError(giftCardSchema(fixed).safeParse({ ...base, denomination: '700000' }), 'denomination')).toBe('Choose an amount.');
    expect(giftCardAmount(fixed, { denomination: '1000000', custom: '' })).toBe(1000000);
  });
  it('a custom product sells any amount within its limits', () => {
    expect(giftCardSchema(custom).safeParse({ ...base, denomination: '', custom: '2500' }).success).toBe(true);
    expect(giftCardAmount(custom, { denomination: '', custom: '2500.50' })).toBe(250050);
    expect(firstError(giftCardSchema(custom).safeParse({ ...base, denomination: '', custom: '999' }), 'custom')).toBe('The smallest amount is ₦1,000.00.');
    expect(firstError(giftCardSchema(custom).safeParse({ ...base, denomination: '', custom: '50001' }), 'custom')).toBe('The largest amount is ₦50,000.00.');
  });
  it('takes the message and the name as plain text, as the API does', () => {
    expect(giftCardSchema(fixed).safeParse({ ...base, denomination: '500000', message: 'Happy birthday!\nLove, Ada' }).success).toBe(true);
    expect(firstError(giftCardSchema(fixed).safeParse({ ...base, denomination: '500000', message: 'Hi\u0007' }), 'message')).toMatch(/plain text/);
    expect(firstError(giftCardSchema(fixed).safeParse({ ...base, denomination: '500000', message: 'x\u202egnp.exe' }), 'message')).toMatch(/plain text/);
    expect(firstError(giftCardSchema(fixed).safeParse({ ...base, denomination: '500000', recipient_name: 'Bo\nla' }), 'recipient_name')).toMatch(/one line/);
  });
  it('needs the recipient', () => {
    const r = giftCardSchema(fixed).safeParse({ ...base, denomination: '500000', recipient_name: ' ', recipient_email: 'nope' });
    expect(firstError(r, 'recipient_name')).toMatch(/name of the person/);
    expect(firstError(r, 'recipient_email')).toBe('Enter a valid email address.');
  });
});
