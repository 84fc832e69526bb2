import { clearSession } from '@sojourn/session';
import { describe, expect, it } from 'vitest';
import type { Booking } from './api';
import { checkoutSchema } from './pages/checkout';
import { filtersFromParams } from './pages/directory';
import { bookingIcs, policyText, refundPreview, refundText } from './policy';
import { useWellnessStore } from './store';
import { addDays, addMonths, countdown, dateKeyIn, minutesText, monthGrid, weekStart, zoneLabel } from './time';

const booking = (over: Partial<Booking> = {}): Booking =>
  ({
    id: 'b1',
    offering_id: 'o1',
    provider_id: 'p1',
    kind: 'therapist',
    title: 'Individual session',
    format: 'video',
    status: 'confirmed',
    start: '2026-12-10T09:00:00Z',
    end: '2026-12-10T09:50:00Z',
    time_zone: 'Africa/Lagos',
    price: { amount: 1_000_000, currency: 'NGN' },
    pay_with: 'wallet',
    paid_amount: 1_000_000,
    refunded_amount: 0,
    fee_kept: 0,
    free_cancel_until: '2026-12-09T09:00:00Z',
    late_cancel_fee_pct: 50,
    intake_answers: {},
    note: '',
    cancel_reason: '',
    hold_expires_at: null,
    confirm_by: null,
    completed_at: null,
    review_until: null,
    cancelled_at: null,
    reschedules: 0,
    provider: { id: 'u1', display_name: 'Dr. Folake Adeyemi', username: 'dr.folake', avatar_url: '' },
    client: { id: 'u2', display_name: 'Amara', username: 'amara', avatar_url: '' },
    created_at: '2026-11-20T09:00:00Z',
    ...over,
  }) as Booking;

describe('dates in the viewer zone', () => {
  it('steps days, weeks and months as plain calendar dates', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(weekStart('2026-11-29')).toBe('2026-11-23'); // a Sunday belongs to the week from Monday
    expect(weekStart('2026-11-23')).toBe('2026-11-23');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    const { first, days } = monthGrid('2026-11-15');
    expect(first).toBe('2026-11-01');
    expect(days[0]).toBe('2026-10-26');
    expect(days.length % 7).toBe(0);
    expect(days).toContain('2026-11-30');
  });

  it('reads an instant as the date of the zone and names the zone', () => {
    expect(dateKeyIn('2026-11-23T23:30:00Z', 'Africa/Lagos')).toBe('2026-11-24');
    expect(dateKeyIn('2026-11-23T23:30:00Z', 'America/New_York')).toBe('2026-11-23');
    expect(zoneLabel('Africa/Lagos')).toMatch(/^Lagos time/);
    expect(zoneLabel('UTC')).toMatch(/^UTC/);
    // London changes its clocks; the label follows the instant.
    expect(zoneLabel('Europe/London', new Date('2026-07-01T12:00:00Z'))).toContain('BST');
  });

  it('counts a hold down and says durations in words', () => {
    const now = Date.parse('2026-11-24T10:00:00Z');
    expect(countdown('2026-11-24T10:09:05Z', now)).toEqual({ seconds: 545, text: '9:05' });
    expect(countdown('2026-11-24T09:00:00Z', now).seconds).toBe(0);
    expect(minutesText(90)).toBe('1 hour 30 minutes');
    expect(minutesText(50)).toBe('50 minutes');
  });
});

describe('cancellation policy', () => {
  it('says the policy in plain words', () => {
    expect(policyText({ free_cancel_hours: 24, late_cancel_fee_pct: 50 })).toBe(
      'Free cancellation until 24 hours before the session starts. After that, 50% of the price is kept and the rest refunded.',
    );
    expect(policyText({ free_cancel_hours: 48, late_cancel_fee_pct: 100 })).toContain('the full price is kept');
    expect(policyText({ free_cancel_hours: 12, late_cancel_fee_pct: 0 })).toContain('costs nothing');
  });

  it('previews the refund the server gives: full in the window or while unconfirmed, less the fee after', () => {
    const before = Date.parse('2026-12-08T09:00:00Z');
    const after = Date.parse('2026-12-09T10:00:00Z');
    expect(refundPreview(booking(), before)).toEqual({ refund: 1_000_000, fee: 0, free: true, credit: false });
    expect(refundPreview(booking(), after)).toEqual({ refund: 500_000, fee: 500_000, free: false, credit: false });
    expect(refundPreview(booking({ status: 'pending_confirmation' }), after).free).toBe(true);
    expect(refundPreview(booking({ late_cancel_fee_pct: 33, paid_amount: 1001 }), after)).toMatchObject({ fee: 330, refund: 671 });
    expect(refundText(booking(), before)).toBe('You get ₦10,000.00 back in your wallet: the full amount you paid.');
    expect(refundText(booking({ pay_with: 'package', paid_amount: 0 }), before)).toContain('package credit comes back');
  });

  it('makes an iCalendar file of a booking', () => {
    const ics = bookingIcs(booking(), 'https://sojourn.example');
    expect(ics).toContain('DTSTART:20261210T090000Z');
    expect(ics).toContain('DTEND:20261210T095000Z');
    expect(ics).toContain('SUMMARY:Individual session with Dr. Folake Adeyemi');
    expect(ics.split('\r\n')[0]).toBe('BEGIN:VCALENDAR');
  });
});

describe('directory filters in the address', () => {
  it('reads the known filters and drops malformed ones', () => {
    const f = filtersFromParams(new URLSearchParams('q=grief&format=video&min_price=10000&max_price=abc&available=week&min_rating=4&language=Yoruba'));
    expect(f).toEqual({ q: 'grief', specialty: undefined, language: 'Yoruba', format: 'video', min_price: 1_000_000, max_price: undefined, available: 'week', min_rating: 4 });
    const bad = filtersFromParams(new URLSearchParams(`format=teleport&available=month&min_rating=7&q=${'x'.repeat(101)}`));
    expect(bad.format).toBeUndefined();
    expect(bad.available).toBeUndefined();
    expect(bad.min_rating).toBeUndefined();
    expect(bad.q).toBeUndefined();
  });
});

describe('checkout form', () => {
  const questions = [
    { id: 'q1', label: 'What would you like to work on?', kind: 'text' as const, required: true },
    { id: 'q2', label: 'Worked with a therapist before?', kind: 'choice' as const, required: false, choices: ['Yes', 'No'] },
  ];
  it('enforces required intake answers and a package when paying with one', () => {
    const schema = checkoutSchema(questions);
    const empty = schema.safeParse({ answers: { q1: '  ', q2: '' }, note: '', pay_with: 'wallet', package_id: '' });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues.map((i) => i.path.join('.'))).toEqual(['answers.q1']);
    expect(schema.safeParse({ answers: { q1: 'Sleep', q2: '' }, note: '', pay_with: 'wallet', package_id: '' }).success).toBe(true);
    const pkg = schema.safeParse({ answers: { q1: 'Sleep' }, note: '', pay_with: 'package', package_id: '' });
    expect(pkg.error?.issues.map((i) => i.path.join('.'))).toEqual(['package_id']);
    expect(schema.safeParse({ answers: { q1: 'x'.repeat(2001) }, note: '', pay_with: 'paystack', package_id: '' }).success).toBe(false);
  });
});

describe('wellness store', () => {
  it('keeps the selection and preference flags, and forgets them when the session ends', () => {
    const s = useWellnessStore.getState();
    s.setList('therapist', ['a', 'b']);
    s.select('coach', { id: 'c1', name: 'Chiamaka Eze', avatarUrl: null, headline: 'Career coach', offeringId: 'o9' });
    let now = useWellnessStore.getState();
    expect(now.therapistList).toEqual(['a', 'b']);
    expect(now.selectedCoach?.offeringId).toBe('o9');
    expect(now.lifeCoachPreference).toBe(true);
    expect(now.therapyPreference).toBe(false);
    expect(JSON.parse(localStorage.getItem('sojourn-wellness') ?? '{}').state.selectedCoach.id).toBe('c1');
    clearSession();
    now = useWellnessStore.getState();
    expect(now.selectedCoach).toBeNull();
    expect(now.therapistList).toEqual([]);
    expect(now.lifeCoachPreference).toBe(false);
  });
});
