import { afterEach, describe, expect, it, vi } from 'vitest';
import { idempotencyHeader, newIdempotencyKey } from './idempotency';

describe('idempotency keys', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes a fresh key per call, optionally prefixed with the action', () => {
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(newIdempotencyKey('payout')).toMatch(/^payout-[0-9a-f-]{36}$/);
  });
  it('still makes distinct keys without crypto.randomUUID', () => {
    vi.stubGlobal('crypto', {});
    const a = newIdempotencyKey('refund');
    expect(a).toMatch(/^refund-[0-9a-z]+-[0-9a-z]+-[0-9a-z]+$/);
    expect(newIdempotencyKey('refund')).not.toBe(a);
  });
  it('puts the key in the Idempotency-Key header params', () => {
    expect(idempotencyHeader('k1')).toEqual({ header: { 'Idempotency-Key': 'k1' } });
  });
});
