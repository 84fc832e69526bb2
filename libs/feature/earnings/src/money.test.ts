import { describe, expect, it } from 'vitest';
import { formatMoney, parseMoney, toMajorInput } from './money';

describe('money', () => {
  it('formats minor units with Intl.NumberFormat', () => {
    expect(formatMoney(2_500_000, 'NGN')).toBe('₦25,000.00');
    expect(formatMoney(5000, 'NGN')).toBe('₦50.00');
  });
  it('reads typed major units as minor units', () => {
    expect(parseMoney('25,000')).toBe(2_500_000);
    expect(parseMoney('1000.5')).toBe(100_050);
    expect(parseMoney('₦ 1,250.00')).toBe(125_000);
    expect(parseMoney('.5')).toBe(50);
    expect(parseMoney('12.345')).toBeNull();
    expect(parseMoney('-5')).toBeNull();
    expect(parseMoney('ten')).toBeNull();
  });
  it('writes minor units back for an input', () => {
    expect(toMajorInput(2_500_000)).toBe('25000');
    expect(toMajorInput(100_050)).toBe('1000.50');
  });
});
