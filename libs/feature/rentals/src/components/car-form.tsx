import { zodResolver } from '@hookform/resolvers/zod';
import {
  applyServerErrors,
  Button,
  Checkbox,
  Form,
  FormAlert,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  Input,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Textarea,
} from '@sojourn/ui';
import { parseMoney, toMajorInput } from '@sojourn/util';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useForm, type Control, type FieldPath } from 'react-hook-form';
import { z } from 'zod';
import type { RentalBranch, RentalCar, RentalCarInput } from '../api';
import { CATEGORY_LABELS, FUEL_LABELS, FUEL_POLICY_LABELS, TRANSMISSION_LABELS } from '../format';

const MAX_MONEY = 10_000_000_000;
const money = (what: string, { optional = false, max = MAX_MONEY } = {}) =>
  z
    .string()
    .trim()
    .refine((v) => (optional && v === '') || (parseMoney(v) !== null && parseMoney(v)! <= max && (optional || parseMoney(v)! > 0)), `Enter the ${what} as an amount, e.g. 25000.`);
const int = (what: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .refine((v) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max, `Enter the ${what}, a whole number from ${min} to ${max}.`);

export const carSchema = z
  .object({
    branch_id: z.string().min(1, 'Choose the branch the car is kept at.'),
    make: z.string().trim().min(2, 'Enter the make, e.g. Toyota.').max(40, 'Keep the make within 40 characters.'),
    model: z.string().trim().min(1, 'Enter the model, e.g. Corolla.').max(60, 'Keep the model within 60 characters.'),
    year: int('year', 1990, 2100),
    category: z.enum(['economy', 'compact', 'midsize', 'suv', 'luxury', 'van', 'pickup']),
    seats: int('number of seats', 1, 60),
    doors: int('number of doors', 2, 6),
    transmission: z.enum(['automatic', 'manual']),
    fuel: z.enum(['petrol', 'diesel', 'hybrid', 'electric']),
    air_conditioning: z.boolean(),
    description: z.string().max(2000, 'Keep the description within 2,000 characters.'),
    min_driver_age: int('minimum driver age', 18, 80),
    deposit: money('deposit', { optional: true, max: 500_000_000 }),
    mileage_limit_km: int('daily mileage limit (0 for unlimited)', 0, 10_000),
    fuel_policy: z.enum(['full_to_full', 'same_to_same', 'prepaid']),
    day_rate: money('day rate'),
    currency: z.enum(['NGN', 'GHS', 'KES', 'ZAR']),
    seasons: z
      .array(
        z.object({
          name: z.string().trim().min(2, 'Name the season.').max(60, 'Keep the name within 60 characters.'),
          from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Pick the first day.'),
          to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Pick the last day.'),
          day_rate: money('season day rate'),
        }),
      )
      .max(20, 'At most 20 seasons.'),
    extras: z
      .array(
        z.object({
          name: z.string().trim().min(2, 'Name the extra.').max(60, 'Keep the name within 60 characters.'),
          price: money('price', { optional: true }),
          per: z.enum(['day', 'rental']),
          code: z.string(),
        }),
      )
      .max(10, 'At most 10 extras.'),
    one_way_allowed: z.boolean(),
    one_way_fee: money('one-way fee', { optional: true }),
    free_cancel_hours: int('free cancellation window in hours', 0, 720),
    late_cancel_fee_pct: int('late cancellation fee', 0, 100),
    published: z.boolean(),
  })
  .superRefine((v, ctx) => {
    v.seasons.forEach((s, i) => {
      if (s.from && s.to && s.to < s.from) ctx.addIssue({ code: 'custom', path: ['seasons', i, 'to'], message: 'The last day is before the first.' });
    });
  });
export type CarValues = z.infer<typeof carSchema>;

/** A code for an extra from its name ("Child seat" -> "child_seat"), unique within the car. */
export function extraCode(name: string, taken: Set<string>): string {
  let base = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 28);
  if (!/^[a-z]/.test(base)) base = `x_${base}`;
  if (base.length < 2) base = `${base}x`;
  let code = base;
  for (let n = 2; taken.has(code); n++) code = `${base}_${n}`;
  taken.add(code);
  return code;
}

export function carDefaults(car: RentalCar | null, branches: RentalBranch[]): CarValues {
  const cur = (car?.day_rate.currency ?? 'NGN') as CarValues['currency'];
  const m = (v: number) => (v ? toMajorInput(v, cur) : '');
  return {
    branch_id: car?.branch_id ?? branches[0]?.id ?? '',
    make: car?.make ?? '',
    model: car?.model ?? '',
    year: String(car?.year ?? new Date().getFullYear()),
    category: (car?.category ?? 'economy') as CarValues['category'],
    seats: String(car?.seats ?? 5),
    doors: String(car?.doors ?? 4),
    transmission: (car?.transmission ?? 'automatic') as CarValues['transmission'],
    fuel: (car?.fuel ?? 'petrol') as CarValues['fuel'],
    air_conditioning: car?.air_conditioning ?? true,
    description: car?.description ?? '',
    min_driver_age: String(car?.min_driver_age ?? 21),
    deposit: m(car?.deposit.amount ?? 0),
    mileage_limit_km: String(car?.mileage_limit_km ?? 0),
    fuel_policy: (car?.fuel_policy ?? 'full_to_full') as CarValues['fuel_policy'],
    day_rate: m(car?.day_rate.amount ?? 0),
    currency: cur,
    seasons: (car?.seasons ?? []).map((s) => ({ name: s.name, from: s.from, to: s.to, day_rate: m(s.day_rate) })),
    extras: (car?.extras ?? []).map((x) => ({ name: x.name, price: m(x.price), per: x.per, code: x.code })),
    one_way_allowed: car?.one_way_allowed ?? false,
    one_way_fee: m(car?.one_way_fee.amount ?? 0),
    free_cancel_hours: String(car?.free_cancel_hours ?? 48),
    late_cancel_fee_pct: String(car?.late_cancel_fee_pct ?? 20),
    published: car ? car.status === 'published' : true,
  };
}

export function toCarInput(v: CarValues): RentalCarInput {
  const m = (s: string) => (s.trim() ? (parseMoney(s, v.currency) ?? 0) : 0);
  const taken = new Set(v.extras.map((x) => x.code).filter(Boolean));
  return {
    branch_id: v.branch_id,
    make: v.make.trim(),
    model: v.model.trim(),
    year: Number(v.year),
    category: v.category,
    seats: Number(v.seats),
    doors: Number(v.doors),
    transmission: v.transmission,
    fuel: v.fuel,
    air_conditioning: v.air_conditioning,
    description: v.description.trim(),
    min_driver_age: Number(v.min_driver_age),
    deposit: m(v.deposit),
    mileage_limit_km: Number(v.mileage_limit_km),
    fuel_policy: v.fuel_policy,
    day_rate: m(v.day_rate),
    currency: v.currency,
    seasons: v.seasons.map((s) => ({ name: s.name.trim(), from: s.from, to: s.to, day_rate: m(s.day_rate) })),
    extras: v.extras.map((x) => ({ code: x.code || extraCode(x.name, taken), name: x.name.trim(), price: m(x.price), per: x.per })),
    one_way_allowed: v.one_way_allowed,
    one_way_fee: m(v.one_way_fee),
    free_cancel_hours: Number(v.free_cancel_hours),
    late_cancel_fee_pct: Number(v.late_cancel_fee_pct),
    published: v.published,
  };
}

function TextField({ control, name, label, hint, type = 'text', inputMode, maxLength = 100 }: { control: Control<CarValues>; name: FieldPath<CarValues>; label: string; hint?: string; type?: string; inputMode?: 'numeric' | 'decimal'; maxLength?: number }) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input type={type} inputMode={inputMode} maxLength={maxLength} {...field} value={field.value as string} />
          </FormControl>
          {hint && <FormDescription>{hint}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

function Choice({ control, name, label, options }: { control: Control<CarValues>; name: FieldPath<CarValues>; label: string; options: Record<string, string> }) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <Select value={field.value as string} onValueChange={field.onChange}>
            <FormControl>
              <SelectTrigger>
                <SelectValue />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {Object.entries(options).map(([v, l]) => (
                <SelectItem key={v} value={v}>
                  {l}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

function Tick({ control, name, label }: { control: Control<CarValues>; name: FieldPath<CarValues>; label: string }) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className="flex flex-row items-center gap-2 space-y-0">
          <FormControl>
            <Checkbox checked={field.value as boolean} onCheckedChange={(c) => field.onChange(c === true)} />
          </FormControl>
          <FormLabel className="font-normal">{label}</FormLabel>
        </FormItem>
      )}
    />
  );
}

/** Add or edit a car: specs, rates, seasons, extras and the rental policy. Photos are managed beside it once saved. */
export function CarForm({ car, branches, onSave, submitLabel }: { car: RentalCar | null; branches: RentalBranch[]; onSave: (input: RentalCarInput) => Promise<unknown>; submitLabel: string }) {
  const form = useForm<CarValues>({ resolver: zodResolver(carSchema), defaultValues: carDefaults(car, branches) });
  const seasons = useFieldArray({ control: form.control, name: 'seasons' });
  const extras = useFieldArray({ control: form.control, name: 'extras' });
  const [problem, setProblem] = useState<string | null>(null);
  const c = form.control;
  const submit = form.handleSubmit(async (v) => {
    setProblem(null);
    try {
      await onSave(toCarInput(v));
    } catch (e) {
      setProblem(applyServerErrors(e, form.setError, Object.keys(v) as (keyof CarValues)[]));
    }
  });
  const oneWay = form.watch('one_way_allowed');
  return (
    <Form {...form}>
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-6">
        <fieldset className="grid gap-4 rounded-xl border p-4">
          <legend className="px-1 text-sm font-semibold">The car</legend>
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField control={c} name="make" label="Make" maxLength={40} />
            <TextField control={c} name="model" label="Model" maxLength={60} />
            <TextField control={c} name="year" label="Year" inputMode="numeric" maxLength={4} />
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <Choice control={c} name="category" label="Category" options={CATEGORY_LABELS} />
            <Choice control={c} name="transmission" label="Transmission" options={TRANSMISSION_LABELS} />
            <Choice control={c} name="fuel" label="Fuel" options={FUEL_LABELS} />
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField control={c} name="seats" label="Seats" inputMode="numeric" maxLength={2} />
            <TextField control={c} name="doors" label="Doors" inputMode="numeric" maxLength={1} />
            <div className="flex items-end pb-2">
              <Tick control={c} name="air_conditioning" label="Air conditioning" />
            </div>
          </div>
          <FormField
            control={c}
            name="description"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Description</FormLabel>
                <FormControl>
                  <Textarea rows={3} maxLength={2000} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <Choice control={c} name="branch_id" label="Kept at branch" options={Object.fromEntries(branches.map((b) => [b.id, `${b.name} (${b.city})`]))} />
        </fieldset>

        <fieldset className="grid gap-4 rounded-xl border p-4">
          <legend className="px-1 text-sm font-semibold">Rates</legend>
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField control={c} name="day_rate" label="Day rate" inputMode="decimal" maxLength={14} />
            <Choice control={c} name="currency" label="Currency" options={{ NGN: 'NGN', GHS: 'GHS', KES: 'KES', ZAR: 'ZAR' }} />
            <TextField control={c} name="deposit" label="Deposit" hint="Held on the renter's wallet, released after the return." inputMode="decimal" maxLength={12} />
          </div>
          <div className="grid gap-2">
            <p className="text-sm font-medium">Seasonal rates</p>
            {seasons.fields.length === 0 && <p className="text-sm text-muted-foreground">No seasons: the day rate applies all year.</p>}
            {seasons.fields.map((f, i) => (
              <div key={f.id} className="grid gap-3 rounded-lg bg-muted/50 p-3 sm:grid-cols-[1fr_1fr_1fr_1fr_auto] sm:items-start">
                <TextField control={c} name={`seasons.${i}.name`} label="Season" maxLength={60} />
                <TextField control={c} name={`seasons.${i}.from`} label="From" type="date" />
                <TextField control={c} name={`seasons.${i}.to`} label="To" type="date" />
                <TextField control={c} name={`seasons.${i}.day_rate`} label="Day rate" inputMode="decimal" maxLength={14} />
                <Button type="button" variant="ghost" size="icon" className="sm:mt-7" onClick={() => seasons.remove(i)} aria-label={`Remove season ${i + 1}`}>
                  <Trash2 aria-hidden />
                </Button>
              </div>
            ))}
            {seasons.fields.length < 20 && (
              <Button type="button" variant="outline" size="sm" className="w-fit" onClick={() => seasons.append({ name: '', from: '', to: '', day_rate: '' })}>
                <Plus aria-hidden /> Add a season
              </Button>
            )}
          </div>
          <div className="grid gap-2">
            <p className="text-sm font-medium">Extras</p>
            {extras.fields.length === 0 && <p className="text-sm text-muted-foreground">No extras yet (child seat, GPS, additional driver…).</p>}
            {extras.fields.map((f, i) => (
              <div key={f.id} className="grid gap-3 rounded-lg bg-muted/50 p-3 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-start">
                <TextField control={c} name={`extras.${i}.name`} label="Extra" maxLength={60} />
                <TextField control={c} name={`extras.${i}.price`} label="Price" inputMode="decimal" maxLength={14} />
                <Choice control={c} name={`extras.${i}.per`} label="Charged" options={{ day: 'Per day', rental: 'Per rental' }} />
                <Button type="button" variant="ghost" size="icon" className="sm:mt-7" onClick={() => extras.remove(i)} aria-label={`Remove extra ${i + 1}`}>
                  <Trash2 aria-hidden />
                </Button>
              </div>
            ))}
            {extras.fields.length < 10 && (
              <Button type="button" variant="outline" size="sm" className="w-fit" onClick={() => extras.append({ name: '', price: '', per: 'day', code: '' })}>
                <Plus aria-hidden /> Add an extra
              </Button>
            )}
          </div>
        </fieldset>

        <fieldset className="grid gap-4 rounded-xl border p-4">
          <legend className="px-1 text-sm font-semibold">Rental policy</legend>
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField control={c} name="min_driver_age" label="Minimum driver age" inputMode="numeric" maxLength={2} />
            <TextField control={c} name="mileage_limit_km" label="Km a day included" hint="0 for unlimited." inputMode="numeric" maxLength={5} />
            <Choice control={c} name="fuel_policy" label="Fuel policy" options={{ full_to_full: 'Full to full', same_to_same: 'Same to same', prepaid: 'Prepaid' }} />
          </div>
          <p className="text-xs text-muted-foreground">{FUEL_POLICY_LABELS[form.watch('fuel_policy')]}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField control={c} name="free_cancel_hours" label="Free cancellation until (hours before pick-up)" inputMode="numeric" maxLength={3} />
            <TextField control={c} name="late_cancel_fee_pct" label="Late cancellation fee (%)" inputMode="numeric" maxLength={3} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2 sm:items-end">
            <Tick control={c} name="one_way_allowed" label="Allow drop-off at another branch" />
            {oneWay && <TextField control={c} name="one_way_fee" label="One-way fee" inputMode="decimal" maxLength={14} />}
          </div>
        </fieldset>
        <Tick control={c} name="published" label="Published: renters can find and book this car" />
        <FormAlert>{problem}</FormAlert>
        <Button type="submit" loading={form.formState.isSubmitting} className="w-fit">
          {submitLabel}
        </Button>
      </form>
    </Form>
  );
}
