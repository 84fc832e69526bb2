import { describe, expect, it } from 'vitest';
import { intervalProblem } from './components/intervals';
import { addDays, dateKey, describeMinutes, policyInWords, weekdayIndex } from './format';

describe('policyInWords', () => {
  it('says when cancelling is free and what a late cancellation costs', () => {
    expect(policyInWords({ free_cancel_hours: 24, late_cancel_fee_pct: 50 })).toBe(
      'Clients can cancel free of charge until 1 day before the session. After that you keep 50% of the price and they get the rest back.',
    );
    expect(policyInWords({ free_cancel_hours: 36, late_cancel_fee_pct: 100 })).toBe('Clients can cancel free of charge until 36 hours before the session. After that you keep the whole price.');
    expect(policyInWords({ free_cancel_hours: 2, late_cancel_fee_pct: 0 })).toBe('Clients can cancel free of charge until 2 hours before the session. Later cancellations are refunded in full too.');
    expect(policyInWords({ free_cancel_hours: 0, late_cancel_fee_pct: 50 })).toBe('Clients can cancel free of charge until the session starts.');
  });
});

describe('dates', () => {
  it('moves calendar dates across months and years', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
  it('numbers weekdays from Monday', () => {
    expect(weekdayIndex('2026-11-23')).toBe(0);
    expect(weekdayIndex('2026-11-29')).toBe(6);
  });
  it('reads the local date of an instant in a zone', () => {
    expect(dateKey('2026-11-23T23:30:00Z', 'Africa/Lagos')).toBe('2026-11-24');
    expect(dateKey('2026-11-23T23:30:00Z', 'America/New_York')).toBe('2026-11-23');
  });
  it('describes durations', () => {
    expect(describeMinutes(720)).toBe('12 hours');
    expect(describeMinutes(2880)).toBe('2 days');
    expect(describeMinutes(45)).toBe('45 minutes');
  });
});

describe('intervalProblem', () => {
  it('accepts ordered ranges and midnight as an end', () => {
    expect(intervalProblem([{ start: '09:00', end: '12:00' }, { start: '13:00', end: '24:00' }])).toBeNull();
  });
  it('refuses overlaps, reversed ranges and bad times', () => {
    expect(intervalProblem([{ start: '09:00', end: '12:00' }, { start: '11:00', end: '14:00' }])).toBe('09:00–12:00 and 11:00–14:00 overlap.');
    expect(intervalProblem([{ start: '12:00', end: '09:00' }])).toBe('12:00–09:00: the end must be after the start.');
    expect(intervalProblem([{ start: '9:00', end: '12:00' }])).toBe('Use times like 09:00 and 17:30.');
  });
});
