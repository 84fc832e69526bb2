import { zodResolver } from '@hookform/resolvers/zod';
import { newIdempotencyKey } from '@sojourn/api-client';
import {
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
  inputClass,
  Label,
  RadioGroup,
  RadioGroupItem,
  Skeleton,
  applyServerErrors,
} from '@sojourn/ui';
import { cn, formatMoney } from '@sojourn/util';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Hourglass } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { toursApi, toursKeys, tourBookingApi, type Booking, type Currency, type TourPage } from '../api';
import { MeetingMap } from '../map';
import { TOUR_PATHS, detailsHref } from '../paths';
import { useTourStore } from '../store';
import { policyLines } from './tour-details';

const schema = z.object({
  start: z.string().min(1, 'Choose a departure.'),
  seats: z.number().int().min(1, 'At least one traveller.').max(50),
  attendees: z.array(z.object({ name: z.string().trim().min(1, 'Enter this traveller’s name.').max(100, 'Please keep names under 100 characters.') })),
  pay_with: z.enum(['wallet', 'paystack']),
});
type Values = z.infer<typeof schema>;

const when = (iso: string, tz: string) =>
  new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', timeZone: tz }).format(new Date(iso));

function Confirmation({ b, page }: { b: Booking; page: TourPage }) {
  const waiting = b.status === 'pending_confirmation';
  return (
    <Card className="mx-auto w-full max-w-2xl">
      <CardHeader className="items-start gap-3">
        {waiting ? <Hourglass className="size-10 text-warning" aria-hidden /> : <CheckCircle2 className="size-10 text-success" aria-hidden />}
        <CardTitle as="h1" className="text-2xl">
          {waiting ? 'Request sent to your guide' : 'You are booked'}
        </CardTitle>
        <CardDescription className="text-base">
          {b.title} with {page.guide.display_name}, {when(b.start, page.time_zone)}, for {b.seats} {b.seats === 1 ? 'traveller' : 'travellers'}
          {b.attendees.length > 0 ? ` (${b.attendees.join(', ')})` : ''}.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm">
          Paid {formatMoney(b.paid_amount, b.price.currency)} {b.pay_with === 'wallet' ? 'from your wallet' : 'by card'}; it is held safely until the tour has taken place.
          {waiting && ' The guide has 24 hours to accept; if they do not, the full amount comes back to your wallet.'}
        </p>
        <MeetingMap lat={page.tour.meeting_point.lat} lng={page.tour.meeting_point.lng} address={page.tour.meeting_point.address} />
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to={`${TOUR_PATHS.calendar}?booking=${encodeURIComponent(b.id)}`}>See it in your calendar</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={TOUR_PATHS.search}>Find another tour</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function BookForm({ page, initialStart, initialSeats }: { page: TourPage; initialStart: string; initialSeats: number }) {
  const t = page.tour;
  const qc = useQueryClient();
  const currency = t.price.currency as Currency;
  const wallet = useQuery({ queryKey: toursKeys.wallet(currency), queryFn: () => tourBookingApi.wallet(currency) });
  const deps = page.departures;
  const start0 = deps.some((d) => d.start === initialStart) ? initialStart : (deps[0]?.start ?? '');
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { start: start0, seats: Math.min(Math.max(initialSeats, 1), t.capacity), attendees: Array.from({ length: Math.min(Math.max(initialSeats, 1), t.capacity) }, () => ({ name: '' })), pay_with: 'wallet' },
  });
  const names = useFieldArray({ control: form.control, name: 'attendees' });
  const start = form.watch('start');
  const seats = form.watch('seats');
  const dep = deps.find((d) => d.start === start);
  const maxSeats = t.private ? t.capacity : Math.min(t.capacity, dep?.seats_left ?? t.capacity);
  const total = t.pricing === 'per_person' ? t.price.amount * (seats || 1) : t.price.amount;
  const balance = wallet.data?.balance ?? null;
  const keys = useRef(new Map<string, string>());
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<Booking | null>(null);
  const setSeats = (n: number) => {
    const v = Math.min(Math.max(Math.round(n) || 1, 1), maxSeats);
    form.setValue('seats', v);
    if (v > names.fields.length) names.append(Array.from({ length: v - names.fields.length }, () => ({ name: '' })));
    else if (v < names.fields.length) names.remove(Array.from({ length: names.fields.length - v }, (_, i) => v + i));
  };
  const m = useMutation({
    mutationFn: async (v: Values) => {
      const hold = await tourBookingApi.hold(t.id, v.start, v.seats, v.attendees.map((a) => a.name.trim()));
      const k = `${hold.id}:${v.pay_with}`;
      if (!keys.current.has(k)) keys.current.set(k, newIdempotencyKey('booking'));
      return tourBookingApi.book(hold.id, v.pay_with, keys.current.get(k)!);
    },
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: toursKeys.all });
      if (r.payment) window.location.assign(r.payment.authorization_url);
      else setDone(r.booking);
    },
    onError: (e) => setProblem(applyServerErrors(e, form.setError, ['start', 'seats', 'attendees', 'pay_with'], { offering_id: 'start' })),
  });
  if (done) return <Confirmation b={done} page={page} />;
  if (deps.length === 0)
    return <EmptyState title="No departures with seats left" description="This tour has no open departure in the next 30 days." action={<Button asChild variant="outline"><Link to={TOUR_PATHS.search}>Find another tour</Link></Button>} />;
  return (
    <Form {...form}>
      <form noValidate onSubmit={form.handleSubmit((v) => { setProblem(null); m.mutate(v); })} className="grid gap-4">
        {problem && <FormAlert>{problem}</FormAlert>}
        <FormField
          control={form.control}
          name="start"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Departure</FormLabel>
              <FormControl>
                <select className={cn(inputClass, 'truncate')} value={field.value} onChange={(e) => field.onChange(e.target.value)}>
                  {deps.map((d) => (
                    <option key={d.start} value={d.start}>
                      {when(d.start, page.time_zone)}
                      {t.private ? '' : ` · ${d.seats_left} seats left`}
                    </option>
                  ))}
                </select>
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="seats"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Travellers</FormLabel>
              <FormControl>
                <Input type="number" inputMode="numeric" min={1} max={maxSeats} value={field.value} onChange={(e) => setSeats(Number(e.target.value))} className="w-28" />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <fieldset className="grid gap-3">
          <legend className="mb-1 text-sm font-medium">Travellers’ names</legend>
          {names.fields.map((f, i) => (
            <FormField
              key={f.id}
              control={form.control}
              name={`attendees.${i}.name`}
              render={({ field }) => (
                <FormItem>
                  <FormLabel className="font-normal">Traveller {i + 1}</FormLabel>
                  <FormControl>
                    <Input autoComplete={i === 0 ? 'name' : 'off'} maxLength={100} {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          ))}
        </fieldset>
        <FormField
          control={form.control}
          name="pay_with"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Pay with</FormLabel>
              <FormControl>
                <RadioGroup value={field.value} onValueChange={field.onChange} className="grid gap-2">
                  <div className="flex items-start gap-3 rounded-md border p-3">
                    <RadioGroupItem value="wallet" id="pay-wallet" className="mt-0.5" />
                    <Label htmlFor="pay-wallet" className="grid gap-0.5">
                      Sojourn wallet
                      <span className="text-sm font-normal text-muted-foreground">
                        {wallet.isPending ? 'Checking your balance…' : balance === null ? 'Your wallet in this currency is not active yet.' : `Balance ${formatMoney(balance, currency)}${balance < total ? ' (not enough for this booking)' : ''}`}
                      </span>
                    </Label>
                  </div>
                  <div className="flex items-start gap-3 rounded-md border p-3">
                    <RadioGroupItem value="paystack" id="pay-card" className="mt-0.5" />
                    <Label htmlFor="pay-card" className="grid gap-0.5">
                      Card
                      <span className="text-sm font-normal text-muted-foreground">Pay securely with Paystack; you come back here afterwards.</span>
                    </Label>
                  </div>
                </RadioGroup>
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="flex items-center justify-between border-t pt-3 text-lg">
          <span className="font-medium">Total</span>
          <span className="font-semibold tabular-nums" aria-live="polite">
            {formatMoney(total, currency)}
          </span>
        </div>
        <Button type="submit" disabled={m.isPending}>
          {m.isPending ? 'Booking…' : t.requires_confirmation ? 'Request to book' : `Pay ${formatMoney(total, currency)}`}
        </Button>
      </form>
    </Form>
  );
}

export default function TourBookPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const travellers = useTourStore((s) => s.travellers);
  const q = useQuery({ queryKey: toursKeys.tour(id), queryFn: () => toursApi.tour(id), enabled: id !== '' });
  const initialSeats = useMemo(() => Number(params.get('travellers')) || travellers || 1, [params, travellers]);
  if (!id) return <EmptyState title="No tour chosen" action={<Button asChild><Link to={TOUR_PATHS.search}>Find a tour</Link></Button>} />;
  if (q.isPending) return <Skeleton className="h-96 w-full" />;
  if (q.isError) return <ErrorState title="This tour could not be loaded" error={q.error} onRetry={() => void q.refetch()} />;
  const t = q.data.tour;
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_320px]">
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            Book {t.title}
          </CardTitle>
          <CardDescription>
            with {q.data.guide.display_name} · times in {q.data.time_zone.replace('_', ' ')} ·{' '}
            <Link to={detailsHref(t.id)} className="underline underline-offset-2">
              tour details
            </Link>
          </CardDescription>
        </CardHeader>
        <CardContent>
          <BookForm page={q.data} initialStart={params.get('start') ?? ''} initialSeats={initialSeats} />
        </CardContent>
      </Card>
      <aside className="grid content-start gap-4">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Good to know</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid list-disc gap-1 pl-4 text-sm text-muted-foreground">
              {policyLines(t).map((l) => (
                <li key={l}>{l}</li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </aside>
    </div>
  );
}
