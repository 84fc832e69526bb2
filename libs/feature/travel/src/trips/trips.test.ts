import { describe, expect, it } from 'vitest';
import { carsHref, flightsHref, staysHref } from './paths';
import { calendarWindow } from './components/trip-calendar';
import { addDays, dayLabel, localTime, localWhen, zonedToUTC } from './time';
import { citySpans } from './spans';
import type { TripItem } from './api';

describe('trip times', () => {
  it('reads the wall-clock time from the local RFC 3339 text, never the viewer zone', () => {
    expect(localTime('2026-12-10T14:30:00+01:00')).toBe('14:30');
    expect(localWhen('2026-12-10T14:30:00+01:00')).toBe('Thu 10 Dec, 14:30');
    expect(dayLabel('2026-12-10')).toBe('Thu 10 Dec 2026');
  });
  it('turns a time at a place into UTC, across offsets', () => {
    expect(zonedToUTC('2026-12-10', '09:30', 'Africa/Accra')).toBe('2026-12-10T09:30:00Z');
    expect(zonedToUTC('2026-12-10', '09:30', 'Africa/Lagos')).toBe('2026-12-10T08:30:00Z');
    expect(zonedToUTC('2026-07-01', '12:00', 'Europe/London')).toBe('2026-07-01T11:00:00Z');
    expect(zonedToUTC('2026-12-10', '09:30', '')).toBe('2026-12-10T09:30:00Z');
  });
  it('adds days across months', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
  });
  it('finds the calendar window of a month and of a week', () => {
    expect(calendarWindow('2026-11-24', 'month')).toEqual({ from: '2026-11-01', to: '2026-12-01' });
    expect(calendarWindow('2026-11-26', 'week')).toEqual({ from: '2026-11-23', to: '2026-11-30' });
  });
});

describe('addresses of the other travel parts', () => {
  it('pre-fills stays, flights and cars as their pages read them', () => {
    expect(staysHref({ city: 'Accra', checkIn: '2026-12-10', checkOut: '2026-12-17', trip: 't1' })).toBe(
      '/booking/hotel?city=Accra&check_in=2026-12-10&check_out=2026-12-17&rooms=1&adults=2&trip=t1',
    );
    expect(flightsHref({ from: 'LOS', to: 'ACC', depart: '2026-12-10', ret: '2026-12-17', adults: 2, children: 0, infants: 0, cabin: 'economy' })).toBe(
      '/booking/FlightResult?from=LOS&to=ACC&depart=2026-12-10&return=2026-12-17&adults=2&children=0&infants=0&cabin=economy',
    );
    expect(carsHref({ city: 'Accra', from: '2026-12-10', ft: '13:00', to: '2026-12-13', tt: '13:00' })).toBe(
      '/booking/car-rentals?city=Accra&from=2026-12-10&ft=13%3A00&to=2026-12-13&tt=13%3A00',
    );
  });
});

describe('cities of a trip', () => {
  const place = (city: string) => ({ name: city, city, country: '', iata: '', lat: null, lng: null });
  const seg = (from: string, to: string, dep: string, arr: string) => ({
    from: place(from),
    to: place(to),
    departs_at: dep,
    arrives_at: arr,
    departs_local: dep,
    arrives_local: arr,
    from_zone: '',
    to_zone: '',
    label: '',
  });
  it('takes a round trip by air to where it lands, until the flight back, and leaves home out', () => {
    const flight = {
      kind: 'flight',
      starts_at: '2026-12-10T07:00:00Z',
      starts_local: '2026-12-10T08:00:00+01:00',
      ends_local: '2026-12-17T21:05:00+01:00',
      start: place('Lagos'),
      end: place('Lagos'),
      segments: [seg('Lagos', 'Accra', '2026-12-10T08:00:00+01:00', '2026-12-10T08:05:00+00:00'), seg('Accra', 'Lagos', '2026-12-17T18:00:00+00:00', '2026-12-17T21:05:00+01:00')],
    };
    const tour = { kind: 'tour', starts_at: '2026-12-12T09:00:00Z', starts_local: '2026-12-12T09:00:00+00:00', ends_local: '2026-12-12T12:00:00+00:00', start: place('Accra'), end: place('Accra'), segments: [] };
    expect(citySpans([tour, flight] as unknown as TripItem[])).toEqual([{ city: 'Accra', from: '2026-12-10', to: '2026-12-17', time: '08:05' }]);
  });
  it('counts other bookings where they start and end', () => {
    const car = { kind: 'rental', starts_at: '2026-12-10T10:00:00Z', starts_local: '2026-12-10T10:00:00+00:00', ends_local: '2026-12-13T10:00:00+00:00', start: place('Accra'), end: place('Kumasi'), segments: [] };
    expect(citySpans([car] as unknown as TripItem[]).map((s) => [s.city, s.from, s.to])).toEqual([
      ['Accra', '2026-12-10', '2026-12-10'],
      ['Kumasi', '2026-12-13', '2026-12-13'],
    ]);
  });
});
