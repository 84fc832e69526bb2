import { describe, expect, it } from 'vitest';
import { hotelDay, localTime, totalsOf } from './travel';

const ngn = (amount: number) => ({ amount, currency: 'NGN' });

describe('travel bookings', () => {
  it('sums price, cost and margin of the rows shown, per currency', () => {
    const rows = [
      { price: ngn(105_00), cost: ngn(100_00), margin: ngn(5_00) },
      { price: ngn(210_00), cost: ngn(200_00), margin: ngn(10_00) },
      { price: { amount: 50_00, currency: 'USD' }, cost: { amount: 48_00, currency: 'USD' }, margin: { amount: 2_00, currency: 'USD' } },
    ];
    expect(totalsOf(rows)).toEqual([
      { currency: 'NGN', count: 2, price: 315_00, cost: 300_00, margin: 15_00 },
      { currency: 'USD', count: 1, price: 50_00, cost: 48_00, margin: 2_00 },
    ]);
    expect(totalsOf([])).toEqual([]);
  });
  it('shows a departure in its airport’s zone and a hotel day as written', () => {
    // 23:30 UTC is 02:30 the next day in Nairobi.
    expect(localTime('2026-12-10T23:30:00Z', 'Africa/Nairobi')).toContain('11 Dec 2026');
    expect(localTime('2026-12-10T23:30:00Z', 'Africa/Nairobi')).toContain('02:30');
    expect(localTime('2026-12-10T23:30:00Z', 'Not/AZone')).toContain('2026');
    expect(hotelDay('2026-04-10')).toBe('Fri, 10 Apr 2026');
  });
});
