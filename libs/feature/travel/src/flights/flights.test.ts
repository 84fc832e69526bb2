import { describe, expect, it } from 'vitest';
import type { FlightOffer, FlightOrder } from './api';
import { carFor, shiftLocal, stayFor } from './components/order-view';
import { dayPart, dayShift, duration, mmss, searchFromParams, searchToParams, secondsLeft } from './format';
import { applyView } from './pages/results';

const slice = (dep: string, arr: string, stops = 0) => ({
  origin: { iata: 'LOS', name: 'Murtala Muhammed', city: 'Lagos', country: 'NG', zone: 'Africa/Lagos', lat: null, lng: null },
  destination: { iata: 'ACC', name: 'Kotoka', city: 'Accra', country: 'GH', zone: 'Africa/Accra', lat: null, lng: null },
  departs_at: dep + ':00Z',
  arrives_at: arr + ':00Z',
  departs_local: dep,
  arrives_local: arr,
  duration_minutes: 65,
  stops,
  fare_brand: 'Economy',
  segments: [],
});

const offer = (id: string, amount: number, code: string, dep: string, stops: number, minutes: number): FlightOffer => ({
  id,
  expires_at: '2026-12-01T10:00:00Z',
  price: { amount, currency: 'NGN' },
  owner: { code, name: code },
  slices: [slice(dep, dep, stops)],
  passengers: [],
  conditions: { refundable: true, refund_penalty: null, changeable: true, change_penalty: null },
  baggage: { carry_on: 1, checked: 0 },
  bag: null,
  duration_minutes: minutes,
  emissions_kg: 0,
});

describe('flight search in the address', () => {
  it('round-trips a round trip and a multi-city search', () => {
    const p = new URLSearchParams('from=los&to=ACC&depart=2026-12-10&return=2026-12-17&adults=2&children=0&infants=0&cabin=economy');
    const s = searchFromParams(p);
    expect(s?.kind).toBe('round');
    expect(s?.slices).toEqual([
      { from: 'LOS', to: 'ACC', date: '2026-12-10' },
      { from: 'ACC', to: 'LOS', date: '2026-12-17' },
    ]);
    expect(searchFromParams(searchToParams(s!))).toEqual(s);
    const m = searchFromParams(new URLSearchParams('slices=LOS-ACC-2026-12-10,ACC-NBO-2026-12-14&adults=1'));
    expect(m?.kind).toBe('multi');
    expect(m?.slices[1]).toEqual({ from: 'ACC', to: 'NBO', date: '2026-12-14' });
  });
  it('refuses malformed searches', () => {
    expect(searchFromParams(new URLSearchParams('from=LOS&to=ACC'))).toBeNull();
    expect(searchFromParams(new URLSearchParams('from=LAGOS&to=ACC&depart=2026-12-10'))).toBeNull();
    expect(searchFromParams(new URLSearchParams('slices=LOS-ACC'))).toBeNull();
    expect(searchFromParams(new URLSearchParams('from=LOS&to=ACC&depart=2026-12-10&adults=40'))?.adults).toBe(1);
  });
});

describe('results view', () => {
  const offers = [offer('a', 300, 'P4', '2026-12-10T19:00', 0, 70), offer('b', 200, 'KP', '2026-12-10T07:00', 1, 200), offer('c', 250, 'AW', '2026-12-10T13:00', 0, 65)];
  const base = { sort: 'price' as const, maxPrice: null, stops: '', airline: '', dep: '' };
  it('sorts by price, duration and departure', () => {
    expect(applyView(offers, base).map((o) => o.id)).toEqual(['b', 'c', 'a']);
    expect(applyView(offers, { ...base, sort: 'duration' }).map((o) => o.id)).toEqual(['c', 'a', 'b']);
    expect(applyView(offers, { ...base, sort: 'departure' }).map((o) => o.id)).toEqual(['b', 'c', 'a']);
  });
  it('filters by price, stops, airline and time of day', () => {
    expect(applyView(offers, { ...base, maxPrice: 260 }).map((o) => o.id)).toEqual(['b', 'c']);
    expect(applyView(offers, { ...base, stops: '0' }).map((o) => o.id)).toEqual(['c', 'a']);
    expect(applyView(offers, { ...base, airline: 'P4' }).map((o) => o.id)).toEqual(['a']);
    expect(applyView(offers, { ...base, dep: 'evening' }).map((o) => o.id)).toEqual(['a']);
  });
});

describe('formatting', () => {
  it('formats durations, countdowns and day shifts', () => {
    expect(duration(135)).toBe('2h 15m');
    expect(duration(45)).toBe('45m');
    expect(mmss(605)).toBe('10:05');
    expect(secondsLeft('2026-01-01T00:00:10Z', Date.parse('2026-01-01T00:00:00Z'))).toBe(10);
    expect(secondsLeft('2026-01-01T00:00:10Z', Date.parse('2026-01-01T00:01:00Z'))).toBe(0);
    expect(dayShift('2026-12-10T23:30', '2026-12-11T06:10')).toBe(1);
    expect(dayPart('2026-12-10T04:30')).toBe('night');
  });
  it('links a stay to the destination for the trip dates', () => {
    const o = {
      slices: [slice('2026-12-10T07:00', '2026-12-10T08:05'), { ...slice('2026-12-17T18:00', '2026-12-17T21:05') }],
      passengers: [{ type: 'adult' }, { type: 'adult' }, { type: 'infant_without_seat' }],
      trip_id: 'trip-1',
      destination: { iata: 'ACC', city: 'Accra' },
    } as unknown as FlightOrder;
    expect(stayFor(o)).toBe('/booking/hotel?city=Accra&check_in=2026-12-10&check_out=2026-12-17&rooms=1&adults=2&trip=trip-1');
  });
  it('links a car picked up after landing and returned before the flight back', () => {
    expect(shiftLocal('2026-12-10T08:05', 60)).toEqual({ day: '2026-12-10', time: '09:30' });
    expect(shiftLocal('2026-12-10T23:40', 60)).toEqual({ day: '2026-12-11', time: '01:00' });
    expect(shiftLocal('2026-12-17T18:00', -210)).toEqual({ day: '2026-12-17', time: '14:30' });
    const o = {
      slices: [slice('2026-12-10T07:00', '2026-12-10T08:05'), { ...slice('2026-12-17T18:00', '2026-12-17T21:05') }],
      passengers: [],
    } as unknown as FlightOrder;
    expect(carFor(o)).toBe('/booking/car-rentals?city=Accra&from=2026-12-10&ft=09%3A30&to=2026-12-17&tt=14%3A30');
    // a same-day return too close to the landing: no car offered
    const tight = { slices: [slice('2026-12-10T07:00', '2026-12-10T08:05'), slice('2026-12-10T12:00', '2026-12-10T13:05')], passengers: [] } as unknown as FlightOrder;
    expect(carFor(tight)).toBeNull();
  });
});
