import { describe, expect, it } from 'vitest';
import { extraCode, toCarInput, carDefaults } from './components/car-form';
import { ageOn, fuelText, hoursText, localToIso, reference } from './format';
import { filtersFromParams } from './pages/search';

describe('rentals formatting', () => {
  it('groups opening hours by runs of equal days', () => {
    const h = { open: '08:00', close: '18:00' };
    expect(hoursText({ monday: h, tuesday: h, wednesday: h, thursday: h, friday: h, saturday: { open: '09:00', close: '14:00' } })).toBe(
      'Mon–Fri 08:00–18:00 · Sat 09:00–14:00 · Sun closed',
    );
  });
  it('says fuel levels as people do', () => {
    expect([0, 2, 4, 6, 8].map(fuelText)).toEqual(['Empty', '1/4', '1/2', '3/4', 'Full']);
  });
  it('counts a driver’s age on the pick-up day', () => {
    expect(ageOn('2000-06-15', new Date(2021, 5, 14))).toBe(20);
    expect(ageOn('2000-06-15', new Date(2021, 5, 15))).toBe(21);
    expect(ageOn('15/06/2000', new Date())).toBeNull();
  });
  it('refuses impossible local dates', () => {
    expect(localToIso('2026-02-30', '10:00')).toBeNull();
    expect(localToIso('2026-02-10', '25:00')).not.toBeNull(); // the pattern only; hours roll over like Date does
    expect(localToIso('2026-02-10', '10:00')).toBe(new Date(2026, 1, 10, 10, 0).toISOString());
  });
  it('reads a reference from the random tail of the id', () => {
    expect(reference('01a20c34-7b6e-7c1d-9f00-64ace706aa11')).toBe('64ACE706AA11'.slice(-8));
  });
});

describe('car form', () => {
  it('makes unique extra codes the API accepts', () => {
    const taken = new Set<string>();
    expect(extraCode('Child seat', taken)).toBe('child_seat');
    expect(extraCode('Child seat', taken)).toBe('child_seat_2');
    expect(extraCode('4G hotspot', taken)).toMatch(/^[a-z][a-z0-9_]{1,31}$/);
  });
  it('sends amounts in minor units', () => {
    const v = { ...carDefaults(null, []), branch_id: 'b1', make: 'Toyota', model: 'Yaris', day_rate: '24000', deposit: '72,000.50' };
    v.extras = [{ name: 'GPS navigation', price: '1500', per: 'day', code: '' }];
    const input = toCarInput(v);
    expect(input.day_rate).toBe(2_400_000);
    expect(input.deposit).toBe(7_200_050);
    expect(input.extras).toEqual([{ code: 'gps_navigation', name: 'GPS navigation', price: 150_000, per: 'day' }]);
  });
});

describe('search filters from the address', () => {
  it('keeps what is valid and drops the rest', () => {
    const { filters } = filtersFromParams(new URLSearchParams('city=Lagos&category=suv&transmission=sideways&seats=99&max_price=30000'), true);
    expect(filters).toMatchObject({ city: 'Lagos', category: 'suv', transmission: undefined, seats: undefined, max_price: 3_000_000 });
  });
  it('names a drop-off before the pick-up', () => {
    expect(filtersFromParams(new URLSearchParams('from=2099-01-10&to=2099-01-08'), true).problem).toBe('The drop-off must be after the pick-up.');
  });
});
