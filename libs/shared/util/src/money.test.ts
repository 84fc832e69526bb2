import { describe, expect, it } from 'vitest';
import { formatMoney, formatSigned, minorDigits, parseMoney, toMajorInput } from './money';

describe('money (amounts are integers of minor units)', () => {
  it('formats minor units with Intl.NumberFormat', () => {
    expect(formatMoney(150050)).toBe('₦1,500.50');
    expect(formatMoney(0)).toBe('₦0.00');
    expect(formatMoney(100_000_000)).toBe('₦1,000,000.00');
    expect(formatMoney(1)).toBe('₦0.01');
    expect(formatMoney(2_500_000, 'NGN')).toBe('₦25,000.00');
    expect(formatMoney(5000, 'NGN')).toBe('₦50.00');
  });
  it('drops .00 on whole amounts when compact, never on fractions', () => {
    expect(formatMoney(500000, 'NGN', { compact: true })).toBe('₦5,000');
    expect(formatMoney(500050, 'NGN', { compact: true })).toBe('₦5,000.50');
    expect(formatMoney(500000, 'NGN', { compact: false })).toBe('₦5,000.00');
  });
  it('formats other Paystack currencies', () => {
    expect(formatMoney(12345, 'USD')).toBe('$123.45');
    expect(formatMoney(12345, 'GHS')).toMatch(/123\.45/);
  });
  it('knows the minor digits of a currency', () => {
    for (const c of ['NGN', 'GHS', 'KES', 'ZAR', 'USD']) expect(minorDigits(c)).toBe(2);
    expect(minorDigits()).toBe(2);
  });
  it('signs money in and out', () => {
    expect(formatSigned(100000, 'credit')).toBe('+₦1,000.00');
    expect(formatSigned(100000, 'debit')).toBe('\u2212₦1,000.00');
    expect(formatSigned(-25000, 'debit')).toBe('\u2212₦250.00');
  });
  it('reads typed major units as minor units without floating point', () => {
    expect(parseMoney('1500')).toBe(150000);
    expect(parseMoney('1,500.5')).toBe(150050);
    expect(parseMoney('₦ 2 000.75')).toBe(200075);
    expect(parseMoney('0.29')).toBe(29);
    expect(parseMoney('19.99')).toBe(1999);
    expect(parseMoney('10.')).toBe(1000);
    expect(parseMoney('25,000')).toBe(2_500_000);
    expect(parseMoney('1000.5')).toBe(100_050);
    expect(parseMoney('₦ 1,250.00')).toBe(125_000);
    expect(parseMoney('.5')).toBe(50);
    expect(parseMoney('\u00a01\u00a0000')).toBe(100_000);
  });
  it('accepts a currency symbol or code before the amount', () => {
    expect(parseMoney('NGN 1,250')).toBe(125_000);
    expect(parseMoney('usd12.5', 'USD')).toBe(1250);
    expect(parseMoney('$ 3', 'USD')).toBe(300);
    expect(parseMoney('GH₵ 4.20', 'GHS')).toBe(420);
    expect(parseMoney('KSh 100', 'KES')).toBe(10_000);
    expect(parseMoney('R 9.99', 'ZAR')).toBe(999);
  });
  it('refuses what is not an amount', () => {
    for (const bad of ['', ' ', 'abc', 'ten', '-5', '₦-5', '1.234', '12.345', '1e3', '1.2.3', '.', '₦', '5₦'])
      expect(parseMoney(bad), bad).toBeNull();
    expect(parseMoney('9'.repeat(20))).toBeNull();
  });
  it('writes minor units back for an input', () => {
    expect(toMajorInput(150050)).toBe('1500.50');
    expect(toMajorInput(100000)).toBe('1000');
    expect(toMajorInput(5)).toBe('0.05');
    expect(toMajorInput(2_500_000)).toBe('25000');
    expect(toMajorInput(100_050)).toBe('1000.50');
    expect(parseMoney(toMajorInput(123_456))).toBe(123_456);
  });
});
