import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../api';
import { auditDetails } from './audit-log';

const entry = (action: string, details: Record<string, unknown>): AuditEntry => ({
  id: 'e1',
  actor_id: 'a1',
  actor: { id: 'a1', username: 'admin', display_name: 'Ngozi Admin', email: 'admin@example.com' },
  subject_id: null,
  subject: null,
  action,
  target_type: 'gift_card_product',
  target_id: 'p1',
  target_label: 'Wellness Retreat',
  details: details as AuditEntry['details'],
  created_at: '2026-03-02T09:00:00Z',
});

describe('audit details', () => {
  it('formats money in its currency instead of raw minor units', () => {
    const lines = auditDetails(entry('gift_card_product.create', { name: 'Wellness Retreat', currency: 'NGN', min_amount: 500000, max_amount: 20000000, active: true }));
    expect(lines).toContain('Max amount: ₦200,000.00');
    expect(lines).toContain('Min amount: ₦5,000.00');
    expect(lines.join(' ')).not.toContain('20000000');
  });
  it('shows an edit as what changed, before and after', () => {
    const lines = auditDetails(
      entry('gift_card_product.update', { before: { name: 'A', currency: 'NGN', denominations: [100000], active: true }, after: { name: 'A', currency: 'NGN', denominations: [100000, 250000], active: false } }),
    );
    expect(lines).toEqual(['Denominations: ₦1,000.00 → ₦1,000.00, ₦2,500.00', 'Active: yes → no']);
  });
});

describe('audit details without limits', () => {
  it('leaves out a limit of zero and empty denominations', () => {
    const lines = auditDetails(entry('gift_card_product.create', { name: 'Weekend', currency: 'NGN', denominations: [5000000], min_amount: 0, max_amount: 0 }));
    expect(lines).toEqual(['Name: Weekend', 'Denominations: ₦50,000.00']);
  });
});
