import { describe, expect, it } from 'vitest';
import { ApiError } from '@sojourn/api-client';
import { formatMoney, formatSigned, groupGiftCode, isInsufficientFunds, normalizeGiftCode, parseAmount, toAmountInput } from './money';

describe('money formatting (amounts are integers of minor units)', () => {
  it('formats kobo as naira with Intl.NumberFormat', () => {
    expect(formatMoney(150050)).toBe('₦1,500.50');
    expect(formatMoney(0)).toBe('₦0.00');
    expect(formatMoney(100_000_000)).toBe('₦1,000,000.00');
    expect(formatMoney(1)).toBe('₦0.01');
  });
  it('drops .00 on whole amounts when compact, never on fractions', () => {
    expect(formatMoney(500000, 'NGN', { compact: true })).toBe('₦5,000');
    expect(formatMoney(500050, 'NGN', { compact: true })).toBe('₦5,000.50');
  });
  it('formats other Paystack currencies', () => {
    expect(formatMoney(12345, 'USD')).toBe('$123.45');
    expect(formatMoney(12345, 'GHS')).toMatch(/123\.45/);
  });
  it('signs money in and out', () => {
    expect(formatSigned(100000, 'credit')).toBe('+₦1,000.00');
    expect(formatSigned(100000, 'debit')).toBe('\u2212₦1,000.00');
  });
  it('parses typed amounts into minor units without floating point', () => {
    expect(parseAmount('1500')).toBe(150000);
    expect(parseAmount('1,500.5')).toBe(150050);
    expect(parseAmount('₦ 2 000.75')).toBe(200075);
    expect(parseAmount('0.29')).toBe(29);
    expect(parseAmount('19.99')).toBe(1999);
    expect(parseAmount('10.')).toBe(1000);
  });
  it('refuses what is not an amount', () => {
    for (const bad of ['', 'abc', '-5', '1.234', '1e3', '1.2.3', '.']) expect(parseAmount(bad)).toBeNull();
  });
  it('writes amounts back for inputs', () => {
    expect(toAmountInput(150050)).toBe('1500.50');
    expect(toAmountInput(100000)).toBe('1000');
    expect(toAmountInput(5)).toBe('0.05');
  });
  it('reads gift-card codes with spaces, dashes and any case', () => {
    expect(normalizeGiftCode(' abcd-efgh jkmn–pqrs tvwx ')).toBe('ABCDEFGHJKMNPQRSTVWX');
    expect(groupGiftCode('abcdefghjkmnpqrstvwx')).toBe('ABCD-EFGH-JKMN-PQRS-TVWX');
  });
  it('recognises the insufficient_funds answer', () => {
    expect(isInsufficientFunds(new ApiError({ status: 409, code: 'insufficient_funds', message: 'x' }))).toBe(true);
    expect(isInsufficientFunds(new ApiError({ status: 409, code: 'conflict', message: 'x' }))).toBe(false);
    expect(isInsufficientFunds(new Error('x'))).toBe(false);
  });
});
