import { errorMessage, mediaUrl, newIdempotencyKey } from '@sojourn/api-client';
import { applyServerErrors, Badge, Button, Card, CardContent, CardHeader, CardTitle, ErrorState, FormAlert, inputClass, Label, RadioGroup, RadioGroupItem, Skeleton, Stars, Textarea, Input } from '@sojourn/ui';
import { cn, formatMoney, portalOrigin } from '@sojourn/util';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, CarFront, CreditCard, Hourglass, Info, MapPin } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { useAuthStore } from '@sojourn/session';
import { z } from 'zod';
import { dealersApi, dealersKeys, type Car } from '../api';
import { BODIES, carTitle, CONDITIONS, day, daysLabel, DRIVETRAINS, FUELS, km, label, RATINGS, TRANSMISSIONS, when } from '../format';
import { CAR_PATH, CARS_PATH, MY_RESERVATIONS_PATH } from '../paths';
import { DealerReviews, ratingLine } from '../reviews';

function Gallery({ car }: { car: Car }) {
  const [i, setI] = useState(0);
  const photos = car.photos;
  const current = photos[Math.min(i, photos.length - 1)];
  return (
    <div className="grid gap-2">
      <div className="aspect-[16/10] overflow-hidden rounded-xl bg-muted">
        {current ? <img src={mediaUrl(current.url) ?? ''} alt={`${carTitle(car)}, view ${i + 1} of ${photos.length}`} className="size-full object-cover" /> : <CarFront className="m-auto mt-16 size-16 text-muted-foreground" aria-hidden />}
      </div>
      {photos.length > 1 && (
        <div className="flex gap-2 overflow-x-auto" role="group" aria-label="Photos">
          {photos.map((p, k) => (
            <button key={p.id} type="button" aria-label={`Show photo ${k + 1}`} aria-pressed={k === i} onClick={() => setI(k)} className={cn('h-16 w-24 shrink-0 overflow-hidden rounded-md border-2', k === i ? 'border-primary' : 'border-transparent')}>
              <img src={mediaUrl(p.url) ?? ''} alt="" className="size-full object-cover" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

function Market({ car }: { car: Car }) {
  const m = car.market;
  const r = RATINGS[m.rating];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">How the price compares</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p>
          <span className={cn('inline-flex rounded-full px-3 py-1 text-sm font-semibold', r.tone)}>{r.label}</span>
        </p>
        {m.median_price != null && m.difference_pct != null ? (
          <p className="text-sm">
            {m.difference_pct === 0
              ? 'Priced at the median'
              : `${Math.abs(m.difference_pct)}% ${m.difference_pct < 0 ? 'below' : 'above'} the median`}{' '}
            of {m.comparables} comparable cars ({formatMoney(m.median_price, car.currency)}): {car.make} {car.model} from {m.year_from} to {m.year_to} with {km(m.mileage_from)} to {km(m.mileage_to)}.
          </p>
        ) : (
          <p className="text-sm">
            There are not enough comparable cars on Sojourn to judge this price yet ({m.comparables} found; at least 3 are needed).
          </p>
        )}
        <details className="text-sm text-muted-foreground">
          <summary className="cursor-pointer font-medium text-foreground">How we work this out</summary>
          <p className="mt-2">{m.method}</p>
        </details>
      </CardContent>
    </Card>
  );
}

function PriceHistory({ car }: { car: Car }) {
  const h = car.price_history;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Price history</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="mb-2 text-sm text-muted-foreground">
          {daysLabel(car.days_on_market)} · listed {day(car.listed_at)}
        </p>
        <ol className="grid gap-1 text-sm">
          {h.map((p, k) => (
            <li key={p.changed_at + k} className="flex justify-between gap-4 border-b py-1 last:border-0">
              <span>{day(p.changed_at)}</span>
              <span className={cn('font-medium', k > 0 && p.price < (h[k - 1]?.price ?? 0) && 'text-emerald-700 dark:text-emerald-300')}>
                {formatMoney(p.price, p.currency)}
                {k > 0 && p.price < (h[k - 1]?.price ?? 0) ? ' (reduced)' : ''}
              </span>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'Africa/Lagos';
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

function TestDrive({ car }: { car: Car }) {
  const qc = useQueryClient();
  const [key] = useState(() => newIdempotencyKey('test-drive'));
  const [picked, setPicked] = useState('');
  const from = new Date();
  const to = new Date(Date.now() + 6 * 86400000);
  const off = car.test_drive_offering_id;
  const slots = useQuery({
    queryKey: dealersKeys.slots(off ?? '', isoDay(from)),
    queryFn: () => dealersApi.slots(off ?? '', isoDay(from), isoDay(to), zone),
    enabled: Boolean(off),
  });
  const book = useMutation({
    mutationFn: () => dealersApi.testDrive(car.id, picked, key),
    onSuccess: () => void qc.invalidateQueries({ queryKey: dealersKeys.slots(off ?? '', isoDay(from)) }),
  });
  if (!off) return null;
  const byDay = new Map<string, NonNullable<typeof slots.data>['slots']>();
  for (const s of slots.data?.slots ?? []) byDay.set(s.date, [...(byDay.get(s.date) ?? []), s]);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Book a test drive</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {book.data ? (
          <FormAlert tone="success">
            Test drive booked for {when(book.data.start)}. The dealer expects you at the dealership; bring your driving licence.
          </FormAlert>
        ) : slots.isPending ? (
          <Skeleton className="h-24" />
        ) : slots.error ? (
          <ErrorState title="Times could not be loaded" error={slots.error} onRetry={() => void slots.refetch()} />
        ) : byDay.size === 0 ? (
          <p className="text-sm text-muted-foreground">No free times in the next week. Send the dealer an enquiry instead.</p>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">Free, 30 minutes, at the dealership. Times in {zone}.</p>
            <div className="grid max-h-64 gap-3 overflow-y-auto">
              {[...byDay].slice(0, 4).map(([d, list]) => (
                <fieldset key={d}>
                  <legend className="mb-1 text-sm font-medium">{day(`${d}T12:00:00Z`)}</legend>
                  <div className="flex flex-wrap gap-2">
                    {list.slice(0, 12).map((s) => (
                      <Button key={s.start} type="button" size="sm" variant={picked === s.start ? 'default' : 'outline'} aria-pressed={picked === s.start} onClick={() => setPicked(s.start)}>
                        {s.start_time}
                      </Button>
                    ))}
                  </div>
                </fieldset>
              ))}
            </div>
            {book.error && <FormAlert>{errorMessage(book.error)}</FormAlert>}
            <Button disabled={!picked} loading={book.isPending} onClick={() => book.mutate()}>
              Book test drive
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** The buyer's own reservation of this car: waiting for the card payment, or held until its release date. */
function MyReservation({ car, mine }: { car: Car; mine: NonNullable<Car['my_reservation']> }) {
  const qc = useQueryClient();
  const cancel = useMutation({
    mutationFn: (id: string) => dealersApi.cancelReservation(id),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: dealersKeys.car(car.id) });
      void qc.invalidateQueries({ queryKey: dealersKeys.myReservations });
    },
  });
  const dep = formatMoney(mine.deposit.amount, mine.deposit.currency);
  return (
    <>
      {mine.status === 'awaiting_payment' ? (
        <FormAlert tone="info">
          <span className="flex items-start gap-2">
            <Hourglass className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              Waiting for your card payment of {dep}. The car is kept for you until {mine.pay_by ? when(mine.pay_by) : 'the payment window ends'}; if the payment does not arrive by then, the reservation lapses and the car is offered to others again.
            </span>
          </span>
        </FormAlert>
      ) : (
        <FormAlert tone="success">
          You reserved this car. Your refundable deposit of {dep}{mine.pay_with === 'card' ? ', paid by card,' : ''} is held until {when(mine.release_at)}; it comes back to your wallet then unless the sale completes.
        </FormAlert>
      )}
      {mine.status === 'awaiting_payment' && mine.payment && (
        <Button onClick={() => window.location.assign(mine.payment!.authorization_url)}>
          <CreditCard aria-hidden /> Continue to card payment
        </Button>
      )}
      {cancel.error && <FormAlert>{errorMessage(cancel.error)}</FormAlert>}
      <Button variant="outline" loading={cancel.isPending} onClick={() => cancel.mutate(mine.id)}>
        {mine.status === 'awaiting_payment' ? 'Cancel reservation' : 'Cancel reservation and release deposit'}
      </Button>
      <p className="text-xs text-muted-foreground">
        All your reservations are in{' '}
        <Link to={MY_RESERVATIONS_PATH} className="underline underline-offset-4">
          My car reservations
        </Link>
        .
      </p>
    </>
  );
}

function Reserve({ car }: { car: Car }) {
  const qc = useQueryClient();
  const keys = useRef(new Map<string, string>());
  const [confirming, setConfirming] = useState(false);
  const [payWith, setPayWith] = useState<'wallet' | 'card'>('wallet');
  const wallet = useQuery({ queryKey: dealersKeys.wallet(car.deposit.currency), queryFn: () => dealersApi.walletBalance(car.deposit.currency), enabled: confirming });
  const reserve = useMutation({
    mutationFn: (how: 'wallet' | 'card') => {
      if (!keys.current.has(how)) keys.current.set(how, newIdempotencyKey('reserve'));
      return dealersApi.reserve(car.id, keys.current.get(how)!, how);
    },
    onSuccess: (r) => {
      if (r.status === 'awaiting_payment' && r.payment) {
        window.location.assign(r.payment.authorization_url);
        return;
      }
      void qc.invalidateQueries({ queryKey: dealersKeys.car(car.id) });
      void qc.invalidateQueries({ queryKey: dealersKeys.myReservations });
    },
  });
  const mine = car.my_reservation;
  const dep = formatMoney(car.deposit.amount, car.deposit.currency);
  const balance = wallet.data?.balance ?? null;
  const short = payWith === 'wallet' && balance !== null && balance < car.deposit.amount;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Reserve this car</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {mine ? (
          <MyReservation car={car} mine={mine} />
        ) : car.status !== 'available' ? (
          <p>{car.status === 'sold' ? 'This car has been sold.' : 'Another buyer has reserved this car. It comes back if their reservation ends.'}</p>
        ) : (
          <>
            <p>
              Hold the car for {car.deposit.days} days with a refundable deposit of <strong>{dep}</strong>. If you buy it, the deposit goes to the dealer towards the price; if not, it comes back to your Sojourn wallet automatically after {car.deposit.days} days, or as soon as you cancel.
            </p>
            {confirming ? (
              <>
                <fieldset className="grid gap-2">
                  <legend className="mb-1 font-medium">Pay the deposit with</legend>
                  <RadioGroup value={payWith} onValueChange={(v) => setPayWith(v as 'wallet' | 'card')} className="grid gap-2">
                    <div className="flex items-start gap-3 rounded-md border p-3">
                      <RadioGroupItem value="wallet" id="reserve-wallet" className="mt-0.5" />
                      <Label htmlFor="reserve-wallet" className="grid gap-0.5">
                        Sojourn wallet
                        <span className="text-sm font-normal text-muted-foreground">
                          {wallet.isPending
                            ? 'Checking your balance…'
                            : wallet.error
                              ? 'Your balance could not be loaded.'
                              : balance === null
                                ? 'Your wallet in this currency is not active yet.'
                                : `Balance ${formatMoney(balance, car.deposit.currency)}${balance < car.deposit.amount ? ' (not enough for this deposit)' : ''}`}
                        </span>
                      </Label>
                    </div>
                    <div className="flex items-start gap-3 rounded-md border p-3">
                      <RadioGroupItem value="card" id="reserve-card" className="mt-0.5" />
                      <Label htmlFor="reserve-card" className="grid gap-0.5">
                        Card
                        <span className="text-sm font-normal text-muted-foreground">Pay securely with Paystack and come back here. The car is kept for you while you pay.</span>
                      </Label>
                    </div>
                  </RadioGroup>
                </fieldset>
                {reserve.error && <FormAlert>{errorMessage(reserve.error)}</FormAlert>}
                <div className="flex flex-wrap gap-2">
                  <Button loading={reserve.isPending} disabled={short} onClick={() => reserve.mutate(payWith)}>
                    {payWith === 'card' ? `Pay ${dep} by card` : `Pay ${dep} deposit and reserve`}
                  </Button>
                  <Button variant="ghost" onClick={() => setConfirming(false)}>
                    Not now
                  </Button>
                </div>
              </>
            ) : (
              <Button onClick={() => setConfirming(true)}>Reserve this car</Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

const enquirySchema = z
  .object({
    message: z.string().trim().min(1, 'Write your question to the dealer').max(2000),
    contact_pref: z.enum(['email', 'phone', 'whatsapp']),
    phone: z.string().trim().max(32).regex(/^[+0-9 ()-]*$/, 'Digits, spaces, +, ( ) and - only'),
  })
  .refine((v) => v.contact_pref === 'email' || v.phone.length > 0, { path: ['phone'], message: 'Add a number to be called or messaged' });
type Enquiry = z.infer<typeof enquirySchema>;

function EnquiryForm({ car }: { car: Car }) {
  const form = useForm<Enquiry>({ resolver: zodResolver(enquirySchema), defaultValues: { message: `Hello, is the ${carTitle(car)} still available?`, contact_pref: 'email', phone: '' } });
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      await dealersApi.enquire(car.id, v);
      setSent(true);
    } catch (e) {
      setError(applyServerErrors(e, form.setError, ['message', 'contact_pref', 'phone']));
    }
  });
  const errs = form.formState.errors;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Ask the dealer</CardTitle>
      </CardHeader>
      <CardContent>
        {sent ? (
          <FormAlert tone="success">Your enquiry was sent. The dealer will contact you the way you chose.</FormAlert>
        ) : (
          <form className="grid gap-3" onSubmit={submit} noValidate>
            <div className="grid gap-1.5">
              <Label htmlFor="enq-message">Message</Label>
              <Textarea id="enq-message" maxLength={2000} aria-invalid={Boolean(errs.message)} aria-describedby={errs.message ? 'enq-message-error' : undefined} {...form.register('message')} />
              {errs.message && <p id="enq-message-error" className="text-sm text-destructive">{errs.message.message}</p>}
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="enq-pref">Contact me by</Label>
              <select id="enq-pref" className={cn(inputClass, 'appearance-auto')} {...form.register('contact_pref')}>
                <option value="email">Email</option>
                <option value="phone">Phone call</option>
                <option value="whatsapp">WhatsApp</option>
              </select>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="enq-phone">Phone number</Label>
              <Input id="enq-phone" type="tel" autoComplete="tel" maxLength={32} aria-invalid={Boolean(errs.phone)} aria-describedby={errs.phone ? 'enq-phone-error' : undefined} {...form.register('phone')} />
              {errs.phone && <p id="enq-phone-error" className="text-sm text-destructive">{errs.phone.message}</p>}
            </div>
            {error && <FormAlert>{error}</FormAlert>}
            <Button type="submit" loading={form.formState.isSubmitting}>
              Send enquiry
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}

/** One car for buyers: gallery, specifications, the VIN's maker and country, price history, the market indicator, the dealer with its branches, a test drive, a reservation with a deposit and an enquiry. */
/** Signed out: reserving, test drives and enquiries ask to sign in, then come back to this car. */
function SignInPrompt({ car }: { car: Car }) {
  const back = encodeURIComponent(`${CAR_PATH}/${car.id}`);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Interested in this car?</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm text-muted-foreground">
          Sign in to {car.status === 'sold' ? 'ask the dealer about similar cars' : 'reserve it with a refundable deposit, book a free test drive or ask the dealer a question'}. You come straight back here.
        </p>
        <Button asChild>
          <Link to={`/login?redirect=${back}`}>Sign in to continue</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={`/register?redirect=${back}`}>Create an account</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

export default function CarPage() {
  const { id = '' } = useParams();
  const signedIn = useAuthStore((st) => Boolean(st.accessToken));
  const car = useQuery({ queryKey: [...dealersKeys.car(id), signedIn], queryFn: () => dealersApi.car(id, signedIn) });
  if (car.isPending)
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8">
        <Skeleton className="h-96 w-full" />
      </div>
    );
  if (car.error)
    return (
      <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8">
        <ErrorState title="This car could not be loaded" error={car.error} onRetry={() => void car.refetch()} />
      </div>
    );
  const c = car.data;
  const specs: [string, string][] = [
    ['Year', String(c.year)],
    ['Mileage', km(c.mileage_km)],
    ['Body', label(BODIES, c.body)],
    ['Fuel', label(FUELS, c.fuel)],
    ['Gearbox', label(TRANSMISSIONS, c.transmission)],
    ['Drive', label(DRIVETRAINS, c.drivetrain)],
    ['Colour', c.colour || '—'],
    ['Condition', label(CONDITIONS, c.condition)],
    ['VIN', c.vin],
    ['Made by', c.wmi.manufacturer || c.make],
    ['Built in', [c.wmi.country, c.wmi.region].filter(Boolean).join(', ') || 'Not known from the VIN'],
    ['Location', c.city],
  ];
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-6 sm:px-6 lg:px-8">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={CARS_PATH} className="underline-offset-4 hover:underline">
          Cars for sale
        </Link>{' '}
        / {carTitle(c)}
      </nav>
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="grid content-start gap-6">
          <Gallery car={c} />
          <div className="grid gap-1">
            <h1 className="text-2xl font-semibold tracking-tight">{carTitle(c)}</h1>
            <p className="flex flex-wrap items-center gap-3">
              <span className="text-2xl font-semibold">{formatMoney(c.price, c.currency)}</span>
              {c.status !== 'available' && <Badge>{c.status === 'sold' ? 'Sold' : 'Reserved'}</Badge>}
              <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', RATINGS[c.market.rating].tone)}>{RATINGS[c.market.rating].label}</span>
            </p>
            <p className="text-sm text-muted-foreground">
              {daysLabel(c.days_on_market)} · {c.views} views
            </p>
          </div>
          <Card>
            <CardHeader>
              <CardTitle as="h2">Specifications</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
                {specs.map(([k, v]) => (
                  <div key={k} className="flex justify-between gap-4 border-b py-1">
                    <dt className="text-muted-foreground">{k}</dt>
                    <dd className={cn("text-right font-medium", k === "VIN" ? "break-all font-mono" : "break-words")}>{v}</dd>
                  </div>
                ))}
              </dl>
              {c.features.length > 0 && (
                <ul className="mt-4 flex flex-wrap gap-2" aria-label="Features">
                  {c.features.map((f) => (
                    <li key={f} className="rounded-full bg-muted px-3 py-1 text-xs">
                      {f}
                    </li>
                  ))}
                </ul>
              )}
              {c.description && <p className="mt-4 text-sm whitespace-pre-line">{c.description}</p>}
              <p className="mt-3 flex items-start gap-2 text-xs text-muted-foreground">
                <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden /> The maker and country come from the VIN's first three characters (its World Manufacturer Identifier); the VIN's check digit was verified when the car was listed.
              </p>
            </CardContent>
          </Card>
          <Market car={c} />
          <PriceHistory car={c} />
        </div>
        <aside className="grid content-start gap-6" aria-label="Dealer and actions">
          <Card>
            <CardContent className="grid gap-1 pt-5">
              <p className="text-sm text-muted-foreground">Sold by</p>
              <p className="flex items-center gap-2 font-semibold">
                {c.dealer.name || 'Dealer'}
                {c.dealer.verified && (
                  <span className="inline-flex items-center gap-1 text-xs font-medium text-emerald-700 dark:text-emerald-300">
                    <BadgeCheck className="size-4" aria-hidden /> Verified dealer
                  </span>
                )}
              </p>
              <p className="text-sm">{c.dealer.city}</p>
              <p className="flex flex-wrap items-center gap-2 text-sm">
                {c.dealer.rating.count > 0 && <Stars rating={c.dealer.rating.average} />}
                <a href="#dealer-reviews" className="underline-offset-4 hover:underline">
                  {ratingLine(c.dealer.rating)}
                </a>
              </p>
              {c.dealer.branches.length > 0 && (
                <section className="mt-3 grid gap-2 border-t pt-3" aria-labelledby="dealer-branches">
                  <h2 id="dealer-branches" className="text-sm font-medium">
                    Branches
                  </h2>
                  <ul className="grid gap-2">
                    {c.dealer.branches.map((b, i) => (
                      <li key={i} className="flex gap-2 text-sm">
                        <MapPin className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                        <span className="min-w-0">
                          <span className="font-medium">{b.name}</span>
                          <span className="block break-words text-muted-foreground">{b.address}</span>
                        </span>
                      </li>
                    ))}
                  </ul>
                </section>
              )}
              {signedIn && !c.own && (
                <Button asChild variant="outline" className="mt-3">
                  <a href={`/messaging?about=car:${encodeURIComponent(c.id)}`}>Message the dealer</a>
                </Button>
              )}
            </CardContent>
          </Card>
          {c.own ? (
            <Card>
              <CardContent className="grid gap-2 pt-5 text-sm sm:pt-6">
                <p className="font-medium">This is your listing.</p>
                <p className="text-muted-foreground">Buyers see this page with reservation, test-drive and enquiry forms. You manage the car, its price and its leads in the dealer portal.</p>
                <Button asChild variant="outline" className="justify-self-start">
                  <a href={`${portalOrigin('car-dealer', 'user', window.location)}/car-dealer/offerings`}>Manage your listings</a>
                </Button>
              </CardContent>
            </Card>
          ) : signedIn ? (
            <>
              {c.status !== 'sold' && <Reserve car={c} />}
              {c.status !== 'sold' && <TestDrive car={c} />}
              <EnquiryForm car={c} />
            </>
          ) : (
            <SignInPrompt car={c} />
          )}
        </aside>
        <Card id="dealer-reviews" className="lg:col-start-1">
          <CardHeader>
            <CardTitle as="h2">Reviews of {c.dealer.name || 'the dealer'}</CardTitle>
            <p className="text-sm text-muted-foreground">From buyers who took a test drive. {c.dealer.rating.count > 0 ? `Rated ${ratingLine(c.dealer.rating)}.` : ''}</p>
          </CardHeader>
          <CardContent>
            <DealerReviews providerId={c.dealer.id} />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
