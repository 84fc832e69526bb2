import { Button, Input } from '@sojourn/ui';
import { Plus, Trash2 } from 'lucide-react';
import type { Interval } from '../api';

const HHMM = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const END = /^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$/;

/** What is wrong with a day's intervals (format, order, overlap), or null. */
export function intervalProblem(list: Interval[]): string | null {
  if (list.length > 12) return 'At most 12 time ranges a day.';
  for (const i of list) {
    if (!HHMM.test(i.start) || !END.test(i.end)) return 'Use times like 09:00 and 17:30.';
    if (i.end !== '24:00' && i.end <= i.start) return `${i.start}–${i.end}: the end must be after the start.`;
  }
  const sorted = [...list].sort((a, b) => a.start.localeCompare(b.start));
  for (let k = 1; k < sorted.length; k++) {
    if (sorted[k]!.start < sorted[k - 1]!.end) return `${sorted[k - 1]!.start}–${sorted[k - 1]!.end} and ${sorted[k]!.start}–${sorted[k]!.end} overlap.`;
  }
  return null;
}

/** The time ranges of one day: add, change, remove. `<input type="time">` gives a keyboard-friendly picker. */
export function IntervalsEditor({ label, intervals, onChange }: { label: string; intervals: Interval[]; onChange: (next: Interval[]) => void }) {
  const set = (k: number, patch: Partial<Interval>) => onChange(intervals.map((i, j) => (j === k ? { ...i, ...patch } : i)));
  const next = (): Interval => {
    const last = intervals.at(-1);
    if (!last || last.end >= '23:00' || last.end === '24:00') return { start: '09:00', end: '12:00' };
    const [h] = last.end.split(':').map(Number) as [number];
    const start = `${String(Math.min(h + 1, 22)).padStart(2, '0')}:00`;
    return { start, end: `${String(Math.min(h + 4, 23)).padStart(2, '0')}:00` };
  };
  return (
    <div className="grid gap-2" role="group" aria-label={label}>
      {intervals.map((i, k) => (
        <div key={k} className="flex items-center gap-1.5 sm:gap-2">
          <Input type="time" step={300} className="w-[6.75rem] px-2 sm:w-32 sm:px-3" value={i.start} aria-label={`${label}: start of range ${k + 1}`} onChange={(e) => set(k, { start: e.target.value })} />
          <span aria-hidden>–</span>
          <Input type="time" step={300} className="w-[6.75rem] px-2 sm:w-32 sm:px-3" value={i.end === '24:00' ? '23:59' : i.end} aria-label={`${label}: end of range ${k + 1}`} onChange={(e) => set(k, { end: e.target.value === '23:59' ? '24:00' : e.target.value })} />
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange(intervals.filter((_, j) => j !== k))} aria-label={`${label}: remove ${i.start}–${i.end}`}>
            <Trash2 className="size-4" aria-hidden />
          </Button>
        </div>
      ))}
      <div>
        <Button type="button" variant="outline" size="sm" disabled={intervals.length >= 12} onClick={() => onChange([...intervals, next()])}>
          <Plus className="size-4" aria-hidden /> {intervals.length === 0 ? 'Add hours' : 'Add a range'}
        </Button>
      </div>
    </div>
  );
}
