import { describe, expect, it } from 'vitest';
import { reachable, resumeSlug, stepPath } from './paths';

const slugs = ['one', 'two', 'three'];

describe('wizard paths', () => {
  it('resumes at the first unsaved step, else the last', () => {
    expect(resumeSlug(slugs, 'two')).toBe('two');
    expect(resumeSlug(slugs, null)).toBe('three');
    expect(resumeSlug(slugs, 'eleven')).toBe('three');
  });
  it('opens a step only when every step before it is saved', () => {
    const saved = new Set(['one']);
    expect(reachable(slugs, saved, 'one')).toBe(true);
    expect(reachable(slugs, saved, 'two')).toBe(true);
    expect(reachable(slugs, saved, 'three')).toBe(false);
    expect(reachable(slugs, new Set(['one', 'three']), 'three')).toBe(true);
    expect(reachable(slugs, saved, 'four')).toBe(false);
  });
  it('joins base and slug', () => {
    expect(stepPath('/car-dealer/onboarding/', 'one')).toBe('/car-dealer/onboarding/one');
  });
});
