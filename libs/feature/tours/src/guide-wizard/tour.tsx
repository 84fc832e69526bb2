import { zodResolver } from '@hookform/resolvers/zod';
import type { WizardStepProps } from '@sojourn/routing';
import { Button, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@sojourn/ui';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useForm, type Path } from 'react-hook-form';
import { z } from 'zod';
import { GUIDE_COUNTRIES, StepForm, TextField, selectClass, str, strs, useSaveStep } from './common';

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const splitList = (s: string) =>
  s
    .split(/[,\n]/)
    .map((x) => x.trim())
    .filter(Boolean);
const decimal = (msg: string) => z.string().trim().regex(/^-?\d+(\.\d+)?$/, msg);

const tourSchema = z
  .object({
    title: z.string().trim().min(1, 'Give the tour a title.').max(120, 'At most 120 characters.'),
    description: z.string().max(4000, 'At most 4,000 characters.'),
    city: z.string().trim().min(1, 'Which city does it start in?').max(80),
    address: z.string().trim().min(1, 'Where do travellers meet?').max(200),
    lat: decimal('A latitude such as 6.4474.'),
    lng: decimal('A longitude such as 3.3903.'),
    stops: z
      .array(z.object({ title: z.string().trim().min(1, 'Name this stop.').max(120), minutes: z.string().regex(/^\d{1,4}$/, 'Minutes, 0 to 1440.') }))
      .min(1, 'Add at least one stop.')
      .max(20),
    included: z.string().max(2600),
    excluded: z.string().max(2600),
    languages: z.string().trim().min(1, 'Name at least one language.'),
    amount: decimal('A price such as 15000.'),
    currency: z.enum(['NGN', 'GHS', 'KES', 'ZAR', 'USD']),
    pricing: z.enum(['per_person', 'per_group']),
    hours: decimal('How many hours?'),
    capacity: z.string().regex(/^\d{1,2}$/, 'From 1 to 50 seats.'),
    private: z.boolean(),
    kid_friendly: z.boolean(),
    accessible: z.boolean(),
    requires_confirmation: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (Math.abs(Number(v.lat)) > 90) ctx.addIssue({ code: 'custom', path: ['lat'], message: 'From -90 to 90.' });
    if (Math.abs(Number(v.lng)) > 180) ctx.addIssue({ code: 'custom', path: ['lng'], message: 'From -180 to 180.' });
    const m = Number(v.hours) * 60;
    if (m < 15 || m > 336 * 60) ctx.addIssue({ code: 'custom', path: ['hours'], message: 'From a quarter of an hour to 14 days (336 hours).' });
    const c = Number(v.capacity);
    if (c < 1 || c > 50) ctx.addIssue({ code: 'custom', path: ['capacity'], message: 'From 1 to 50 seats.' });
    for (const [i, s] of v.stops.entries()) if (Number(s.minutes) > 1440) ctx.addIssue({ code: 'custom', path: ['stops', i, 'minutes'], message: 'Minutes, 0 to 1440.' });
  });
type TourValues = z.infer<typeof tourSchema>;

const FIELDS = ['title', 'description', 'city', 'address', 'lat', 'lng', 'stops', 'included', 'excluded', 'languages', 'amount', 'hours', 'capacity', 'currency'];
const RENAME: Record<string, string> = {
  'meeting_point.address': 'address',
  'meeting_point.lat': 'lat',
  'meeting_point.lng': 'lng',
  itinerary: 'stops',
  'price.amount': 'amount',
  'price.currency': 'currency',
  duration_min: 'hours',
};

type Stop = { title?: unknown; duration_min?: unknown };

/** Step seven: the first tour (everything but its departures, which step eight sets). */
export function TourStep(props: WizardStepProps) {
  const d = props.data;
  const country = GUIDE_COUNTRIES.find((c) => c.code === str(props.all['three'], 'country'));
  const mp = (d?.['meeting_point'] ?? {}) as { address?: string; lat?: number; lng?: number };
  const price = (d?.['price'] ?? {}) as { amount?: number; currency?: TourValues['currency'] };
  const stops = Array.isArray(d?.['itinerary']) ? (d['itinerary'] as Stop[]) : [];
  const langs = strs(d, 'languages');
  const form = useForm<TourValues>({
    resolver: zodResolver(tourSchema),
    defaultValues: {
      title: str(d, 'title'),
      description: str(d, 'description'),
      city: str(d, 'city', str(props.all['three'], 'city')),
      address: mp.address ?? '',
      lat: mp.lat !== undefined ? String(mp.lat) : '',
      lng: mp.lng !== undefined ? String(mp.lng) : '',
      stops: stops.length ? stops.map((s) => ({ title: String(s.title ?? ''), minutes: String(s.duration_min ?? 30) })) : [{ title: '', minutes: '60' }],
      included: strs(d, 'included').join(', '),
      excluded: strs(d, 'excluded').join(', '),
      languages: (langs.length ? langs : strs(props.all['two'], 'languages')).join(', '),
      amount: price.amount !== undefined ? String(price.amount / 100) : '',
      currency: price.currency ?? country?.currency ?? 'NGN',
      pricing: d?.['pricing'] === 'per_group' ? 'per_group' : 'per_person',
      hours: typeof d?.['duration_min'] === 'number' ? String((d['duration_min'] as number) / 60) : '3',
      capacity: typeof d?.['capacity'] === 'number' ? String(d['capacity']) : '10',
      private: d?.['private'] === true,
      kid_friendly: d?.['kid_friendly'] === true,
      accessible: d?.['accessible'] === true,
      requires_confirmation: d?.['requires_confirmation'] === true,
    },
  });
  const stopRows = useFieldArray({ control: form.control, name: 'stops' });
  const { problem, run } = useSaveStep(props, form, FIELDS, RENAME);
  const onValid = (v: TourValues) =>
    run({
      title: v.title,
      description: v.description,
      city: v.city,
      meeting_point: { address: v.address, lat: Number(v.lat), lng: Number(v.lng) },
      itinerary: v.stops.map((s) => ({ title: s.title, description: '', duration_min: Number(s.minutes) })),
      included: splitList(v.included),
      excluded: splitList(v.excluded),
      languages: splitList(v.languages),
      price: { amount: Math.round(Number(v.amount) * 100), currency: v.currency },
      pricing: v.private ? 'per_group' : v.pricing,
      duration_min: Math.round(Number(v.hours) * 60),
      capacity: Number(v.capacity),
      private: v.private,
      kid_friendly: v.kid_friendly,
      accessible: v.accessible,
      requires_confirmation: v.requires_confirmation,
    });
  const check = (name: Path<TourValues>, label: string) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem className="flex items-center gap-2 space-y-0">
          <FormControl>
            <input type="checkbox" className="size-4" checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />
          </FormControl>
          <FormLabel className="font-normal">{label}</FormLabel>
        </FormItem>
      )}
    />
  );
  const select = (name: Path<TourValues>, label: string, options: [string, string][]) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <select className={selectClass} name={field.name} ref={field.ref} value={String(field.value)} onChange={field.onChange} onBlur={field.onBlur}>
              {options.map(([v, l]) => (
                <option key={v} value={v}>
                  {l}
                </option>
              ))}
            </select>
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
  return (
    <StepForm form={form} formId={props.formId} problem={problem} onValid={onValid}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name="title" label="Title" input={{ maxLength: 120 }} />
        <TextField form={form} name="city" label="City" input={{ maxLength: 80 }} />
      </div>
      <TextField form={form} name="description" label="What travellers will do" multiline input={{ maxLength: 4000 }} />
      <fieldset className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr]">
        <legend className="mb-1 text-sm font-medium">Meeting point</legend>
        <TextField form={form} name="address" label="Address" input={{ maxLength: 200 }} />
        <TextField form={form} name="lat" label="Latitude" input={{ inputMode: 'decimal' }} />
        <TextField form={form} name="lng" label="Longitude" input={{ inputMode: 'decimal' }} />
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Itinerary</legend>
        {stopRows.fields.map((f, i) => (
          <div key={f.id} className="grid grid-cols-[1fr_6rem_auto] items-end gap-2">
            <TextField form={form} name={`stops.${i}.title`} label={`Stop ${i + 1}`} input={{ maxLength: 120 }} />
            <TextField form={form} name={`stops.${i}.minutes`} label="Minutes" input={{ inputMode: 'numeric' }} />
            <Button type="button" variant="ghost" size="icon" aria-label={`Remove stop ${i + 1}`} disabled={stopRows.fields.length === 1} onClick={() => stopRows.remove(i)}>
              <Trash2 className="size-4" aria-hidden />
            </Button>
          </div>
        ))}
        {form.formState.errors.stops?.message && <p className="text-sm text-destructive">{form.formState.errors.stops.message}</p>}
        <Button type="button" variant="outline" size="sm" className="justify-self-start" disabled={stopRows.fields.length >= 20} onClick={() => stopRows.append({ title: '', minutes: '30' })}>
          <Plus className="mr-1 size-4" aria-hidden /> Add a stop
        </Button>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField form={form} name="included" label="Included" hint="Separate with commas." />
        <TextField form={form} name="excluded" label="Not included" />
        <TextField form={form} name="languages" label="Languages" />
      </div>
      <div className="grid gap-4 sm:grid-cols-4">
        <TextField form={form} name="amount" label="Price" input={{ inputMode: 'decimal' }} />
        {select('currency', 'Currency', [
          ['NGN', 'NGN'],
          ['GHS', 'GHS'],
          ['KES', 'KES'],
          ['ZAR', 'ZAR'],
          ['USD', 'USD'],
        ])}
        {select('pricing', 'Price is', [
          ['per_person', 'per person'],
          ['per_group', 'per group'],
        ])}
        <TextField form={form} name="capacity" label="Seats per departure" input={{ inputMode: 'numeric' }} />
      </div>
      <TextField form={form} name="hours" label="Duration in hours" hint="Multi-day tours count whole days: two days is 48." input={{ inputMode: 'decimal', className: 'max-w-40' }} />
      <div className="grid gap-2 sm:grid-cols-2">
        {check('private', 'Private: one group per departure')}
        {check('requires_confirmation', 'Request to book (I accept each booking)')}
        {check('kid_friendly', 'Kid-friendly')}
        {check('accessible', 'Step-free access')}
      </div>
    </StepForm>
  );
}

const depSchema = z
  .object({
    times: z.record(z.string(), z.string()),
    added: z.array(z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Pick a date.'), time: z.string().regex(TIME, 'A time like 09:00.') })).max(50),
    cutoff_hours: z.string().regex(/^\d{1,3}$/, 'Hours, 0 to 168.'),
    min_participants: z.string().regex(/^\d{1,2}$/, 'Travellers, 0 to 50.'),
  })
  .superRefine((v, ctx) => {
    let any = v.added.length > 0;
    for (const d of DAYS)
      for (const t of splitList(v.times[d] ?? '')) {
        any = true;
        if (!TIME.test(t)) ctx.addIssue({ code: 'custom', path: ['times', d], message: 'Times like 09:00, 14:30.' });
      }
    if (!any) ctx.addIssue({ code: 'custom', path: ['times', 'monday'], message: 'Add at least one departure: a time on a weekday, or a date below.' });
    if (Number(v.cutoff_hours) > 168) ctx.addIssue({ code: 'custom', path: ['cutoff_hours'], message: 'Hours, 0 to 168.' });
  });
type DepValues = z.infer<typeof depSchema>;

/** Step eight: when the first tour leaves: times each week, single dates, cut-off and minimum group. */
export function DeparturesStep(props: WizardStepProps) {
  const d = props.data;
  const deps = (d?.['departures'] ?? {}) as { weekly?: Record<string, string[]>; added?: { date: string; time: string }[] };
  const capacity = typeof props.all['seven']?.['capacity'] === 'number' ? (props.all['seven']['capacity'] as number) : 50;
  const form = useForm<DepValues>({
    resolver: zodResolver(depSchema),
    defaultValues: {
      times: Object.fromEntries(DAYS.map((day) => [day, (deps.weekly?.[day] ?? []).join(', ')])),
      added: deps.added ?? [],
      cutoff_hours: typeof d?.['cutoff_hours'] === 'number' ? String(d['cutoff_hours']) : '12',
      min_participants: typeof d?.['min_participants'] === 'number' ? String(d['min_participants']) : '0',
    },
  });
  const added = useFieldArray({ control: form.control, name: 'added' });
  const fields = [...DAYS.map((day) => `times.${day}`), 'cutoff_hours', 'min_participants', 'added'];
  const rename: Record<string, string> = Object.fromEntries(DAYS.map((day) => [`departures.weekly.${day}`, `times.${day}`]));
  rename['departures'] = 'times.monday';
  rename['departures.added'] = 'added';
  const { problem, setProblem, run } = useSaveStep(props, form, fields, rename);
  const onValid = (v: DepValues) => {
    if (Number(v.min_participants) > capacity) {
      setProblem(`The minimum group cannot be more than the tour’s ${capacity} seats.`);
      return;
    }
    return run({
      departures: { weekly: Object.fromEntries(DAYS.map((day) => [day, splitList(v.times[day] ?? '')])), added: v.added, cancelled: [] },
      cutoff_hours: Number(v.cutoff_hours),
      min_participants: Number(v.min_participants),
    });
  };
  const today = new Date().toISOString().slice(0, 10);
  return (
    <StepForm form={form} formId={props.formId} problem={problem} onValid={onValid}>
      <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <legend className="mb-1 text-sm font-medium">Departures each week (times like 09:00, 14:00; leave a day empty when you do not run it)</legend>
        {DAYS.map((day) => (
          <TextField key={day} form={form} name={`times.${day}`} label={day[0]!.toUpperCase() + day.slice(1)} />
        ))}
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Single dates (optional: festivals, special walks)</legend>
        {added.fields.map((f, i) => (
          <div key={f.id} className="grid grid-cols-[1fr_7rem_auto] items-end gap-2">
            <TextField form={form} name={`added.${i}.date`} label={`Date ${i + 1}`} input={{ type: 'date', min: today, max: '2099-12-31' }} />
            <TextField form={form} name={`added.${i}.time`} label="Time" input={{ type: 'time' }} />
            <Button type="button" variant="ghost" size="icon" aria-label={`Remove date ${i + 1}`} onClick={() => added.remove(i)}>
              <Trash2 className="size-4" aria-hidden />
            </Button>
          </div>
        ))}
        <Button type="button" variant="outline" size="sm" className="justify-self-start" disabled={added.fields.length >= 50} onClick={() => added.append({ date: today, time: '09:00' })}>
          <Plus className="mr-1 size-4" aria-hidden /> Add a date
        </Button>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name="cutoff_hours" label="Booking closes (hours before)" input={{ inputMode: 'numeric' }} />
        <TextField form={form} name="min_participants" label="Minimum group (0 = runs with anyone)" hint="A departure short of it is cancelled and refunded at the cut-off." input={{ inputMode: 'numeric' }} />
      </div>
    </StepForm>
  );
}
