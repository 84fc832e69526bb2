import { Button, FormAlert, Input, Label, Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@sojourn/ui';
import { cn } from '@sojourn/util';
import { Plus, Search, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { AirportField } from '../../airports';
import type { Cabin, FlightSearch } from '../api';
import { CABINS } from '../format';

const iata = z.string().regex(/^[A-Z]{3}$/, 'Choose an airport');
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a date');

/** The search's rules, checked before it goes to the address (the API checks them again). */
export const searchSchema = z
  .object({
    kind: z.enum(['oneway', 'round', 'multi']),
    slices: z.array(z.object({ from: iata, to: iata, date: day })).min(1).max(4),
    adults: z.number().int().min(1, 'At least one adult').max(9),
    children: z.number().int().min(0).max(8),
    infants: z.number().int().min(0).max(4),
    cabin: z.enum(['economy', 'premium_economy', 'business', 'first']),
  })
  .superRefine((s, ctx) => {
    if (s.adults + s.children + s.infants > 9) ctx.addIssue({ code: 'custom', path: ['adults'], message: 'At most 9 passengers' });
    if (s.infants > s.adults) ctx.addIssue({ code: 'custom', path: ['infants'], message: 'At most one infant per adult' });
    s.slices.forEach((sl, i) => {
      if (sl.from && sl.from === sl.to) ctx.addIssue({ code: 'custom', path: ['slices', i, 'to'], message: 'Pick a different airport' });
      if (i > 0 && sl.date && s.slices[i - 1] && sl.date < (s.slices[i - 1]?.date ?? '')) ctx.addIssue({ code: 'custom', path: ['slices', i, 'date'], message: 'Must not be before the previous flight' });
    });
  });

function isoToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function Counter({ id, label, hint, value, min, max, onChange }: { id: string; label: string; hint: string; value: number; min: number; max: number; onChange: (n: number) => void }) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-md border px-3 py-2">
      <div className="grid">
        <span id={id} className="text-sm font-medium">
          {label}
        </span>
        <span className="text-xs text-muted-foreground">{hint}</span>
      </div>
      <div className="flex items-center gap-2" role="group" aria-labelledby={id}>
        <Button type="button" size="sm" variant="outline" aria-label={`Fewer ${label.toLowerCase()}`} disabled={value <= min} onClick={() => onChange(value - 1)}>
          −
        </Button>
        <span className="w-5 text-center tabular-nums" aria-live="polite">
          {value}
        </span>
        <Button type="button" size="sm" variant="outline" aria-label={`More ${label.toLowerCase()}`} disabled={value >= max} onClick={() => onChange(value + 1)}>
          +
        </Button>
      </div>
    </div>
  );
}

/** The flight search: one-way, round trip or multi-city, airports by autocomplete, dates, passengers and cabin. */
export function FlightSearchForm({ initial, onSearch, compact }: { initial?: FlightSearch | null; onSearch: (s: FlightSearch) => void; compact?: boolean }) {
  const [s, setS] = useState<FlightSearch>(
    initial ?? { kind: 'round', slices: [{ from: '', to: '', date: '' }, { from: '', to: '', date: '' }], adults: 1, children: 0, infants: 0, cabin: 'economy' },
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const today = isoToday();
  const setSlice = (i: number, patch: Partial<FlightSearch['slices'][number]>) => setS((p) => ({ ...p, slices: p.slices.map((x, j) => (j === i ? { ...x, ...patch } : x)) }));
  const setKind = (kind: FlightSearch['kind']) =>
    setS((p) => {
      const first = p.slices[0] ?? { from: '', to: '', date: '' };
      if (kind === 'oneway') return { ...p, kind, slices: [first] };
      if (kind === 'round') return { ...p, kind, slices: [first, { from: first.to, to: first.from, date: p.slices[1]?.date ?? '' }] };
      return { ...p, kind, slices: p.slices.length > 1 ? p.slices : [first, { from: first.to, to: '', date: '' }] };
    });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const shaped: FlightSearch = s.kind === 'round' && s.slices[0] ? { ...s, slices: [s.slices[0], { from: s.slices[0].to, to: s.slices[0].from, date: s.slices[1]?.date ?? '' }] } : s;
    const r = searchSchema.safeParse(shaped);
    if (!r.success) {
      const out: Record<string, string> = {};
      for (const issue of r.error.issues) out[issue.path.join('.')] = out[issue.path.join('.')] ?? issue.message;
      setErrors(out);
      return;
    }
    setErrors({});
    onSearch(shaped);
  };
  const err = (k: string) => errors[k];
  const rows = s.kind === 'multi' ? s.slices : s.slices.slice(0, 1);
  return (
    <form onSubmit={submit} noValidate aria-label="Search flights" className={cn('grid gap-4 rounded-xl border bg-card p-4', compact && 'gap-3')}>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Trip type</legend>
        {(
          [
            ['round', 'Round trip'],
            ['oneway', 'One way'],
            ['multi', 'Multi-city'],
          ] as const
        ).map(([k, label]) => (
          <label key={k} className={cn('cursor-pointer rounded-full border px-3 py-1 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring', s.kind === k ? 'border-primary bg-primary/10 font-medium' : 'text-muted-foreground')}>
            <input type="radio" name="trip-kind" value={k} checked={s.kind === k} onChange={() => setKind(k)} className="sr-only" />
            {label}
          </label>
        ))}
      </fieldset>
      {rows.map((sl, i) => (
        <div key={i} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto_auto]">
          <AirportField label={s.kind === 'multi' ? `From (flight ${i + 1})` : 'From'} value={sl.from} onChange={(v) => setSlice(i, { from: v })} error={err(`slices.${i}.from`)} id={`flight-from-${i}`} />
          <AirportField label="To" value={sl.to} onChange={(v) => setSlice(i, { to: v })} error={err(`slices.${i}.to`)} id={`flight-to-${i}`} />
          <div className="grid gap-1.5">
            <Label htmlFor={`flight-date-${i}`}>{s.kind === 'multi' ? 'Date' : 'Depart'}</Label>
            <Input id={`flight-date-${i}`} type="date" min={today} value={sl.date} onChange={(e) => setSlice(i, { date: e.target.value })} aria-invalid={!!err(`slices.${i}.date`)} aria-describedby={err(`slices.${i}.date`) ? `flight-date-${i}-err` : undefined} />
            {err(`slices.${i}.date`) && (
              <p id={`flight-date-${i}-err`} className="text-xs text-destructive">
                {err(`slices.${i}.date`)}
              </p>
            )}
          </div>
          {s.kind === 'round' && (
            <div className="grid gap-1.5">
              <Label htmlFor="flight-return">Return</Label>
              <Input id="flight-return" type="date" min={sl.date || today} value={s.slices[1]?.date ?? ''} onChange={(e) => setS((p) => ({ ...p, slices: [p.slices[0] ?? sl, { from: sl.to, to: sl.from, date: e.target.value }] }))} aria-invalid={!!err('slices.1.date')} aria-describedby={err('slices.1.date') ? 'flight-return-err' : undefined} />
              {err('slices.1.date') && (
                <p id="flight-return-err" className="text-xs text-destructive">
                  {err('slices.1.date')}
                </p>
              )}
            </div>
          )}
          {s.kind === 'multi' && s.slices.length > 2 && (
            <div className="flex items-end">
              <Button type="button" variant="ghost" size="sm" aria-label={`Remove flight ${i + 1}`} onClick={() => setS((p) => ({ ...p, slices: p.slices.filter((_, j) => j !== i) }))}>
                <Trash2 className="size-4" aria-hidden />
              </Button>
            </div>
          )}
        </div>
      ))}
      {s.kind === 'multi' && s.slices.length < 4 && (
        <div>
          <Button type="button" variant="outline" size="sm" onClick={() => setS((p) => ({ ...p, slices: [...p.slices, { from: p.slices[p.slices.length - 1]?.to ?? '', to: '', date: '' }] }))}>
            <Plus className="size-4" aria-hidden /> Add a flight
          </Button>
        </div>
      )}
      <div className="grid gap-3 md:grid-cols-4">
        <Counter id="pax-adults" label="Adults" hint="12 and over" value={s.adults} min={1} max={9} onChange={(n) => setS((p) => ({ ...p, adults: n }))} />
        <Counter id="pax-children" label="Children" hint="2 to 11" value={s.children} min={0} max={8} onChange={(n) => setS((p) => ({ ...p, children: n }))} />
        <Counter id="pax-infants" label="Infants" hint="Under 2, on a lap" value={s.infants} min={0} max={4} onChange={(n) => setS((p) => ({ ...p, infants: n }))} />
        <div className="grid gap-1.5">
          <Label htmlFor="flight-cabin">Cabin</Label>
          <Select value={s.cabin} onValueChange={(v) => setS((p) => ({ ...p, cabin: v as Cabin }))}>
            <SelectTrigger id="flight-cabin">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {Object.entries(CABINS).map(([k, v]) => (
                <SelectItem key={k} value={k}>
                  {v}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      <FormAlert>{err('adults') ?? err('infants') ?? null}</FormAlert>
      <div className="flex justify-end">
        <Button type="submit">
          <Search className="size-4" aria-hidden /> Search flights
        </Button>
      </div>
    </form>
  );
}
