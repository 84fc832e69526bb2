import { describe, expect, it } from 'vitest';
import { ageOn, localCheck, nextSlug, prevSlug, stepPath } from './model';
import { nextSteps, sectionOrder } from './personal';

describe('user onboarding model', () => {
  it('puts the intent on the welcome page and the rest under /user-onboarding', () => {
    expect(stepPath('intent')).toBe('/onboarding');
    expect(stepPath('four')).toBe('/user-onboarding/four');
    expect(nextSlug('intent')).toBe('one');
    expect(nextSlug('eleven')).toBeNull();
    expect(prevSlug('intent')).toBeNull();
    expect(prevSlug('one')).toBe('intent');
  });

  it('checks a visitor’s answers like the account rules (13 or older)', () => {
    const today = new Date(2026, 5, 10);
    expect(ageOn('2013-06-10', today)).toBe(13);
    expect(ageOn('2013-06-11', today)).toBe(12);
    expect(localCheck('two', { date_of_birth: '2013-06-11' }, today)).toHaveProperty('date_of_birth');
    expect(localCheck('two', { date_of_birth: '2013-06-10' }, today)).toEqual({});
    expect(localCheck('intent', { intents: [] })).toHaveProperty('intents');
    expect(localCheck('one', { display_name: '  ' })).toHaveProperty('display_name');
    expect(localCheck('seven', { travel_styles: [] })).toEqual({});
  });

  it('orders the home by what the person is here for, the rest after', () => {
    expect(sectionOrder(['meeting_people', 'wellness'])).toEqual(['meeting_people', 'wellness', 'travel', 'shopping']);
    expect(sectionOrder([])).toEqual(['travel', 'wellness', 'shopping', 'meeting_people']);
    expect(nextSteps(['shopping'])[0]?.to).toBe('/shop');
  });
});
