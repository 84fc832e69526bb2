import { zodResolver } from '@hookform/resolvers/zod';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  EmptyState,
  ErrorState,
  Form,
  FormAlert,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  Input,
  PageHeader,
  Skeleton,
  Textarea,
  applyServerErrors,
} from '@sojourn/ui';
import { formatMoney } from '@sojourn/util';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ImagePlus, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useForm, type Path } from 'react-hook-form';
import { z } from 'zod';
import { durationText, toursApi, toursKeys, type Tour, type TourInput } from '../api';
import { DepartureDates } from './departure-dates';

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const splitList = (s: string) => s.split(/[,\n]/).map((x) => x.trim()).filter(Boolean);

const schema = z
  .object({
    title: z.string().trim().min(1, 'Give the tour a title.').max(120),
    description: z.string().max(4000),
    city: z.string().trim().min(1, 'Which city does it start in?').max(80),
    address: z.string().trim().min(1, 'Where do travellers meet?').max(200),
    lat: z.coerce.number().min(-90, 'From -90 to 90.').max(90, 'From -90 to 90.'),
    lng: z.coerce.number().min(-180, 'From -180 to 180.').max(180, 'From -180 to 180.'),
    stops: z.array(z.object({ title: z.string().trim().min(1, 'Name this stop.').max(120), minutes: z.coerce.number().int().min(0).max(1440) })).min(1, 'Add at least one stop.').max(20),
    included: z.string().max(2600),
    excluded: z.string().max(2600),
    languages: z.string().trim().min(1, 'Name at least one language.'),
    amount: z.coerce.number().min(0, 'Must not be negative.'),
    currency: z.enum(['NGN', 'GHS', 'KES', 'ZAR', 'USD']),
    pricing: z.enum(['per_person', 'per_group']),
    length: z.coerce.number().positive('How long is it?'),
    unit: z.enum(['hours', 'days']),
    capacity: z.coerce.number().int().min(1).max(50),
    private: z.boolean(),
    kid_friendly: z.boolean(),
    accessible: z.boolean(),
    requires_confirmation: z.boolean(),
    times: z.record(z.string(), z.string()),
    cutoff_hours: z.coerce.number().int().min(0).max(168),
    min_participants: z.coerce.number().int().min(0).max(50),
    free_cancel_hours: z.coerce.number().int().min(0).max(720),
  })
  .superRefine((v, ctx) => {
    for (const d of DAYS) for (const t of splitList(v.times[d] ?? '')) if (!TIME.test(t)) ctx.addIssue({ code: 'custom', path: ['times', d], message: 'Times like 09:00, 14:30.' });
    const minutes = v.unit === 'days' ? v.length * 1440 : v.length * 60;
    if (minutes < 15 || minutes > 20160) ctx.addIssue({ code: 'custom', path: ['length'], message: 'From 15 minutes to 14 days.' });
    if (v.min_participants > v.capacity) ctx.addIssue({ code: 'custom', path: ['min_participants'], message: 'Cannot be more than the seats.' });
  });
type Values = z.input<typeof schema>;
type Parsed = z.output<typeof schema>;

const minorDigits = (c: string) => (c === 'USD' || c === 'ZAR' || c === 'GHS' || c === 'KES' || c === 'NGN' ? 2 : 2);

function toValues(t?: Tour): Values {
  const days = t && t.duration_min % 1440 === 0 && t.duration_min >= 1440;
  return {
    title: t?.title ?? '',
    description: t?.description ?? '',
    city: t?.city ?? '',
    address: t?.meeting_point.address ?? '',
    lat: t?.meeting_point.lat ?? 0,
    lng: t?.meeting_point.lng ?? 0,
    stops: t?.itinerary.map((s) => ({ title: s.title, minutes: s.duration_min })) ?? [{ title: '', minutes: 60 }],
    included: t?.included.join(', ') ?? '',
    excluded: t?.excluded.join(', ') ?? '',
    languages: t?.languages.join(', ') ?? 'English',
    amount: t ? t.price.amount / 10 ** minorDigits(t.price.currency) : 0,
    currency: (t?.price.currency as Values['currency']) ?? 'NGN',
    pricing: t?.pricing ?? 'per_person',
    length: t ? (days ? t.duration_min / 1440 : t.duration_min / 60) : 3,
    unit: days ? 'days' : 'hours',
    capacity: t?.capacity ?? 10,
    private: t?.private ?? false,
    kid_friendly: t?.kid_friendly ?? false,
    accessible: t?.accessible ?? false,
    requires_confirmation: t?.requires_confirmation ?? false,
    times: Object.fromEntries(DAYS.map((d) => [d, (t?.departures?.weekly?.[d] ?? []).join(', ')])),
    cutoff_hours: t?.cutoff_hours ?? 12,
    min_participants: t?.min_participants ?? 0,
    free_cancel_hours: t?.free_cancel_hours ?? 24,
  };
}

function toInput(v: Parsed, t?: Tour): TourInput {
  return {
    title: v.title,
    description: v.description,
    city: v.city,
    meeting_point: { address: v.address, lat: v.lat, lng: v.lng },
    itinerary: v.stops.map((s) => ({ title: s.title, duration_min: s.minutes })),
    included: splitList(v.included),
    excluded: splitList(v.excluded),
    languages: splitList(v.languages),
    price: { amount: Math.round(v.amount * 10 ** minorDigits(v.currency)), currency: v.currency },
    pricing: v.private ? 'per_group' : v.pricing,
    duration_min: Math.round(v.unit === 'days' ? v.length * 1440 : v.length * 60),
    capacity: v.capacity,
    private: v.private,
    kid_friendly: v.kid_friendly,
    accessible: v.accessible,
    requires_confirmation: v.requires_confirmation,
    departures: { weekly: Object.fromEntries(DAYS.map((d) => [d, splitList(v.times[d] ?? '')])), added: t?.departures?.added ?? [], cancelled: t?.departures?.cancelled ?? [] },
    cutoff_hours: v.cutoff_hours,
    min_participants: v.private ? 0 : v.min_participants,
    free_cancel_hours: v.free_cancel_hours,
  };
}

const FIELDS = ['title', 'description', 'city', 'address', 'lat', 'lng', 'stops', 'included', 'excluded', 'languages', 'amount', 'length', 'capacity', 'cutoff_hours', 'min_participants', 'free_cancel_hours'];
const RENAME: Record<string, string> = { 'meeting_point.address': 'address', 'meeting_point.lat': 'lat', 'meeting_point.lng': 'lng', itinerary: 'stops', 'price.amount': 'amount', duration_min: 'length' };

function TourForm({ tour, onDone }: { tour?: Tour; onDone: () => void }) {
  const qc = useQueryClient();
  const form = useForm<Values, unknown, Parsed>({ resolver: zodResolver(schema), defaultValues: toValues(tour) });
  const stops = useFieldArray({ control: form.control, name: 'stops' });
  const [problem, setProblem] = useState<string | null>(null);
  const m = useMutation({
    mutationFn: (v: Parsed) => (tour ? toursApi.update(tour.id, toInput(v, tour)) : toursApi.create(toInput(v))),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: toursKeys.mine });
      onDone();
    },
    onError: (e) => setProblem(applyServerErrors(e, form.setError, FIELDS, RENAME)),
  });
  const text = (name: Path<Values>, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input {...props} name={field.name} ref={field.ref} onBlur={field.onBlur} value={String(field.value ?? '')} onChange={field.onChange} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
  const check = (name: Path<Values>, label: string) => (
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
  return (
    <Form {...form}>
      <form noValidate onSubmit={form.handleSubmit((v) => { setProblem(null); m.mutate(v); })} className="grid gap-4">
        {problem && <FormAlert>{problem}</FormAlert>}
        <div className="grid gap-4 sm:grid-cols-2">
          {text('title', 'Title', { maxLength: 120 })}
          {text('city', 'City', { maxLength: 80 })}
        </div>
        <FormField
          control={form.control}
          name="description"
          render={({ field }) => (
            <FormItem>
              <FormLabel>What travellers will do</FormLabel>
              <FormControl>
                <Textarea rows={3} maxLength={4000} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <fieldset className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr]">
          <legend className="mb-1 text-sm font-medium">Meeting point</legend>
          {text('address', 'Address', { maxLength: 200 })}
          {text('lat', 'Latitude', { inputMode: 'decimal' })}
          {text('lng', 'Longitude', { inputMode: 'decimal' })}
        </fieldset>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Itinerary</legend>
          {stops.fields.map((f, i) => (
            <div key={f.id} className="grid grid-cols-[1fr_7rem_auto] items-end gap-2">
              {text(`stops.${i}.title` as Path<Values>, `Stop ${i + 1}`, { maxLength: 120 })}
              {text(`stops.${i}.minutes` as Path<Values>, 'Minutes', { inputMode: 'numeric' })}
              <Button type="button" variant="ghost" size="icon" aria-label={`Remove stop ${i + 1}`} disabled={stops.fields.length === 1} onClick={() => stops.remove(i)}>
                <Trash2 className="size-4" aria-hidden />
              </Button>
            </div>
          ))}
          {form.formState.errors.stops?.root?.message && <p className="text-sm text-destructive">{form.formState.errors.stops.root.message}</p>}
          <Button type="button" variant="outline" size="sm" className="justify-self-start" disabled={stops.fields.length >= 20} onClick={() => stops.append({ title: '', minutes: 30 })}>
            <Plus className="mr-1 size-4" aria-hidden /> Add a stop
          </Button>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-3">
          {text('included', 'Included (comma-separated)')}
          {text('excluded', 'Not included')}
          {text('languages', 'Languages')}
        </div>
        <div className="grid gap-4 sm:grid-cols-4">
          {text('amount', 'Price', { inputMode: 'decimal' })}
          <FormField
            control={form.control}
            name="currency"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Currency</FormLabel>
                <FormControl>
                  <select className="h-10 rounded-md border bg-background px-3 text-sm" {...field}>
                    {['NGN', 'GHS', 'KES', 'ZAR', 'USD'].map((c) => (
                      <option key={c}>{c}</option>
                    ))}
                  </select>
                </FormControl>
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="pricing"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Price is</FormLabel>
                <FormControl>
                  <select className="h-10 rounded-md border bg-background px-3 text-sm" {...field}>
                    <option value="per_person">per person</option>
                    <option value="per_group">per group</option>
                  </select>
                </FormControl>
              </FormItem>
            )}
          />
          {text('capacity', 'Seats per departure', { inputMode: 'numeric' })}
        </div>
        <div className="grid gap-4 sm:grid-cols-4">
          {text('length', 'Duration', { inputMode: 'decimal' })}
          <FormField
            control={form.control}
            name="unit"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Unit</FormLabel>
                <FormControl>
                  <select className="h-10 rounded-md border bg-background px-3 text-sm" {...field}>
                    <option value="hours">hours</option>
                    <option value="days">days</option>
                  </select>
                </FormControl>
              </FormItem>
            )}
          />
          {text('cutoff_hours', 'Booking cut-off (hours before)', { inputMode: 'numeric' })}
          {text('min_participants', 'Minimum group (0 = none)', { inputMode: 'numeric' })}
        </div>
        <fieldset className="grid gap-2 sm:grid-cols-4">
          <legend className="mb-1 text-sm font-medium">Departures each week (times like 09:00, 14:00)</legend>
          {DAYS.map((d) => text(`times.${d}` as Path<Values>, d[0]!.toUpperCase() + d.slice(1), { placeholder: '—' }))}
        </fieldset>
        <div className="grid gap-2 sm:grid-cols-2">
          {check('private', 'Private: one group per departure')}
          {check('requires_confirmation', 'Request to book (I accept each booking)')}
          {check('kid_friendly', 'Kid-friendly')}
          {check('accessible', 'Step-free access')}
        </div>
        {text('free_cancel_hours', 'Free cancellation until (hours before)', { inputMode: 'numeric' })}
        <div className="flex gap-2">
          <Button type="submit" disabled={m.isPending}>
            {m.isPending ? 'Saving…' : tour ? 'Save tour' : 'Create tour'}
          </Button>
          <Button type="button" variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
    </Form>
  );
}

function Photos({ tour }: { tour: Tour }) {
  const qc = useQueryClient();
  const [err, setErr] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (f: File) => toursApi.addPhoto(tour.id, f),
    onSuccess: () => qc.invalidateQueries({ queryKey: toursKeys.mine }),
    onError: (e) => setErr(e instanceof Error ? e.message : 'The photo could not be added.'),
  });
  const del = useMutation({ mutationFn: (pid: string) => toursApi.deletePhoto(tour.id, pid), onSuccess: () => qc.invalidateQueries({ queryKey: toursKeys.mine }) });
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        {tour.photos.map((p, i) => (
          <div key={p.id} className="relative">
            <img src={p.url} alt={`${tour.title}, view ${i + 1}`} className="h-16 w-24 rounded object-cover" />
            <button type="button" className="absolute right-0.5 top-0.5 rounded bg-background/90 p-0.5" aria-label={`Delete photo ${i + 1}`} onClick={() => del.mutate(p.id)}>
              <Trash2 className="size-3.5" aria-hidden />
            </button>
          </div>
        ))}
        {tour.photos.length < 10 && (
          <label className="flex h-16 w-24 cursor-pointer items-center justify-center rounded border border-dashed text-muted-foreground focus-within:outline-2">
            <ImagePlus className="size-5" aria-hidden />
            <span className="sr-only">Add a photo to {tour.title}</span>
            <input type="file" accept="image/jpeg,image/png,image/webp" className="sr-only" onChange={(e) => e.target.files?.[0] && add.mutate(e.target.files[0])} />
          </label>
        )}
      </div>
      {add.isPending && <p className="text-sm text-muted-foreground">Uploading…</p>}
      {err && <p className="text-sm text-destructive">{err}</p>}
    </div>
  );
}

export default function GuideToursPage() {
  const q = useQuery({ queryKey: toursKeys.mine, queryFn: toursApi.mine });
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Your tours"
        description="Each tour has its itinerary, meeting point, departures and seats. Travellers book a departure and pay into escrow; you are paid after the tour."
        actions={
          editing === null && (
            <Button onClick={() => setEditing('new')}>
              <Plus className="mr-1 size-4" aria-hidden /> New tour
            </Button>
          )
        }
      />
      {editing === 'new' && (
        <Card>
          <CardHeader>
            <CardTitle as="h2">New tour</CardTitle>
          </CardHeader>
          <CardContent>
            <TourForm onDone={() => setEditing(null)} />
          </CardContent>
        </Card>
      )}
      {q.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : q.data.length === 0 && editing === null ? (
        <EmptyState title="No tours yet" description="Create your first tour: where you meet, what you see and when you leave." action={<Button onClick={() => setEditing('new')}>Create a tour</Button>} />
      ) : (
        q.data.map((t) => (
          <Card key={t.id}>
            <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
              <div className="grid gap-1">
                <CardTitle as="h2">{t.title}</CardTitle>
                <CardDescription>
                  {t.city} · {durationText(t.duration_min)} · {formatMoney(t.price.amount, t.price.currency)} {t.pricing === 'per_person' ? 'per person' : 'per group'} · {t.capacity} seats
                  {t.min_participants > 1 ? ` · runs with ${t.min_participants}+` : ''}
                </CardDescription>
                <p className="flex flex-wrap gap-1">
                  {!t.active && <Badge variant="outline">Archived</Badge>}
                  {t.private && <Badge variant="secondary">Private</Badge>}
                  {t.requires_confirmation && <Badge variant="secondary">Request to book</Badge>}
                  {t.hidden && <Badge variant="destructive">Hidden by Sojourn</Badge>}
                </p>
                {t.hidden && <p className="text-sm text-destructive">Reason: {t.hidden_reason}</p>}
              </div>
              {editing !== t.id && (
                <Button variant="outline" onClick={() => setEditing(t.id)}>
                  Edit
                </Button>
              )}
            </CardHeader>
            <CardContent className="grid gap-4">
              {editing === t.id ? (
                <TourForm tour={t} onDone={() => setEditing(null)} />
              ) : (
                <>
                  <Photos tour={t} />
                  {t.active && <DepartureDates tour={t} />}
                </>
              )}
            </CardContent>
          </Card>
        ))
      )}
    </div>
  );
}
