import { describe, expect, it } from 'vitest';
import { localToISO, readingMinutes, shareLinks, slugify, SLUG_RE, textDiff } from './logic';

describe('blog logic', () => {
  it('makes slugs like the server', () => {
    expect(slugify('Three days in Tbilisi!')).toBe('three-days-in-tbilisi');
    expect(slugify('Café São Paulo — a guide')).toBe('cafe-sao-paulo-a-guide');
    expect(slugify("Rome's best pizza")).toBe('romes-best-pizza');
    expect(slugify('!!!')).toBe('post');
    expect(SLUG_RE.test(slugify('  Lisbon   trams  '))).toBe(true);
  });
  it('counts reading time', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes('word '.repeat(221))).toBe(2);
  });
  it('diffs words', () => {
    const parts = textDiff('the old town walk', 'the new town walk');
    expect(parts.filter((p) => p.kind === 'removed').map((p) => p.text.trim())).toEqual(['old']);
    expect(parts.filter((p) => p.kind === 'added').map((p) => p.text.trim())).toEqual(['new']);
  });
  it('encodes share links', () => {
    const links = shareLinks('https://sojourn.test/blog/a b', 'Fish & chips');
    expect(links[0]?.href).toContain('url=https%3A%2F%2Fsojourn.test%2Fblog%2Fa%20b');
    expect(links[0]?.href).toContain('text=Fish%20%26%20chips');
  });
  it('reads schedule times', () => {
    expect(localToISO('')).toBeNull();
    expect(localToISO('nonsense')).toBeNull();
    expect(localToISO('2026-05-01T10:00')).toMatch(/^2026-05-01T/);
  });
});
