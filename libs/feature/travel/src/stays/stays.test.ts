import { describe, expect, it } from 'vitest';
import { nightsBetween, propertyHref, queryFromParams, stayParams } from './paths';

const today = new Date('2026-11-24T10:00:00');

describe('stay search in the address', () => {
  it('reads a city search and writes it back the same', () => {
    const { query, problem } = queryFromParams(new URLSearchParams('city=Accra&check_in=2026-12-10&check_out=2026-12-17&rooms=1&adults=2&trip=t1'), today);
    expect(problem).toBeNull();
    expect(query).toMatchObject({ city: 'Accra', check_in: '2026-12-10', check_out: '2026-12-17', rooms: 1, adults: 2, trip: 't1' });
    expect(stayParams(query)).toBe('city=Accra&check_in=2026-12-10&check_out=2026-12-17&rooms=1&adults=2&trip=t1');
    expect(propertyHref('acc_1', query)).toBe('/booking/hotel/acc_1?check_in=2026-12-10&check_out=2026-12-17&rooms=1&adults=2&trip=t1');
  });
  it('takes a point and radius instead of a city', () => {
    const { query } = queryFromParams(new URLSearchParams('lat=5.6&lng=-0.19&radius=8&check_in=2026-12-10&check_out=2026-12-12'), today);
    expect(query).toMatchObject({ lat: 5.6, lng: -0.19, radius: 8 });
    expect(query.city).toBeUndefined();
  });
  it('defaults the dates and refuses impossible stays', () => {
    expect(queryFromParams(new URLSearchParams(''), today).query).toMatchObject({ city: 'Lagos', check_in: '2026-12-08', check_out: '2026-12-11' });
    expect(queryFromParams(new URLSearchParams('check_in=2026-11-01&check_out=2026-11-03'), today).problem).toMatch(/past/);
    expect(queryFromParams(new URLSearchParams('check_in=2026-12-01&check_out=2027-01-05'), today).problem).toMatch(/30 nights/);
    expect(queryFromParams(new URLSearchParams('check_in=2026-12-05&check_out=2026-12-05'), today).problem).toMatch(/after/);
    expect(queryFromParams(new URLSearchParams('rooms=1&adults=8'), today).problem).toMatch(/four/);
    expect(nightsBetween('2026-12-10', '2026-12-17')).toBe(7);
  });
});

describe('my stays', () => {
  it('outranks a property at /booking/hotel/my-stays, whatever the order of the routes', async () => {
    const { matchRoutes } = await import('react-router');
    const { stayPages } = await import('./index');
    const routes = stayPages().map((p) => ({ path: p.path, id: p.title }));
    for (const list of [routes, [...routes].reverse()]) {
      expect(matchRoutes(list, '/booking/hotel/my-stays')?.[0]?.route.id).toBe('My stays');
      expect(matchRoutes(list, '/booking/hotel/acc_1')?.[0]?.route.id).toBe('Hotel');
      expect(matchRoutes(list, '/booking/hotel')?.[0]?.route.id).toBe('Hotels');
    }
  });
  it('shows the dates in the property’s time zone', async () => {
    const { stayDates } = await import('./pages/mine');
    // 23:30 UTC is already the next day in Nairobi (UTC+3).
    const s = stayDates({ starts_at: '2026-04-10T23:30:00Z', ends_at: '2026-04-13T08:00:00Z', time_zone: 'Africa/Nairobi' });
    expect(s).toContain('11');
    expect(s).toContain('2026');
    expect(s).not.toContain('10 ');
  });
});
