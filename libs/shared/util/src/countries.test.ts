import { describe, expect, it } from 'vitest';
import { payoutTarget } from './countries';

describe('payoutTarget', () => {
  it('pays a provider out in their own country where Paystack pays out', () => {
    expect(payoutTarget('KE')).toEqual({ country: 'KE', currency: 'KES', fromProfile: true });
    expect(payoutTarget('gh')).toEqual({ country: 'GH', currency: 'GHS', fromProfile: true });
    expect(payoutTarget('ZA')).toEqual({ country: 'ZA', currency: 'ZAR', fromProfile: true });
    expect(payoutTarget('NG')).toEqual({ country: 'NG', currency: 'NGN', fromProfile: true });
  });

  it('falls back to Nigeria in NGN elsewhere or without a country', () => {
    expect(payoutTarget('US')).toEqual({ country: 'NG', currency: 'NGN', fromProfile: false });
    expect(payoutTarget('')).toEqual({ country: 'NG', currency: 'NGN', fromProfile: false });
    expect(payoutTarget(undefined)).toEqual({ country: 'NG', currency: 'NGN', fromProfile: false });
  });
});
