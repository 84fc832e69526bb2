import type { LineQuantity, OrderLine } from './api';

/** Quantities typed per line -> the API's lines (positive ones only), or the first problem found. */
export function selectedLines(
  lines: OrderLine[],
  typed: Record<string, string>,
  maxFor: (l: OrderLine) => number,
): { lines: LineQuantity[]; problem: string | null } {
  const out: LineQuantity[] = [];
  for (const l of lines) {
    const raw = (typed[l.id] ?? '').trim();
    if (raw === '' || raw === '0') continue;
    if (!/^\d{1,2}$/.test(raw)) return { lines: [], problem: `Enter a whole number for ${l.title}.` };
    const n = Number(raw);
    const max = maxFor(l);
    if (n > max) return { lines: [], problem: `At most ${max} of ${l.title}.` };
    out.push({ line_id: l.id, quantity: n });
  }
  return { lines: out, problem: out.length === 0 ? 'Choose at least one item.' : null };
}
