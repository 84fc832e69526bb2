import { describe, expect, it } from 'vitest';
import { productSchema, toProductBody, type ProductValues } from './product-form';

const base: ProductValues = {
  name: 'Lagos Food Tour',
  description: 'Street food and markets.',
  currency: 'NGN',
  amount_type: 'fixed',
  denominations: '',
  min_amount: '',
  max_amount: '',
  active: true,
};

const messages = (v: ProductValues) => {
  const r = productSchema.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('gift-card product form', () => {
  it('needs at least one valid fixed amount, at most 12', () => {
    expect(messages(base)).toEqual(['denominations: List at least one amount, e.g. 5000 10000 25000.']);
    expect(messages({ ...base, denominations: '5000 ten' })).toEqual(['denominations: “ten” is not an amount between 0.01 and 10,000,000.']);
    expect(messages({ ...base, denominations: Array.from({ length: 13 }, (_, i) => String(i + 1)).join(' ') })).toEqual(['denominations: Offer at most 12 amounts.']);
  });

  it('needs a range whose largest amount is above the smallest', () => {
    const custom = { ...base, amount_type: 'custom' as const };
    expect(messages({ ...custom, min_amount: '5000', max_amount: '5000' })).toEqual(['max_amount: The largest amount must be above the smallest.']);
    expect(messages({ ...custom, min_amount: '', max_amount: '100' })).toEqual(['min_amount: Enter the smallest amount a buyer may choose.']);
  });

  it('sends amounts in minor units: sorted unique denominations, or the range', () => {
    expect(toProductBody({ ...base, denominations: '25000 5000 5000 10000.50' })).toEqual({
      name: 'Lagos Food Tour',
      description: 'Street food and markets.',
      currency: 'NGN',
      active: true,
      denominations: [500_000, 1_000_050, 2_500_000],
    });
    expect(toProductBody({ ...base, amount_type: 'custom', min_amount: '5,000', max_amount: '200000' })).toMatchObject({ min_amount: 500_000, max_amount: 20_000_000 });
  });
});
