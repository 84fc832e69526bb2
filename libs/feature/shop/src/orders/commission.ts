import { parseMoney, toMajorInput } from '@sojourn/util';
import type { Category, CommissionRule, CommissionRuleInput } from './api';

/** "7.5 %" from basis points. */
export const percentText = (bps: number) => `${(bps / 100).toLocaleString('en-GB', { maximumFractionDigits: 2 })} %`;

export interface RuleValues {
  scope: 'vendor' | 'category';
  vendor_id: string;
  category_id: string;
  percent: string;
  fixed: string;
  priority: string;
  active: boolean;
  note: string;
}

export function ruleDefaults(r?: CommissionRule | null): RuleValues {
  return {
    scope: r?.scope ?? 'category',
    vendor_id: r?.vendor_id ?? '',
    category_id: r?.category_id ?? '',
    percent: r ? String(r.bps / 100) : '',
    fixed: r && r.fixed.amount > 0 ? toMajorInput(r.fixed.amount, r.fixed.currency) : '',
    priority: r ? String(r.priority) : '0',
    active: r?.active ?? true,
    note: r?.note ?? '',
  };
}

/**
 * The form's values as the API body, or the problems per field: the percentage 0–50 with at most two decimals (basis
 * points), the fixed part 0–1,000,000 NGN, the priority 0–1000, a note of at most 200 characters.
 */
export function ruleBody(v: RuleValues): { body: CommissionRuleInput | null; errors: Partial<Record<keyof RuleValues, string>> } {
  const errors: Partial<Record<keyof RuleValues, string>> = {};
  const pct = v.percent.trim();
  let bps = 0;
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(pct) || Number(pct) > 50) errors.percent = 'A percentage from 0 to 50, with at most two decimals.';
  else bps = Math.round(Number(pct) * 100);
  let fixed = 0;
  if (v.fixed.trim() !== '') {
    const f = parseMoney(v.fixed.trim(), 'NGN');
    if (f === null || f < 0 || f > 100_000_000) errors.fixed = 'An amount from 0 to 1,000,000.';
    else fixed = f;
  }
  const pr = v.priority.trim();
  if (!/^\d{1,4}$/.test(pr) || Number(pr) > 1000) errors.priority = 'A whole number from 0 to 1000.';
  const note = v.note.trim();
  // eslint-disable-next-line no-control-regex
  if (note.length > 200 || /[\u0000-\u001f\u007f]/.test(note)) errors.note = 'At most 200 characters, no control characters.';
  if (v.scope === 'vendor' && !v.vendor_id) errors.vendor_id = 'Choose the vendor.';
  if (v.scope === 'category' && !v.category_id) errors.category_id = 'Choose the category.';
  if (Object.keys(errors).length > 0) return { body: null, errors };
  return {
    body: {
      scope: v.scope,
      ...(v.scope === 'vendor' ? { vendor_id: v.vendor_id } : { category_id: v.category_id }),
      bps,
      fixed,
      priority: Number(pr),
      active: v.active,
      note,
    },
    errors,
  };
}

/** The category tree flattened for a picker, each name prefixed by its parents ("Travel › Bags"). */
export function flattenCategories(tree: Category[], prefix = ''): { id: string; name: string }[] {
  return tree.flatMap((c) => {
    const name = prefix ? `${prefix} › ${c.name}` : c.name;
    return [{ id: c.id, name }, ...flattenCategories(c.children as Category[], name)];
  });
}
