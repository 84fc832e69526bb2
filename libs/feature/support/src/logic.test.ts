import { describe, expect, it } from 'vitest';
import { canRate, duration, nextStatuses, portalFromPath, searchTerms, slaSummary } from './logic';

describe('support logic', () => {
  it('finds the portal of a support path', () => {
    expect(portalFromPath('/support')).toBe('user');
    expect(portalFromPath('/support/abc')).toBe('user');
    expect(portalFromPath('/vendor-app/support')).toBe('vendor');
    expect(portalFromPath('/car-rentals/support/x')).toBe('car-rental');
    expect(portalFromPath('/tour-app/support')).toBe('tour');
  });

  it('formats durations', () => {
    expect(duration(30 * 60000)).toBe('30 min');
    expect(duration(5 * 3600000)).toBe('5 h');
    expect(duration(72 * 3600000)).toBe('3 d');
    expect(duration(-5)).toBe('0 min');
  });

  it('summarises the SLA', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    const sla = { first_response_due: '2026-01-01T10:00:00Z', resolution_due: '2026-01-02T10:00:00Z', first_response_breached: true, resolution_breached: false };
    expect(slaSummary({ status: 'open', first_response_at: null, sla }, now)).toEqual({ tone: 'breached', text: 'First reply overdue by 2 h' });
    const ok = { ...sla, first_response_due: '2026-01-01T12:30:00Z', first_response_breached: false };
    expect(slaSummary({ status: 'open', first_response_at: null, sla: ok }, now)).toEqual({ tone: 'soon', text: 'First reply due in 30 min' });
    expect(slaSummary({ status: 'pending', first_response_at: '2026-01-01T11:00:00Z', sla: ok }, now).text).toBe('Solve due in 22 h');
    expect(slaSummary({ status: 'solved', first_response_at: '2026-01-01T11:00:00Z', sla: ok }, now).tone).toBe('done');
    expect(slaSummary({ status: 'open', first_response_at: null }, now).tone).toBe('done');
  });

  it('follows the state machine and rating rule', () => {
    expect(nextStatuses('closed')).toEqual([]);
    expect(nextStatuses('solved')).toEqual(['open', 'closed']);
    expect(canRate({ status: 'solved', rating: null })).toBe(true);
    expect(canRate({ status: 'solved', rating: 4 })).toBe(false);
    expect(canRate({ status: 'open', rating: null })).toBe(false);
  });

  it('splits search words', () => {
    expect(searchTerms('  How  do a refund ')).toEqual(['how', 'do', 'refund']);
  });
});
