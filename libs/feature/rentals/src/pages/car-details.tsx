import { zodResolver } from '@hookform/resolvers/zod';
import { errorMessage, isApiError, mediaUrl, newIdempotencyKey } from '@sojourn/api-client';
import {
  applyServerErrors,
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Checkbox,
  ErrorState,
  Form,
  FormAlert,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  Input,
  Label,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Skeleton,
} from '@sojourn/ui';
import { cn, formatMoney } from '@sojourn/util';
import { fetchWallet } from '@sojourn/session';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, BadgeCheck, Clock, MapPin, ShieldCheck } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { publicApi, renterApi, rentalKeys, type Currency, type PayWith, type QuoteInput, type RentalBranch, type RentalCar } from '../api';
import { Breakdown, Specs, categoryLabel } from '../components/bits';
import { PayChoice } from '../components/pay-choice';
import { CompanyRating, CompanyReviews } from '../components/reviews';
import { FUEL_POLICY_LABELS, addDays, ageOn, hoursOn, hoursText, isoDate, when, zonedToIso } from '../format';
import { USER_PATHS, companyHref, successHref } from '../paths';

const CONTROL = /[\u0000-\u001f\u007f]/; // eslint-disable-line no-control-regex

/** The driver, checked as the API checks it (plus the car's minimum age on the pick-up day). */
export function driverSchema(minAge: number, pickUp: Date | null) {
  const text = (min: number, max: number, what: string) =>
    z
      .string()
      .trim()
      .min(min, `Enter the ${what}.`)
      .max(max, `Keep the ${what} within ${max} characters.`)
      .refine((v) => !CONTROL.test(v), `Remove the control characters from the ${what}.`);
  return z.object({
    name: text(2, 100, "driver's full name"),
    birth_date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date of birth.')
      .refine((v) => {
        const age = ageOn(v, pickUp ?? new Date());
        return age !== null && age >= minAge && age < 120;
      }, `The driver must be at least ${minAge} on the pick-up day.`),
    licence_number: text(3, 40, 'licence number'),
    phone: z
      .string()
      .trim()
      .max(40, 'Keep the phone number within 40 characters.')
      .refine((v) => v === '' || /^[+\d][\d\s()-]{5,}$/.test(v), 'Enter a phone number, e.g. +234 803 555 0123.'),
  });
}
type Driver = z.infer<ReturnType<typeof driverSchema>>;

function Gallery({ car }: { car: RentalCar }) {
  const [i, setI] = useState(0);
  const photos = car.photos;
  if (photos.length === 0) return <div className="flex aspect-[16/10] items-center justify-center rounded-xl bg-muted text-sm text-muted-foreground">No photos yet</div>;
  return (
    <div className="grid gap-2">
      <img src={mediaUrl(photos[i]) ?? undefined} alt={`${car.make} ${car.model}, view ${i + 1} of ${photos.length}`} className="aspect-[16/10] w-full rounded-xl object-cover" />
      {photos.length > 1 && (
        <ul className="flex gap-2 overflow-x-auto" aria-label="More photos">
          {photos.map((p, n) => (
            <li key={p} className="shrink-0">
              <button type="button" onClick={() => setI(n)} aria-label={`Show photo ${n + 1}`} aria-pressed={n === i} className={cn('block rounded-md ring-offset-2', n === i && 'ring-2 ring-primary')}>
                <img src={mediaUrl(p) ?? undefined} alt="" className="h-14 w-20 rounded-md object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function BranchFacts({ label, b, at }: { label: string; b: RentalBranch | undefined; at: Date | null }) {
  if (!b) return null;
  const hours = at ? hoursOn(b.hours, at) : null;
  return (
    <div className="grid gap-0.5 text-sm">
      <p className="font-medium">{label}</p>
      <p className="flex gap-1.5 text-muted-foreground">
        <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden /> {b.name}, {b.address}, {b.city}
      </p>
      <p className="flex gap-1.5 text-muted-foreground">
        <Clock className="mt-0.5 size-4 shrink-0" aria-hidden /> {hoursText(b.hours)}
      </p>
      {hours === 'closed' && <p className="text-destructive">The branch is closed that day: pick another day or branch.</p>}
    </div>
  );
}

/** Debounces a value so the quote is asked once typing settles. */
function useSettled<T>(value: T, ms = 300): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setV(value), ms);
    return () => window.clearTimeout(t);
  }, [value, ms]);
  return v;
}

function BookingPanel({ car, branches }: { car: RentalCar; branches: RentalBranch[] }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const tomorrow = isoDate(addDays(new Date(), 1));
  const from = params.get('from') ?? tomorrow;
  const to = params.get('to') ?? isoDate(addDays(new Date(`${from}T00:00`), 3));
  const ft = params.get('ft') ?? '10:00';
  const tt = params.get('tt') ?? '10:00';
  const setTrip = (k: string, v: string) =>
    setParams(
      (p) => {
        p.set(k, v);
        return p;
      },
      { replace: true },
    );
  const [pickup, setPickup] = useState(car.branch_id);
  const [dropoff, setDropoff] = useState(car.branch_id);
  const [extras, setExtras] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [payWith, setPayWith] = useState<PayWith>('wallet');
  // One key per rental and way to pay: a retry replays its answer, another way to pay is another request.
  const keys = useRef(new Map<string, string>());
  const keyFor = (id: string) => {
    const k = `${id}:${payWith}`;
    if (!keys.current.has(k)) keys.current.set(k, newIdempotencyKey('rental'));
    return keys.current.get(k)!;
  };
  // A rental reserved but not paid (the wallet was short, the network failed): paying again pays that one.
  const pending = useRef<{ id: string; sig: string } | null>(null);

  // The times are the branches' wall clock (a traveller in London books a Lagos pick-up at 10:00 Lagos time).
  const pickupBranch = branches.find((b) => b.id === pickup);
  const dropoffBranch = branches.find((b) => b.id === (car.one_way_allowed ? dropoff : pickup));
  const start = zonedToIso(from, ft, pickupBranch?.time_zone ?? '');
  const end = zonedToIso(to, tt, dropoffBranch?.time_zone ?? '');
  const tripProblem = !start || !end ? 'Pick the pick-up and drop-off dates and times.' : new Date(end) <= new Date(start) ? 'The drop-off must be after the pick-up.' : new Date(start) < new Date() ? 'The pick-up is in the past.' : null;
  const quoteIn: QuoteInput | null = useMemo(
    () => (tripProblem || !start || !end ? null : { start, end, pickup_branch_id: pickup, dropoff_branch_id: car.one_way_allowed ? dropoff : pickup, extras: [...extras].sort() }),
    [tripProblem, start, end, pickup, dropoff, extras, car.one_way_allowed],
  );
  const settled = useSettled(quoteIn);
  const quote = useQuery({
    queryKey: rentalKeys.quote(car.id, settled ?? { start: '', end: '', extras: [] }),
    queryFn: () => publicApi.quote(car.id, settled!),
    enabled: settled !== null,
    placeholderData: keepPreviousData,
  });
  const currency = car.day_rate.currency as Currency;
  const wallet = useQuery({ queryKey: rentalKeys.wallet(currency), queryFn: () => renterApi.wallet(currency) });
  const balance = wallet.data?.balance ?? null;
  const total = quote.data?.breakdown.total ?? 0;
  const deposit = quote.data?.breakdown.deposit ?? car.deposit.amount;
  const short = balance !== null && quote.data ? balance < total + deposit : false;

  const pickUpDate = start ? new Date(start) : null;
  const schema = useMemo(() => driverSchema(car.min_driver_age, pickUpDate), [car.min_driver_age, start]); // eslint-disable-line react-hooks/exhaustive-deps
  const form = useForm<Driver>({ resolver: zodResolver(schema), defaultValues: { name: '', birth_date: '', licence_number: '', phone: '' } });

  const submit = form.handleSubmit(async (driver) => {
    setProblem(null);
    if (!quoteIn) return setProblem(tripProblem);
    if (quote.data && !quote.data.available) return setProblem('The car is already booked for part of these dates. Try other dates.');
    setBusy(true);
    try {
      const sig = JSON.stringify([quoteIn, pickup, driver]);
      const booking =
        pending.current?.sig === sig
          ? { id: pending.current.id }
          : await renterApi.book({
        car_id: car.id,
        start: quoteIn.start,
        end: quoteIn.end,
        pickup_branch_id: pickup,
        dropoff_branch_id: quoteIn.dropoff_branch_id,
        extras: quoteIn.extras,
        driver: { name: driver.name, birth_date: driver.birth_date, licence_number: driver.licence_number, ...(driver.phone ? { phone: driver.phone } : {}) },
            });
      pending.current = { id: booking.id, sig };
      const paid = await renterApi.pay(booking.id, keyFor(booking.id), payWith);
      pending.current = null;
      if (paid.payment) {
        // The card is paid on Paystack's page (the local sandbox without live keys); it sends the browser back to the
        // confirmation, which waits for the payment to settle.
        window.location.assign(paid.payment.authorization_url);
        return;
      }
      await Promise.all([qc.invalidateQueries({ queryKey: rentalKeys.all }), qc.invalidateQueries({ queryKey: ['wallet'] }), fetchWallet().catch(() => undefined)]);
      navigate(successHref(booking.id));
    } catch (e) {
      const rest = applyServerErrors(e, form.setError, ['name', 'birth_date', 'licence_number', 'phone'], {
        'driver.name': 'name',
        'driver.birth_date': 'birth_date',
        'driver.licence_number': 'licence_number',
        'driver.phone': 'phone',
      });
      setProblem(
        isApiError(e) && e.code === 'insufficient_funds'
          ? 'Your wallet does not hold enough for the price and the deposit: top it up, or pay by card.'
          : isApiError(e) && e.status === 409
            ? 'The car was just booked for part of these dates. Try other dates.'
            : (rest ?? (isApiError(e) && e.status === 422 ? null : errorMessage(e))),
      );
    } finally {
      setBusy(false);
    }
  });

  const zone = pickupBranch?.time_zone;
  return (
    <Card className="lg:sticky lg:top-4">
      <CardHeader>
        <CardTitle as="h2">Book this car</CardTitle>
        <CardDescription>
          {formatMoney(car.day_rate.amount, car.day_rate.currency)} a day{car.seasons.length ? ', seasonal prices apply' : ''}.{' '}
          {zone ? `Times are local to the branch (${zone.split('/').pop()!.replace(/_/g, ' ')}).` : 'Times are in your time zone.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-5">
            <fieldset className="grid gap-3">
              <legend className="mb-2 text-sm font-semibold">Your trip</legend>
              <div className="grid grid-cols-2 gap-3">
                <div className="grid gap-1.5">
                  <Label htmlFor="bk-from">Pick-up date</Label>
                  <Input id="bk-from" type="date" min={isoDate(new Date())} value={from} onChange={(e) => setTrip('from', e.target.value)} />
                </div>
                <div className="grid gap-1.5">
                  <Label htmlFor="bk-ft">Pick-up time</Label>
                  <Input id="bk-ft" type="time" value={ft} onChange={(e) => setTrip('ft', e.target.value)} />
                </div>
                <div className="grid gap-1.5">
                  <Label htmlFor="bk-to">Drop-off date</Label>
                  <Input id="bk-to" type="date" min={from} value={to} onChange={(e) => setTrip('to', e.target.value)} />
                </div>
                <div className="grid gap-1.5">
                  <Label htmlFor="bk-tt">Drop-off time</Label>
                  <Input id="bk-tt" type="time" value={tt} onChange={(e) => setTrip('tt', e.target.value)} />
                </div>
              </div>
              {tripProblem && <p className="text-sm text-destructive">{tripProblem}</p>}
              {branches.length > 1 && (
                <div className="grid gap-3 sm:grid-cols-2">
                  <div className="grid gap-1.5">
                    <Label htmlFor="bk-pickup">Pick-up branch</Label>
                    <Select value={pickup} onValueChange={setPickup}>
                      <SelectTrigger id="bk-pickup">
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {branches.map((b) => (
                          <SelectItem key={b.id} value={b.id}>
                            {b.name}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  </div>
                  {car.one_way_allowed && (
                    <div className="grid gap-1.5">
                      <Label htmlFor="bk-dropoff">Drop-off branch</Label>
                      <Select value={dropoff} onValueChange={setDropoff}>
                        <SelectTrigger id="bk-dropoff">
                          <SelectValue />
                        </SelectTrigger>
                        <SelectContent>
                          {branches.map((b) => (
                            <SelectItem key={b.id} value={b.id}>
                              {b.name}
                            </SelectItem>
                          ))}
                        </SelectContent>
                      </Select>
                    </div>
                  )}
                </div>
              )}
              <BranchFacts label="Pick up at" b={pickupBranch} at={pickUpDate} />
              {dropoffBranch && dropoffBranch.id !== pickupBranch?.id && <BranchFacts label="Drop off at" b={dropoffBranch} at={end ? new Date(end) : null} />}
            </fieldset>

            {car.extras.length > 0 && (
              <fieldset className="grid gap-2">
                <legend className="mb-2 text-sm font-semibold">Extras</legend>
                {car.extras.map((x) => (
                  <div key={x.code} className="flex items-center justify-between gap-3">
                    <div className="flex items-center gap-2">
                      <Checkbox
                        id={`extra-${x.code}`}
                        checked={extras.includes(x.code)}
                        onCheckedChange={(c) => setExtras((prev) => (c === true ? [...prev, x.code] : prev.filter((v) => v !== x.code)))}
                      />
                      <Label htmlFor={`extra-${x.code}`}>{x.name}</Label>
                    </div>
                    <span className="text-sm tabular-nums text-muted-foreground">
                      {formatMoney(x.price, car.day_rate.currency)} {x.per === 'day' ? 'a day' : 'a rental'}
                    </span>
                  </div>
                ))}
              </fieldset>
            )}

            <fieldset className="grid gap-3">
              <legend className="mb-2 text-sm font-semibold">Driver</legend>
              <FormField
                control={form.control}
                name="name"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Full name (as on the licence)</FormLabel>
                    <FormControl>
                      <Input autoComplete="name" maxLength={100} {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <div className="grid gap-3 sm:grid-cols-2">
                <FormField
                  control={form.control}
                  name="birth_date"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Date of birth</FormLabel>
                      <FormControl>
                        <Input type="date" autoComplete="bday" max={isoDate(new Date())} {...field} />
                      </FormControl>
                      <FormDescription>At least {car.min_driver_age} on the pick-up day.</FormDescription>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <FormField
                  control={form.control}
                  name="licence_number"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Driving licence number</FormLabel>
                      <FormControl>
                        <Input maxLength={40} {...field} />
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
              </div>
              <FormField
                control={form.control}
                name="phone"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Phone (optional)</FormLabel>
                    <FormControl>
                      <Input type="tel" autoComplete="tel" maxLength={40} {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
            </fieldset>

            <section aria-label="Price" aria-live="polite" aria-busy={quote.isFetching || undefined} className="grid gap-2">
              <h3 className="text-sm font-semibold">Price</h3>
              {!quoteIn ? (
                <p className="text-sm text-muted-foreground">Pick your dates to see the price.</p>
              ) : quote.isPending ? (
                <Skeleton className="h-28 w-full" />
              ) : quote.isError ? (
                <ErrorState title="We could not price these dates" error={quote.error} onRetry={() => void quote.refetch()} />
              ) : (
                <>
                  <Breakdown b={quote.data.breakdown} className={cn(quote.isPlaceholderData && 'opacity-60')} />
                  {!quote.data.available && (
                    <p role="alert" className="text-sm font-medium text-destructive">
                      The car is already booked for part of these dates.
                    </p>
                  )}
                </>
              )}
            </section>

            <PayChoice
              value={payWith}
              onChange={setPayWith}
              currency={currency}
              balance={balance}
              walletState={wallet.status}
              short={short}
              due={quote.data ? quote.data.breakdown.total + quote.data.breakdown.deposit : null}
            />
            <FormAlert>{problem}</FormAlert>
            <Button type="submit" size="lg" loading={busy} disabled={!quote.data || !quote.data.available || (payWith === 'wallet' && (balance === null || short))}>
              {!quote.data
                ? payWith === 'card'
                  ? 'Pay by card'
                  : 'Pay from wallet'
                : payWith === 'card'
                  ? `Pay ${formatMoney(quote.data.breakdown.total + quote.data.breakdown.deposit, currency)} by card`
                  : `Pay ${formatMoney(quote.data.breakdown.total, currency)} and hold ${formatMoney(quote.data.breakdown.deposit, currency)}`}
            </Button>
            <p className="text-xs text-muted-foreground">
              Free cancellation until {car.free_cancel_hours} hours before the pick-up
              {car.late_cancel_fee_pct > 0 ? `; later, ${car.late_cancel_fee_pct}% of the price is kept` : ''}. The deposit comes back after the return.
            </p>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}

/** `/booking/car-rentals/OfferingDetails?id=`: one car with its booking panel. */
export default function CarDetailsPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const car = useQuery({ queryKey: rentalKeys.car(id), queryFn: () => publicApi.car(id), enabled: id !== '' });
  const providerId = car.data?.provider_id ?? '';
  const branches = useQuery({ queryKey: rentalKeys.companyBranches(providerId), queryFn: () => publicApi.branches(providerId), enabled: providerId !== '' });
  const back = (
    <Button asChild variant="ghost" size="sm" className="w-fit">
      <Link to={USER_PATHS.search}>
        <ArrowLeft aria-hidden /> Back to the search
      </Link>
    </Button>
  );
  if (id && car.isPending) {
    return (
      <div className="mx-auto grid w-full max-w-6xl gap-6" aria-busy>
        <Skeleton className="h-8 w-64" />
        <div className="grid gap-6 lg:grid-cols-[1fr_26rem]">
          <Skeleton className="aspect-[16/10] w-full" />
          <Skeleton className="h-96 w-full" />
        </div>
      </div>
    );
  }
  if (!id || car.isError || !car.data) {
    return (
      <div className="mx-auto grid w-full max-w-6xl gap-6">
        {back}
        <ErrorState title="We could not find this car" error={car.error ?? new Error('No car was chosen.')} onRetry={id ? () => void car.refetch() : undefined} />
      </div>
    );
  }
  const c = car.data;
  const mine = branches.data?.find((b) => b.id === c.branch_id);
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_26rem] lg:items-start">
        <div className="grid gap-6">
          <div className="grid gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant="secondary">{categoryLabel(c.category)}</Badge>
              {c.company.verified && (
                <Badge variant="success">
                  <BadgeCheck className="size-3.5" aria-hidden /> Verified company
                </Badge>
              )}
            </div>
            <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
              {c.make} {c.model} <span className="font-normal text-muted-foreground">{c.year}</span>
            </h1>
            <p className="text-sm">
              From{' '}
              <Link to={companyHref(c.provider_id)} className="font-medium underline underline-offset-4">
                {c.company.name}
              </Link>{' '}
              in {c.city} · <CompanyRating rating={c.company.rating} className="inline-flex items-center gap-1" />
            </p>
          </div>
          <Gallery car={c} />
          <Specs car={c} />
          {c.description && <p className="whitespace-pre-line text-sm leading-relaxed">{c.description}</p>}
          <Card>
            <CardHeader>
              <CardTitle as="h2">Rental policy</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-3 text-sm sm:grid-cols-2">
                <div>
                  <dt className="text-muted-foreground">Fuel</dt>
                  <dd>{FUEL_POLICY_LABELS[c.fuel_policy as keyof typeof FUEL_POLICY_LABELS] ?? c.fuel_policy}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Mileage</dt>
                  <dd>{c.mileage_limit_km > 0 ? `${c.mileage_limit_km.toLocaleString('en-GB')} km a day included` : 'Unlimited'}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Driver</dt>
                  <dd>At least {c.min_driver_age} years old, with a valid driving licence</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Deposit</dt>
                  <dd className="flex gap-1.5">
                    <ShieldCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
                    {c.deposit.amount > 0 ? `${formatMoney(c.deposit.amount, c.deposit.currency)}, held in your wallet's name and released after the return` : 'None'}
                  </dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Cancellation</dt>
                  <dd>
                    Free until {c.free_cancel_hours} h before the pick-up{c.late_cancel_fee_pct > 0 ? `, then ${c.late_cancel_fee_pct}% is kept` : ', then still refunded in full'}
                  </dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">One-way</dt>
                  <dd>{c.one_way_allowed ? `Allowed${c.one_way_fee.amount > 0 ? `, ${formatMoney(c.one_way_fee.amount, c.one_way_fee.currency)} fee` : ''}` : 'Return to the pick-up branch'}</dd>
                </div>
              </dl>
            </CardContent>
          </Card>
          {c.seasons.length > 0 && (
            <Card>
              <CardHeader>
                <CardTitle as="h2">Seasonal prices</CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="grid gap-1 text-sm">
                  {c.seasons.map((s) => (
                    <li key={`${s.name}-${s.from}`} className="flex flex-wrap justify-between gap-2">
                      <span>
                        {s.name} <span className="text-muted-foreground">({when(`${s.from}T00:00:00`).split(',').slice(0, 2).join(',')} – {when(`${s.to}T00:00:00`).split(',').slice(0, 2).join(',')})</span>
                      </span>
                      <span className="tabular-nums">{formatMoney(s.day_rate, c.day_rate.currency)} a day</span>
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          )}
          {mine && (
            <Card>
              <CardHeader>
                <CardTitle as="h2">Where the car is</CardTitle>
              </CardHeader>
              <CardContent>
                <BranchFacts label={mine.name} b={mine} at={null} />
              </CardContent>
            </Card>
          )}
          <Card>
            <CardHeader>
              <CardTitle as="h2">Reviews of {c.company.name}</CardTitle>
            </CardHeader>
            <CardContent>
              <CompanyReviews providerId={c.provider_id} companyName={c.company.name} />
            </CardContent>
          </Card>
        </div>
        {branches.isPending ? (
          <Skeleton className="h-96 w-full" />
        ) : branches.isError ? (
          <ErrorState title="We could not load the company's branches" error={branches.error} onRetry={() => void branches.refetch()} />
        ) : (
          <BookingPanel car={c} branches={branches.data} />
        )}
      </div>
    </div>
  );
}
