import { describe, expect, it } from 'vitest';
import { carsHref, flightsHref, staysHref } from './paths';
import { calendarWindow } from './components/trip-calendar';
import { addDays, dayLabel, localTime, localWhen, zonedToUTC } from './time';

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
