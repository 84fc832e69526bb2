import { describe, expect, it } from 'vitest';
import { fromShipping, shippingListSchema, toShippingInput } from './fields';
import { healthBand } from './health';

describe('shipping methods', () => {
  it('edits fees in whole units and sends minor units', () => {
    const edited = fromShipping([{ code: 'standard', label: 'Standard', fee: { amount: 250000 }, min_days: 2, max_days: 5 }]);
    expect(edited[0]!.fee).toBe(2500);
    expect(toShippingInput([{ ...edited[0]!, fee: 12.5 }])[0]!.fee).toBe(1250);
  });
  it('refuses an empty list, two methods with one code and fewer most days than fewest', () => {
    expect(shippingListSchema.safeParse([]).success).toBe(false);
    const m = { code: 'standard', label: 'Standard', fee: 0, min_days: 2, max_days: 5 };
    expect(shippingListSchema.safeParse([m, m]).success).toBe(false);
    expect(shippingListSchema.safeParse([{ ...m, max_days: 1 }]).success).toBe(false);
    expect(shippingListSchema.safeParse([m]).success).toBe(true);
  });
});

describe('health bands', () => {
  it('splits at 80 and 50', () => {
    expect([100, 80, 79, 50, 49, 0].map((s) => healthBand(s).label)).toEqual(['Good', 'Good', 'Fair', 'Fair', 'Poor', 'Poor']);
  });
});
