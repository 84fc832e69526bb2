import { describe, expect, it } from 'vitest';
import type { SpeedEvent, SpeedLive } from './api';
import {
  cannotBuyHelp,
  durationLabel,
  emptyForm,
  eventWhen,
  formatClock,
  formFromEvent,
  hostActions,
  startBlocker,
  isoToZoned,
  nextRefetchAt,
  refundable,
  screenFor,
  seatLines,
  secondsUntil,
  spokenClock,
  toInput,
  zonedToIso,
} from './logic';

const NOW = Date.parse('2026-11-25T12:00:00Z');

const event = (over: Partial<SpeedEvent> = {}): SpeedEvent => ({
  id: 'e1',
  title: 'Lagos after work',
  description: '',
  starts_at: '2026-11-28T18:00:00Z',
  ends_at: '2026-11-28T19:00:00Z',
  time_zone: 'Africa/Lagos',
  rounds: 6,
  round_seconds: 300,
  changeover_seconds: 60,
  audience: 'women_men',
  age_min: 25,
  age_max: 40,
  capacity: 12,
  min_participants: 6,
  price: { amount: 250000, currency: 'NGN' },
  status: 'scheduled',
  current_round: 0,
  seats: [
    { group: 'women', capacity: 6, taken: 6 },
    { group: 'men', capacity: 6, taken: 5 },
  ],
  seats_left: 1,
  cancel_reason: null,
  my_ticket: null,
  can_buy: true,
  cannot_buy_reason: null,
  check_in_opens_at: '2026-11-28T17:45:00Z',
  ...over,
});

const live = (over: Partial<SpeedLive> = {}): SpeedLive => ({
  event: event(),
  phase: 'before',
  round: 0,
  round_ends_at: null,
  remaining_seconds: null,
  checked_in: false,
  present: 0,
  partner: null,
  room_id: null,
  met: [],
  matches: [],
  voting_closes_at: null,
  ...over,
});

describe('clocks', () => {
  it('formats countdowns as clocks', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(5)).toBe('0:05');
    expect(formatClock(75)).toBe('1:15');
    expect(formatClock(600)).toBe('10:00');
    expect(formatClock(3725)).toBe('1:02:05');
    expect(formatClock(-3)).toBe('0:00');
  });
  it('says countdowns in words', () => {
    expect(spokenClock(75)).toBe('1 minute 15 seconds');
    expect(spokenClock(120)).toBe('2 minutes');
    expect(spokenClock(1)).toBe('1 second');
    expect(spokenClock(0)).toBe('0 seconds');
  });
  it('counts whole seconds up to a time, never below zero', () => {
    expect(secondsUntil('2026-11-25T12:01:00Z', NOW)).toBe(60);
    expect(secondsUntil('2026-11-25T12:00:00.400Z', NOW)).toBe(1);
    expect(secondsUntil('2026-11-25T11:00:00Z', NOW)).toBe(0);
    expect(secondsUntil(null, NOW)).toBeNull();
  });
  it('names durations', () => {
    expect(durationLabel(300)).toBe('5 min');
    expect(durationLabel(90)).toBe('1 min 30 s');
    expect(durationLabel(45)).toBe('45 s');
  });
});

describe('time zones', () => {
  it('reads a wall time in the event’s zone as an instant and back', () => {
    expect(zonedToIso('2026-11-28T19:00', 'Africa/Lagos')).toBe('2026-11-28T18:00:00.000Z');
    expect(isoToZoned('2026-11-28T18:00:00Z', 'Africa/Lagos')).toBe('2026-11-28T19:00');
    // Across a daylight-saving zone: London is on GMT in November and BST in July.
    expect(zonedToIso('2026-07-01T19:00', 'Europe/London')).toBe('2026-07-01T18:00:00.000Z');
    expect(zonedToIso('2026-11-28T19:00', 'Europe/London')).toBe('2026-11-28T19:00:00.000Z');
    expect(zonedToIso('not a time', 'Africa/Lagos')).toBeNull();
  });
  it('shows the viewer’s time only when their clock differs', () => {
    const same = eventWhen('2026-11-28T18:00:00Z', 'Africa/Lagos', 'Africa/Kinshasa');
    expect(same.event).toBe('Sat 28 Nov, 19:00 Lagos time');
    expect(same.viewer).toBeNull();
    const other = eventWhen('2026-11-28T18:00:00Z', 'Africa/Lagos', 'Europe/London');
    expect(other.viewer).toBe('18:00 your time');
    const nextDay = eventWhen('2026-11-28T18:00:00Z', 'Africa/Lagos', 'Asia/Tokyo');
    expect(nextDay.viewer).toBe('Sun 29 Nov, 03:00 your time');
    expect(eventWhen('2026-11-28T18:00:00Z', 'America/Port_of_Spain', 'America/Port_of_Spain').event).toBe('Sat 28 Nov, 14:00 Port of Spain time');
  });
});

describe('screens', () => {
  it('splits "before" by whether check-in is open', () => {
    expect(screenFor(live(), NOW)).toBe('before');
    expect(screenFor(live(), Date.parse('2026-11-28T17:50:00Z'))).toBe('check-in');
  });
  it('shows every other phase as its own screen', () => {
    for (const phase of ['waiting', 'date', 'break', 'changeover', 'paused', 'voting', 'ended', 'cancelled', 'left'] as const) {
      expect(screenFor(live({ phase }), NOW)).toBe(phase);
    }
  });
  it('refetches when the round ends, voting closes or check-in opens', () => {
    expect(nextRefetchAt(live({ phase: 'date', round_ends_at: '2026-11-25T12:05:00Z' }), NOW)).toBe(Date.parse('2026-11-25T12:05:00Z'));
    expect(nextRefetchAt(live({ phase: 'voting', voting_closes_at: '2026-11-25T12:02:00Z' }), NOW)).toBe(Date.parse('2026-11-25T12:02:00Z'));
    expect(nextRefetchAt(live({ phase: 'before' }), NOW)).toBe(Date.parse('2026-11-28T17:45:00Z'));
    expect(nextRefetchAt(live({ phase: 'paused', round_ends_at: null }), NOW)).toBeNull();
    expect(nextRefetchAt(live({ phase: 'ended' }), NOW)).toBeNull();
  });
});

describe('host buttons', () => {
  it('enables each button in the statuses where it works', () => {
    expect(hostActions('scheduled')).toEqual({ start: true, pause: false, resume: false, next: false, end: false, cancel: true });
    expect(hostActions('live')).toEqual({ start: false, pause: true, resume: false, next: true, end: true, cancel: false });
    expect(hostActions('paused')).toEqual({ start: false, pause: false, resume: true, next: true, end: true, cancel: false });
    for (const s of ['voting', 'ended', 'cancelled'] as const) expect(Object.values(hostActions(s)).some(Boolean)).toBe(false);
  });
});

describe('buying', () => {
  it('lists seats per group', () => {
    expect(seatLines(event())).toEqual([
      { group: 'women', full: true, text: 'Full for women' },
      { group: 'men', full: false, text: '1 seat left for men' },
    ]);
  });
  it('refunds until 24 hours before the start', () => {
    expect(refundable('2026-11-26T12:00:00Z', NOW)).toBe(true);
    expect(refundable('2026-11-26T11:59:00Z', NOW)).toBe(false);
  });
  it('points a reason not to buy somewhere useful', () => {
    expect(cannotBuyHelp('Join matchmaking to get a ticket.', '/speed-dating?event=e1')).toEqual({ href: '/matchmaking', label: 'Join matchmaking' });
    expect(cannotBuyHelp('Your matchmaking is paused.', '/x')?.href).toBe('/user-preferences');
    expect(cannotBuyHelp('Sign in to buy a ticket.', '/speed-dating?event=e1')?.href).toBe('/login?redirect=%2Fspeed-dating%3Fevent%3De1');
    expect(cannotBuyHelp('This event is for ages 25 to 40.', '/x')).toBeNull();
    expect(cannotBuyHelp(null, '/x')).toBeNull();
  });
});

describe('the admin form', () => {
  it('converts major units to minor and the local start to an instant', () => {
    const v = { ...emptyForm(NOW), title: 'Friday mixer', starts_local: '2026-12-04T19:00', price: '2,500.50', round_minutes: '4' };
    const r = toInput(v);
    expect(r.errors).toBeNull();
    expect(r.input).toMatchObject({ title: 'Friday mixer', starts_at: '2026-12-04T18:00:00.000Z', time_zone: 'Africa/Lagos', round_seconds: 240, price: { amount: 250050, currency: 'NGN' } });
  });
  it('names each problem under the API’s field', () => {
    const r = toInput({ ...emptyForm(NOW), title: 'x', rounds: '13', round_minutes: '0.5', capacity: '11', age_min: '30', age_max: '25', price: '1.234', min_participants: '50' });
    expect(r.input).toBeNull();
    expect(Object.keys(r.errors ?? {}).sort()).toEqual(['age_max', 'capacity', 'min_participants', 'price', 'round_seconds', 'rounds', 'title']);
    const r2 = toInput({ ...emptyForm(NOW), title: 'Fine title', capacity: '10', min_participants: '12' });
    expect(r2.errors).toEqual({ min_participants: 'The minimum cannot be above the capacity.' });
  });
  it('fills the form from an event', () => {
    const f = formFromEvent(event({ price: { amount: 250050, currency: 'NGN' } }));
    expect(f.starts_local).toBe('2026-11-28T19:00');
    expect(f.price).toBe('2500.50');
    expect(f.round_minutes).toBe('5');
  });
});

describe('startBlocker', () => {
  const e = { status: 'scheduled' as const, check_in_opens_at: '2026-12-04T09:45:00Z', min_participants: 4 };
  const at = (iso: string) => new Date(iso).getTime();
  it('names what is missing, in the order the server checks it', () => {
    expect(startBlocker(e, 6, 3, at('2026-12-04T09:00:00Z'))).toMatch(/Check-in has not opened/);
    expect(startBlocker(e, 3, 3, at('2026-12-04T09:50:00Z'))).toBe('Start needs 4 confirmed tickets; 3 so far.');
    expect(startBlocker(e, 6, 1, at('2026-12-04T09:50:00Z'))).toBe('Start needs at least 2 people checked in; 1 so far.');
    expect(startBlocker(e, 6, 2, at('2026-12-04T09:50:00Z'))).toBeNull();
    expect(startBlocker({ ...e, status: 'live' }, 0, 0, at('2026-12-04T09:00:00Z'))).toBeNull();
  });
});
