import { describe, expect, it } from 'vitest';
import { ApiError } from '@sojourn/api-client';
import { groupGiftCode, isInsufficientFunds, normalizeGiftCode } from './money';

describe('wallet money helpers (amount formatting and parsing are tested in @sojourn/util)', () => {
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
