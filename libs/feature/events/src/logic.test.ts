import { describe, expect, it } from 'vitest';
import { codeFromScan, countdown, orderLines, orderTotal, priceLabel, scanVerdict, startLabel, thisWeek, whenLabel } from './logic';

describe('events logic', () => {
  it('counts a hold down and stops at zero', () => {
    const now = Date.parse('2026-01-01T10:00:00Z');
    expect(countdown('2026-01-01T10:09:05Z', now)).toBe('9:05');
    expect(countdown('2026-01-01T09:00:00Z', now)).toBe('0:00');
  });
  it('builds order lines with the buyer as the default attendee', () => {
    expect(orderLines({ a: 2, b: 0 }, { a: ['Ada', ' '] }, 'Me')).toEqual([{ type_id: 'a', attendees: ['Ada', 'Me'] }]);
    expect(orderTotal({ a: 2, b: 1 }, [{ id: 'a', price: 500 }, { id: 'b', price: 100 }])).toBe(1100);
  });
  it('spans this week from today', () => {
    expect(thisWeek(new Date(2026, 0, 30))).toEqual({ from: '2026-01-30', to: '2026-02-05' });
  });
  it('reads a code from a scan, raw or in a URL', () => {
    expect(codeFromScan(' abc.1.xyz ')).toBe('abc.1.xyz');
    expect(codeFromScan('https://sojourn.example/t?code=abc.2.q')).toBe('abc.2.q');
  });
  it('names scan results', () => {
    expect(scanVerdict('admitted').ok).toBe(true);
    expect(scanVerdict('already_used')).toEqual({ ok: false, title: 'Already used' });
    expect(scanVerdict('forged').ok).toBe(false);
  });
  it('shows times in the event zone', () => {
    expect(whenLabel('2026-03-07T11:00:00Z', '2026-03-07T21:00:00Z', 'Africa/Lagos')).toBe('Sat 7 Mar, 12:00 – 22:00 (Africa/Lagos)');
    expect(priceLabel(0, 'NGN', () => 'x')).toBe('Free');
    expect(startLabel('2026-03-07T11:00:00Z', 'Africa/Lagos')).toBe('Sat 7 Mar, 12:00 (Africa/Lagos)');
  });
});
